/// A handler process could not be started.
struct ProcessLaunchError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the program.
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
