import Synchronization

/// Remembers that a helper program failed, and prints its warning only the first time: later
/// calls are skipped silently.
final class FailureNotice: Sendable {
    private let failed = Mutex(false)

    /// Whether the program failed before.
    var hasFailed: Bool { failed.withLock { $0 } }

    /// Notes a failure of `program` (exit `status`, or nil when it could not run) and prints
    /// "cannot `doing` with `program` …; `instead`" the first time.
    func note(doing: String, program: String, status: Int32?, instead: String) {
        let first = failed.withLock { hadFailed in
            defer { hadFailed = true }
            return !hadFailed
        }
        guard first else { return }
        StandardError.print(
            "incant: warning: cannot \(doing) with `\(program)`"
                + (status.map { " (exit status \($0))" } ?? " (not installed?)") + "; \(instead)")
    }
}
