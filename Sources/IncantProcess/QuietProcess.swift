/// Runs a program found on `PATH` with no input and its output discarded, through
/// ``ProcessRunner``, without blocking a thread while it runs.
public enum QuietProcess {
    /// How long the program may run (speaking a long dialog takes a while; a day is no limit in
    /// practice but still ends a program that hangs).
    static let timeout = Duration.seconds(24 * 60 * 60)

    /// Runs `arguments` (the program's name first) through `/usr/bin/env` and returns its exit
    /// status (the signal's number when a signal ended it), or nil when it could not be started
    /// or ran past ``timeout``. Cancelling the calling task stops it.
    public static func run(_ arguments: [String]) async -> Int32? {
        let launch = ProcessLaunch(
            executablePath: "/usr/bin/env", arguments: arguments, timeout: timeout, outputLimit: 0)
        guard let result = try? await ProcessRunner.run(launch) else { return nil }
        switch result.termination {
        case .exited(let status), .signaled(let status): return status
        case .timedOut: return nil
        }
    }
}
