import Foundation
import IncantProcess

/// The user's systemd manager, when this process can reach it (a desktop or SSH login; not
/// a container or `su`).
enum SystemdUserSession {
    /// `systemctl`, when installed and a user manager answers at `$XDG_RUNTIME_DIR/systemd/private`.
    static var systemctl: String? {
        guard let runtime = Settings.paths.runtimeHome,
            FileManager.default.fileExists(atPath: runtime + "/systemd/private")
        else { return nil }
        return ["/usr/bin/systemctl", "/bin/systemctl"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Why there is no session to talk to.
    static var absence: String {
        guard let runtime = Settings.paths.runtimeHome else {
            return "XDG_RUNTIME_DIR is not set, so no systemd user session is reachable from here"
        }
        return "no systemd user manager answers at \(runtime)/systemd/private"
    }

    /// How long one `systemctl` call may take before it is stopped.
    static let timeout = Duration.seconds(120)

    /// Runs `systemctl --user arguments…` and returns its exit status and output (standard
    /// output, then standard error).
    @discardableResult
    static func run(_ systemctl: String, _ arguments: [String]) async -> (status: Int32, output: String) {
        let launch = ProcessLaunch(
            executablePath: systemctl, arguments: ["--user"] + arguments, timeout: timeout, outputLimit: 1 << 20)
        let result: ProcessResult
        do {
            result = try await ProcessRunner.run(launch)
        } catch {
            return (127, "cannot run \(systemctl): \(error)")
        }
        let output = result.standardOutput.text + result.standardError.text
        switch result.termination {
        case .exited(let status), .signaled(let status): return (status, output)
        case .timedOut: return (124, output + "\(systemctl) stopped after \(timeout)\n")
        }
    }
}
