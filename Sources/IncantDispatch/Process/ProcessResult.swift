/// How a handler process ended and what it wrote.
struct ProcessResult: Sendable {
    /// How the process ended.
    enum Termination: Sendable, Hashable {
        /// It exited by itself with this status.
        case exited(Int32)
        /// It was killed by this signal (a crash, or someone else killed it).
        case signaled(Int32)
        /// It ran past its timeout and its process group was killed.
        case timedOut
    }

    var termination: Termination
    /// The beginning of stdout, at most the launch's output limit.
    var standardOutput: CappedOutput
    /// The end of stderr, at most the launch's output limit.
    var standardError: CappedOutput
}
