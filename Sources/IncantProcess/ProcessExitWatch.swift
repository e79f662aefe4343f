#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waiting for a child to exit without reaping it (Subprocess reaps it), for the rare handler
/// that closes stdout and stderr but keeps running.
enum ProcessExitWatch {
    /// Whether the child `pid` has exited; leaves it waitable.
    static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        let status = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        // With WNOHANG and nothing to report, the kernel leaves the zeroed siginfo untouched.
        return status == 0 ? info.si_signo != 0 : true
    }

    /// Polls until `pid` has exited (`true`) or `deadline` passes (`false`).
    static func waitForExit(of pid: pid_t, until deadline: ContinuousClock.Instant) async -> Bool {
        var interval = Duration.milliseconds(1)
        while !hasExited(pid) {
            let now = ContinuousClock.now
            guard now < deadline, !Task.isCancelled else { return false }
            try? await Task.sleep(until: min(now + interval, deadline), clock: .continuous)
            interval = min(interval * 2, .milliseconds(50))
        }
        return true
    }
}
