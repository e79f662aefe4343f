/// How a child process ended and what it wrote.
public struct ProcessResult: Sendable {
    /// How the process ended.
    public enum Termination: Sendable, Hashable {
        /// It exited by itself with this status.
        case exited(Int32)
        /// It was killed by this signal (a crash, or someone else killed it).
        case signaled(Int32)
        /// It ran past its timeout and its process group was stopped.
        case timedOut
    }

    public var termination: Termination
    /// The beginning of stdout, at most the launch's output limit.
    public var standardOutput: CappedOutput
    /// The end of stderr, at most the launch's output limit.
    public var standardError: CappedOutput

    public init(termination: Termination, standardOutput: CappedOutput, standardError: CappedOutput) {
        self.termination = termination
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Exited by itself with status 0.
    public var succeeded: Bool { termination == .exited(0) }
}
