import Foundation
import IncantTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGHUP while `incant listen` runs: the configuration file and the shortcuts it names are
/// read again; a configuration file with errors is reported and the previous one kept.
@Suite("SIGHUP reloads the configuration", .tags(.slow), .skippedWhenFast)
struct ListenSignalReloadTests {
    static func definitions(_ id: String, phrase: String, in cli: CLIRunner) throws -> String {
        let file = cli.home.appendingPathComponent("\(id).yaml")
        try """
        shortcuts:
          - id: \(id)
            phrases: ["\(phrase)"]
            responses: { success: "Done: \(id)." }

        """.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func sighupReloadsTheConfigurationAndABadOneIsKeptOut() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let window = try Self.definitions("window", phrase: "open the window", in: cli)
        let door = try Self.definitions("door", phrase: "close the door", in: cli)
        let folder = cli.home.appendingPathComponent("config/incant")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.yaml").path
        try "shortcuts: \(window)\n".write(toFile: config, atomically: true, encoding: .utf8)
        let openWindow = try await ListenControlTests.raw("open the window", in: cli)
        let closeDoor = try await ListenControlTests.raw("close the door", in: cli)

        let run = try BackgroundIncant(cli, ["listen", "--stdin", "--json"], feedsStandardInput: true)
        defer { run.stop() }
        try await ListenControlTests.waitForControl(cli, run)
        try await run.feed(openWindow)
        #expect(try await ListenControlTests.line(1, of: run)["shortcut"] as? String == "window")

        try "shortcuts: \(door)\n".write(toFile: config, atomically: true, encoding: .utf8)
        run.send(SIGHUP)
        #expect(
            await BackgroundIncant.waitUntil(within: .seconds(180)) {
                run.stderr.contains("incant: reloaded \(config)")
            },
            "\(run.stderr)")
        try await run.feed(closeDoor)
        #expect(try await ListenControlTests.line(2, of: run)["shortcut"] as? String == "door", "\(run.stderr)")

        // A broken file: reported with its line, and the configuration in use stays.
        try "shortcuts: \(window)\nthreshold: 7\n".write(toFile: config, atomically: true, encoding: .utf8)
        run.send(SIGHUP)
        #expect(
            await BackgroundIncant.waitUntil(within: .seconds(180)) {
                run.stderr.contains("keeping the previous configuration")
            }, "\(run.stderr)")
        #expect(run.stderr.contains("\(config):2"), "the message names the file and line: \(run.stderr)")
        try await run.feed(closeDoor)
        #expect(try await ListenControlTests.line(3, of: run)["shortcut"] as? String == "door", "\(run.stderr)")

        // Still alive and listening after both signals.
        #expect(try await ListenControlTests.status(cli)["activity"] as? String == "listening")
        try run.endInput()
        #expect(await run.waitForExit() == 0, "\(run.stderr)")
    }

    /// Whether `signal` has a handler in process `pid` (the SigCgt mask of /proc/PID/status).
    static func catches(_ signal: Int32, pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    @Test func sighupAndSigusr1WhileTheModelLoadsDoNotEndListen() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let window = try Self.definitions("window", phrase: "open the window", in: cli)
        let openWindow = try await ListenControlTests.raw("open the window", in: cli)
        let run = try BackgroundIncant(
            cli, ["listen", "--stdin", "--json", "--shortcuts", window], feedsStandardInput: true)
        defer { run.stop() }
        // As soon as listen catches them, which is before it loads the model and the phrases.
        #expect(
            await BackgroundIncant.waitUntil(within: .seconds(120)) {
                Self.catches(SIGHUP, pid: run.pid) && Self.catches(SIGUSR1, pid: run.pid)
            }, "\(run.stderr)")
        run.send(SIGHUP)
        run.send(SIGUSR1)
        try await ListenControlTests.waitForControl(cli, run)
        try await run.feed(openWindow)
        #expect(try await ListenControlTests.line(1, of: run)["shortcut"] as? String == "window", "\(run.stderr)")
        try run.endInput()
        #expect(await run.waitForExit() == 0, "\(run.stderr)")
    }
}
