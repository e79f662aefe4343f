import Foundation
import IncantTestSupport
import Testing

/// `incant service install | uninstall | status` with no systemd user session (as in CI and
/// containers): the unit is written, checked by `systemd-analyze verify`, and systemctl is
/// not called.
@Suite("incant service", .tags(.slow), .skippedWhenFast)
struct ServiceCommandTests {
    static func unitPath(_ cli: CLIRunner) -> String {
        cli.home.appendingPathComponent("config/systemd/user/incant.service").path
    }

    /// `systemd-analyze --user verify FILE`'s exit status and output, with `cli`'s session folders.
    static func verify(_ unit: String, _ cli: CLIRunner) async throws -> (status: Int32, output: String)? {
        guard
            let analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        let process = Process()
                        process.executableURL = URL(fileURLWithPath: analyze)
                        process.arguments = ["--user", "verify", unit]
                        process.environment = cli.environment
                        let pipe = Pipe()
                        process.standardOutput = pipe
                        process.standardError = pipe
                        try process.run()
                        let output = pipe.fileHandleForReading.readDataToEndOfFile()
                        process.waitUntilExit()
                        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
                    })
            }
        }
    }

    @Test func installWritesAUnitThatSystemdAnalyzeVerifies() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(try await cli.run(["init"]).status == 0)
        // The denoisers' folder is set here, so the service must find the same one.
        let denoisers = cli.home.appendingPathComponent("denoise folder").path
        let install = try await cli.run(["service", "install"], extraEnvironment: ["INCANT_DENOISE_DIR": denoisers])
        #expect(install.status == 0, "\(install.stderr)")
        // No user session here: nothing started, and the user is told what to run.
        #expect(install.stdout.contains("systemctl --user enable --now incant.service"), "\(install.stdout)")
        #expect(install.stdout.contains("no systemd user manager"), "\(install.stdout)")

        let path = Self.unitPath(cli)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let start = try #require(lines.first { $0.hasPrefix("ExecStart=") })
        let executable = CLIRunner.executable.resolvingSymlinksInPath().path
        #expect(
            start == "ExecStart=\(executable) listen"
                || start.hasPrefix("ExecStart=\"") && start.hasSuffix("\" listen"),
            "\(start)")
        #expect(lines.contains("Restart=on-failure"))
        #expect(lines.contains("WantedBy=default.target"))
        // The service reads the same configuration file as this shell.
        #expect(lines.contains("Environment=\"XDG_CONFIG_HOME=\(cli.home.path)/config\""), "\(text)")
        #expect(lines.contains("Environment=\"INCANT_DENOISE_DIR=\(denoisers)\""), "\(text)")
        // Written atomically: nothing but the unit is left beside it.
        let folder = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["incant.service"])

        // systemd-analyze must be able to verify a minimal good unit before it judges ours.
        let probe = cli.home.appendingPathComponent("probe.service").path
        try "[Service]\nExecStart=/bin/true\n".write(toFile: probe, atomically: true, encoding: .utf8)
        guard let probed = try await Self.verify(probe, cli) else {
            try Test.cancel("systemd-analyze is not installed (scripts/setup.sh installs the systemd package)")
        }
        if probed.status != 0 {
            try Test.cancel("systemd-analyze --user verify cannot run here: \(probed.output)")
        }
        let verified = try #require(try await Self.verify(path, cli))
        #expect(verified.status == 0, "\(verified.output)")
        // The check can fail: a unit whose program does not exist is refused.
        let broken = cli.home.appendingPathComponent("broken.service").path
        try text.replacingOccurrences(of: start, with: "ExecStart=/nonexistent/incant listen")
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let refused = try #require(try await Self.verify(broken, cli))
        #expect(refused.status != 0, "a missing program must fail verification: \(refused.output)")
        // Warnings (unknown keys, bad values) do not change the status; there must be none.
        #expect(!verified.output.contains("incant.service"), "\(verified.output)")

        let status = try await cli.run(["service", "status"])
        #expect(status.status == 0)
        #expect(status.stdout.contains("unit: \(path)"), "\(status.stdout)")
        #expect(status.stdout.contains("no incant listener is running"), "\(status.stdout)")

        let uninstall = try await cli.run(["service", "uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try await cli.run(["service", "uninstall"]).stdout.contains("not installed"))
        #expect(try await cli.run(["service", "status"]).stdout.contains("not installed"))
    }

    @Test func installWithoutShortcutsIsRefused() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let install = try await cli.run(["service", "install"])
        #expect(install.status == 66)
        #expect(install.stderr.contains("incant init"), "\(install.stderr)")
        #expect(!FileManager.default.fileExists(atPath: Self.unitPath(cli)))
    }
}
