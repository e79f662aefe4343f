import ArgumentParser

/// Exit statuses shared by every command (sysexits-style for usage and definition errors).
enum ExitStatus {
    /// The shortcut ran and did not fail.
    static let success: Int32 = 0
    /// A shortcut answered a failure code.
    static let failure: Int32 = 1
    /// Nothing matched (or the match was ambiguous): nothing ran.
    static let noMatch: Int32 = 2
    /// Bad command-line usage (EX_USAGE).
    static let usage: Int32 = 64
    /// Invalid shortcut definitions or phrase files (EX_DATAERR).
    static let definitions: Int32 = 65
    /// An input file could not be read (EX_NOINPUT).
    static let noInput: Int32 = 66
    /// A service is not running: no listener answers on the control socket (EX_UNAVAILABLE).
    static let unavailable: Int32 = 69
    /// A system error such as an unwritable store (EX_IOERR).
    static let io: Int32 = 74
    /// An invalid configuration file (EX_CONFIG).
    static let configuration: Int32 = 78
}

/// An error printed as `incant: message` before exiting with `status`.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var status: Int32

    var description: String { message }
}

/// Prints a failure to standard error and exits with its status.
func exit(with failure: CommandFailure) -> Never {
    StandardError.print("incant: " + failure.message)
    Incant.exit(withError: ExitCode(failure.status))
}
