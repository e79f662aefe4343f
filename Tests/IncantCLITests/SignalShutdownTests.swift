import Foundation
import IncantTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM while a handler runs: the handler's whole process group is killed (even a
/// child that ignores SIGTERM), the dispatch is recorded as `failure`, reason `interrupted`,
/// and `incant` exits with a sensible status instead of dying mid-write.
@Suite("Signals while a handler runs")
struct SignalShutdownTests {
    /// A definitions folder with one shortcut whose handler records its pid and the pid of a
    /// child that ignores SIGTERM, then sleeps far past any test's patience.
    static func slowShortcut(in cli: CLIRunner, phrase: String = "do the slow thing") throws -> URL {
        let folder = cli.home.appendingPathComponent("slow")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let handler = folder.appendingPathComponent("slow-handler")
        try """
        #!/bin/sh
        sh -c 'trap "" TERM; sleep 3600' &
        echo $! > "$PIDS/child.pid"
        echo $$ > "$PIDS/handler.pid"
        sleep 3600
        """.write(to: handler, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: handler.path)
        try """
        shortcuts:
          - id: slow
            phrases: ["\(phrase)"]
            handle: { run: ["./slow-handler"], timeout: 600 }
        """.write(to: folder.appendingPathComponent("slow.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// The pid written in `file`, once the handler has written it.
    static func pid(in file: URL) async -> pid_t? {
        var pid: pid_t?
        _ = await BackgroundIncant.waitUntil(within: .seconds(180)) {
            pid = (try? String(contentsOf: file, encoding: .utf8)).flatMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return pid != nil
        }
        return pid
    }

    /// Whether `pid` is alive: it exists and is not a zombie.
    static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).prefix(1)
        return state != "Z" && state != "X"
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func simulateKillsTheHandlerGroupRecordsAndExits(signal: Int32) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let folder = try Self.slowShortcut(in: cli)
        let run = try BackgroundIncant(
            cli, ["simulate", "do the slow thing", "--shortcuts", folder.path, "--json"],
            extraEnvironment: ["PIDS": cli.home.path])
        defer { run.stop() }
        let handler = try #require(await Self.pid(in: cli.home.appendingPathComponent("handler.pid")))
        let child = try #require(await Self.pid(in: cli.home.appendingPathComponent("child.pid")))
        defer {
            kill(child, SIGKILL)
            kill(handler, SIGKILL)
        }
        run.send(signal)
        let status = await run.waitForExit(within: .seconds(120))
        #expect(status == 128 + signal, "stderr: \(run.stderr)")

        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        #expect(json["status"] as? String == "interrupted")
        #expect(json["reason"] as? String == "interrupted")
        #expect((json["handle"] as? [String: Any])?["code"] as? String == "failure")

        #expect(await BackgroundIncant.waitUntil(within: .seconds(30)) { !Self.isAlive(handler) }, "handler survived")
        #expect(
            await BackgroundIncant.waitUntil(within: .seconds(30)) { !Self.isAlive(child) },
            "the handler's child (ignoring SIGTERM) survived")

        let history = try await cli.run(["history", "--json"])
        #expect(history.status == 0, "\(history.stderr)")
        let lines = history.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let entry = try #require(
            try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
        #expect(entry["shortcut"] as? String == "slow")
        #expect(entry["status"] as? String == "interrupted")
        #expect(entry["reason"] as? String == "interrupted")
        #expect(entry["code"] as? String == "failure")
    }

    @Test func listenStdinStopsTheRunningHandlerRecordsAndExitsZero() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let folder = try Self.slowShortcut(in: cli, phrase: "open the window")
        let audio = try await Speech.recording(["open the window"], in: cli.home)
        let raw = cli.home.appendingPathComponent("speech.raw").path
        try await TestProcess.soxOutput([audio, "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "16000", raw])
        let run = try BackgroundIncant(
            cli, ["listen", "--stdin", "--json", "--shortcuts", folder.path],
            extraEnvironment: ["PIDS": cli.home.path], feedsStandardInput: true)
        defer { run.stop() }
        // The audio goes in, and standard input stays open: listening would go on forever.
        try await run.feed(Data(contentsOf: URL(fileURLWithPath: raw)))
        let handler = try #require(await Self.pid(in: cli.home.appendingPathComponent("handler.pid")))
        let child = try #require(await Self.pid(in: cli.home.appendingPathComponent("child.pid")))
        defer {
            kill(child, SIGKILL)
            kill(handler, SIGKILL)
        }
        run.send(SIGTERM)
        let status = await run.waitForExit(within: .seconds(120))
        #expect(status == 0, "stderr: \(run.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        #expect(json["shortcut"] as? String == "slow")
        #expect(json["status"] as? String == "interrupted")
        #expect(await BackgroundIncant.waitUntil(within: .seconds(30)) { !Self.isAlive(handler) }, "handler survived")
        #expect(await BackgroundIncant.waitUntil(within: .seconds(30)) { !Self.isAlive(child) }, "child survived")
        let history = try await cli.run(["history", "--json"])
        #expect(history.stdout.contains("\"reason\":\"interrupted\""), "\(history.stdout)")
    }
}
