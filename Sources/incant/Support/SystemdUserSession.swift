import Foundation

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

    /// Runs `systemctl --user arguments…` and returns its exit status and output.
    @discardableResult
    static func run(_ systemctl: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: systemctl)
        process.arguments = ["--user"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return (127, "cannot run \(systemctl): \(error)")
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
