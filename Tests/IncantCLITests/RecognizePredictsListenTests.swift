import Foundation
import IncantTestSupport
import Testing

/// `incant recognize` is the offline test of a setup: on the same recording it reports the
/// first utterance `incant listen --file …` runs, decided exactly as listen decides it (or, when
/// listen runs none, the first it asks about, else listen's first decision).
@Suite("incant recognize predicts incant listen", .tags(.slow), .skippedWhenFast)
struct RecognizePredictsListenTests {
    @Test func sameFilesSameDecisions() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let said = [
            "order three four cheese pizzas", "the weather is lovely today", "good night",
            "set a timer for five minutes", "take a note buy more milk",
        ]
        // Other words before the command, with a pause between: rejected, then the command.
        let preceded = ["what a lovely morning it is", "turn off all the lights"]
        // The demo plus a shortcut with a free-text slot, whose text a second pass transcribes.
        let definitions = try TestSpeech.demoWithNotes(in: cli.home)
        var files: [String] = []
        for (index, text) in said.enumerated() {
            let folder = cli.home.appendingPathComponent("take\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            files.append(try await Speech.recording([text], in: folder))
        }
        let last = cli.home.appendingPathComponent("take\(said.count)")
        try FileManager.default.createDirectory(at: last, withIntermediateDirectories: true)
        files.append(try await Speech.recording(preceded, in: last))
        let recognized = try await cli.run(["recognize", "--json", "--shortcuts", definitions] + files)
        #expect(recognized.status == 0, "\(recognized.stderr)")
        let lines = recognized.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == files.count, "\(recognized.stdout)")
        var acceptedCount = 0
        for (file, line) in zip(files, lines) {
            let offline = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            // --dry-run: nothing the listener accepts may run here either.
            let live = try await cli.run(
                ["listen", "--file", file, "--json", "--dry-run", "--yes", "--shortcuts", definitions])
            // Every utterance listen decided; the first it ran speaks for the recording, else
            // the first it asked about.
            let turns = live.jsonLines().filter { $0["accepted"] != nil }
            let heard = try #require(
                turns.first { $0["accepted"] as? Bool == true } ?? turns.first {
                    $0["decision"] as? String != "rejected"
                }
                    ?? turns.first, "\(live.stdout)")
            #expect(offline["file"] as? String == file)
            #expect(offline["transcript"] as? String == heard["transcript"] as? String, "\(file)")
            #expect(offline["accepted"] as? Bool == heard["accepted"] as? Bool, "\(file): \(line)\n\(live.stdout)")
            #expect((offline["shortcut"] as? String) == (heard["shortcut"] as? String), "\(file)")
            #expect(CLIRunner.texts(offline["parameters"]) == CLIRunner.texts(heard["parameters"]), "\(file)")
            if offline["accepted"] as? Bool == true { acceptedCount += 1 }
        }
        // The command after other words is the recording's.
        let afterWords = try #require(
            JSONSerialization.jsonObject(with: Data(lines[said.count].utf8)) as? [String: Any])
        #expect(afterWords["shortcut"] as? String == "all-lights-off", "\(lines[said.count])")
        // The note is heard as one, its text from the second pass: both decided on a text slot.
        let note = try #require(JSONSerialization.jsonObject(with: Data(lines[said.count - 1].utf8)) as? [String: Any])
        #expect(note["shortcut"] as? String == "take-note", "\(lines[said.count - 1])")
        #expect(CLIRunner.texts(note["parameters"])?["body"]?.isEmpty == false, "\(lines[said.count - 1])")
        // The check compares real decisions: some were accepted and some rejected.
        #expect(acceptedCount > 0 && acceptedCount < files.count, "\(recognized.stdout)")
    }

    /// When nothing would run, a command listen would ask about is the recording's line, not the
    /// speech rejected before it: a user testing a take learns what was heard and why it did
    /// not run.
    @Test func anAskedCommandIsReportedPastRejectedSpeech() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        // One phrase in two shortcuts: heard exactly, it is ambiguous, so nothing runs.
        let definitions = cli.home.appendingPathComponent("twice.yaml")
        try """
        shortcuts:
          - id: house-lights-off
            phrases: ["switch off every light in the house"]
          - id: all-lamps-off
            phrases: ["switch off every light in the house"]

        """.write(to: definitions, atomically: true, encoding: .utf8)
        // A word too short to be the phrase, then the command.
        let file = try await Speech.recording(["hello", "switch off every light in the house"], in: cli.home)
        let recognized = try await cli.run(["recognize", "--json", "--shortcuts", definitions.path, file])
        #expect(recognized.status == 0, "\(recognized.stderr)")
        let live = try await cli.run(["listen", "--file", file, "--json", "--dry-run", "--shortcuts", definitions.path])
        let decisions = live.jsonLines().compactMap { $0["decision"] as? String }
        // The premise: listen rejected the word before the command, then found it ambiguous.
        #expect(decisions == ["rejected", "ambiguous"], "\(live.stdout)")
        let line = try recognized.json()
        #expect(line["accepted"] as? Bool == false, "\(recognized.stdout)")
        #expect(line["transcript"] as? String == "switch off every light in the house", "\(recognized.stdout)")
        #expect((line["reason"] as? String)?.contains("all-lamps-off") == true, "\(recognized.stdout)")
    }
}
