import Foundation
import IncantTestSupport
import Testing

/// Definitions rewritten while `incant listen` runs: a valid new set is used from the next
/// utterance on; an invalid one (malformed YAML, or a word that cannot be pronounced) is
/// reported and the previous set kept.
@Suite("Definitions changed while listening", .tags(.slow), .skippedWhenFast)
struct ListenReloadTests {
    static func raw(_ text: String, in cli: CLIRunner) async throws -> Data {
        let audio = try await Speech.recording([text], in: cli.home)
        let raw = cli.home.appendingPathComponent("\(UUID().uuidString.prefix(8)).raw").path
        try await TestProcess.soxOutput([audio, "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "16000", raw])
        return try Data(contentsOf: URL(fileURLWithPath: raw))
    }

    static func shortcut(_ id: String, phrase: String) -> String {
        """
        shortcuts:
          - id: \(id)
            phrases: ["\(phrase)"]
            responses: { success: "Done: \(id)." }

        """
    }

    @Test func aValidRewriteIsUsedAndAnInvalidOneKeepsThePreviousSet() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let folder = cli.home.appendingPathComponent("defs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("home.yaml")
        try Self.shortcut("window", phrase: "open the window").write(to: file, atomically: true, encoding: .utf8)
        let openWindow = try await Self.raw("open the window", in: cli)
        let closeDoor = try await Self.raw("close the door", in: cli)

        let run = try BackgroundIncant(
            cli, ["listen", "--stdin", "--json", "--shortcuts", folder.path], feedsStandardInput: true)
        defer { run.stop() }

        /// Feeds one utterance and returns the JSON line it produced.
        func say(_ audio: Data, line number: Int) async throws -> [String: Any] {
            try await run.feed(audio)
            let printed = await BackgroundIncant.waitUntil(within: .seconds(180)) {
                run.stdout.split(separator: "\n").count >= number
            }
            try #require(printed, "no line \(number); stderr: \(run.stderr)")
            let line = run.stdout.split(separator: "\n")[number - 1]
            return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }

        #expect(try await say(openWindow, line: 1)["shortcut"] as? String == "window")

        try "shortcuts:\n  - id: [broken\n".write(to: file, atomically: true, encoding: .utf8)
        let kept = try await say(openWindow, line: 2)
        #expect(kept["shortcut"] as? String == "window")
        #expect(run.stderr.contains("keeping the previous phrases"), "\(run.stderr)")
        #expect(run.stderr.contains(file.path), "the message names the file: \(run.stderr)")

        // Valid YAML, but a word no pronunciation can be found for: the recognizer refuses the
        // new set, and the previous one must still work, grammar included.
        try Self.shortcut("droid", phrase: "call r2d2 now").write(to: file, atomically: true, encoding: .utf8)
        let stillKept = try await say(openWindow, line: 3)
        #expect(stillKept["shortcut"] as? String == "window")
        #expect(run.stderr.contains("r2d2"), "the message names the word: \(run.stderr)")

        try Self.shortcut("door", phrase: "close the door").write(to: file, atomically: true, encoding: .utf8)
        let reloaded = try await say(closeDoor, line: 4)
        #expect(reloaded["shortcut"] as? String == "door")
        #expect(reloaded["dialog"] as? String == "Done: door.")
        #expect(run.stderr.contains("phrases changed; reloaded"), "\(run.stderr)")

        // The old set is gone: its phrase no longer runs anything.
        let gone = try await say(openWindow, line: 5)
        #expect(gone["shortcut"] as? String != "window")

        try run.endInput()
        #expect(await run.waitForExit() == 0, "\(run.stderr)")
    }
}
