/// A child process could not be started.
public struct ProcessLaunchError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the program.
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
