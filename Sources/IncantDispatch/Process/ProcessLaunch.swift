/// Everything needed to start a handler process: an already resolved program, its arguments,
/// environment changes, working directory, the bytes for its stdin and its time limit.
struct ProcessLaunch: Sendable {
    /// Absolute (or working-directory-relative) path of the program; never looked up again.
    var executablePath: String
    /// Arguments after `argv[0]`; each element reaches the program as exactly one argument.
    var arguments: [String]
    /// Changes to the inherited environment; a `nil` value removes the variable.
    var environment: [String: String?]
    /// The directory the program runs in; `nil` keeps ours.
    var workingDirectory: String?
    /// Written to the program's stdin, which is then closed.
    var standardInput: [UInt8]
    /// After this long the program's whole process group is killed.
    var timeout: Duration
    /// How many bytes of stdout and of stderr are kept; the rest is read and discarded.
    var outputLimit: Int
}
