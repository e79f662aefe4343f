import ArgumentParser
import Foundation
import IncantListening

/// `incant service install | uninstall | status`: `incant listen` as a systemd user service.
struct ServiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Run `incant listen` as a systemd user service.",
        discussion: """
            The unit is $XDG_CONFIG_HOME/systemd/user/incant.service: it runs this executable's \
            `listen` (which reads config.yaml), restarts it when it fails, and sends its log to the \
            journal (`journalctl --user -u incant`). `systemctl --user reload incant` reloads the \
            configuration and shortcuts.
            """,
        subcommands: [ServiceInstallCommand.self, ServiceUninstallCommand.self, ServiceStatusCommand.self])
}

/// `incant service install`.
struct ServiceInstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install", abstract: "Write the user unit, then enable and start it.")

    func run() async throws {
        try await withExitStatus {
            try CatalogOptions.parse([]).requireShortcuts()
            let unit = ServiceUnit.current()
            let path = Settings.paths.serviceUnit
            do {
                try FileManager.default.createDirectory(
                    atPath: Settings.paths.systemdUserUnits, withIntermediateDirectories: true)
                // Atomic: a unit read while it is written is the old one or the new one.
                try Data(unit.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CommandFailure(
                    message: "cannot write \(path): \(error.localizedDescription)", status: ExitStatus.io)
            }
            print("wrote \(path) (runs \(unit.executable) listen)")
            guard let systemctl = SystemdUserSession.systemctl else {
                print(
                    """
                    \(SystemdUserSession.absence); nothing was started. In your login session, run:
                      systemctl --user daemon-reload
                      systemctl --user enable --now incant.service
                    """)
                return
            }
            for arguments in [["daemon-reload"], ["enable", "--now", "incant.service"]] {
                let result = await SystemdUserSession.run(systemctl, arguments)
                guard result.status == 0 else {
                    throw CommandFailure(
                        message: "systemctl --user \(arguments.joined(separator: " ")) failed: \(result.output)",
                        status: ExitStatus.failure)
                }
            }
            print("enabled and started incant.service; logs: journalctl --user -u incant")
        }
    }
}

/// `incant service uninstall`.
struct ServiceUninstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall", abstract: "Stop and disable the service, and remove the user unit.")

    func run() async throws {
        try await withExitStatus {
            let path = Settings.paths.serviceUnit
            guard FileManager.default.fileExists(atPath: path) else {
                print("incant.service is not installed (no \(path))")
                return
            }
            let systemctl = SystemdUserSession.systemctl
            if let systemctl {
                let result = await SystemdUserSession.run(systemctl, ["disable", "--now", "incant.service"])
                if result.status != 0 {
                    StandardError.print("incant: warning: systemctl --user disable: \(result.output)")
                }
            } else {
                // What `systemctl disable` would remove.
                let wanted = Settings.paths.systemdUserUnits + "/default.target.wants/incant.service"
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: wanted)) != nil {
                    try? FileManager.default.removeItem(atPath: wanted)
                }
            }
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw CommandFailure(
                    message: "cannot remove \(path): \(error.localizedDescription)", status: ExitStatus.io)
            }
            print("removed \(path)")
            if let systemctl {
                await SystemdUserSession.run(systemctl, ["daemon-reload"])
            } else {
                print("\(SystemdUserSession.absence); if the service runs, stop it with `systemctl --user stop incant`")
            }
        }
    }
}

/// `incant service status`.
struct ServiceStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Say whether the unit is installed and running, and what the listener does.")

    func run() async throws {
        try await withExitStatus {
            let path = Settings.paths.serviceUnit
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                let start = text.split(separator: "\n").first { $0.hasPrefix("ExecStart=") } ?? "no ExecStart line"
                print("unit: \(path)\n\(start)")
                let current = ServiceUnit.current().executable
                if !start.contains(current) {
                    print("note: the unit runs another executable than this one (\(current)); reinstall to change it")
                }
            } else {
                print("unit: not installed (`incant service install` writes \(path))")
            }
            if let systemctl = SystemdUserSession.systemctl {
                let active = await SystemdUserSession.run(systemctl, ["is-active", "incant.service"])
                print("service: \(active.output.trimmingCharacters(in: .whitespacesAndNewlines))")
            } else {
                print("service: unknown (\(SystemdUserSession.absence))")
            }
            do {
                let reply = try ControlClient.send(.status, to: Settings.paths.controlSocket)
                if let status = reply.status { print(StatusText(status: status).text) }
            } catch {
                print("listener: \(error)")
            }
        }
    }
}
