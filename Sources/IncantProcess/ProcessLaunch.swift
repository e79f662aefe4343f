/// Everything needed to start a child process: an already resolved program, its arguments,
/// environment changes, working directory, the bytes for its stdin and its time limit.
public struct ProcessLaunch: Sendable {
    /// Absolute (or working-directory-relative) path of the program; never looked up again.
    public var executablePath: String
    /// Arguments after `argv[0]`; each element reaches the program as exactly one argument.
    public var arguments: [String]
    /// Changes to the inherited environment; a `nil` value removes the variable.
    public var environment: [String: String?]
    /// The directory the program runs in; `nil` keeps ours.
    public var workingDirectory: String?
    /// Written to the program's stdin, which is then closed.
    public var standardInput: [UInt8]
    /// After this long the program's whole process group is stopped.
    public var timeout: Duration
    /// How many bytes of stdout and of stderr are kept; the rest is read and discarded.
    public var outputLimit: Int
    /// How a late program is stopped: `nil` kills its process group at once (`SIGKILL`); a
    /// duration sends `SIGTERM` first and `SIGKILL` when the group's leader is still running
    /// that much later.
    public var terminationGrace: Duration?

    public init(
        executablePath: String, arguments: [String], environment: [String: String?] = [:],
        workingDirectory: String? = nil, standardInput: [UInt8] = [], timeout: Duration, outputLimit: Int,
        terminationGrace: Duration? = nil
    ) {
        self.executablePath = executablePath
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.standardInput = standardInput
        self.timeout = timeout
        self.outputLimit = outputLimit
        self.terminationGrace = terminationGrace
    }
}
