import Foundation
import IncantCapture
import IncantTestSupport
import Testing

/// `incant phrases record` and `incant phrases test`, with takes from synthesized WAV files.
@Suite("incant phrases record / test", .tags(.slow), .skippedWhenFast)
struct RecordTests {
    @Test func recordedTakesAreStoredListedAndPassTheTest() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        var takes: [String] = []
        for speed in [160, 175, 190] {
            takes.append(try await Speech.recording(["order my usual"], in: cli.home, speed: speed))
        }
        let recorded = try await cli.run(
            [
                "phrases", "record", "order-pizza", "--phrase", "order my usual", "--set", "kind=four cheese", "--set",
                "count=2",
            ]
                + takes.flatMap { ["--file", $0] } + ["--shortcuts", CLIRunner.demo])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stderr.contains("Say the phrase (take 3 of 3)"))
        #expect(recorded.stdout.contains("\"order my usual\" → order-pizza"))

        let listed = try await cli.run(["phrases", "list", "--json"])
        let phrases = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let phrase = try #require(phrases.first)
        let id = try #require(phrase["id"] as? String)
        let names = try #require(phrase["takes"] as? [String])
        #expect(names == (1...3).map { "takes/\(id)-\($0).wav" })
        let store = cli.home.appendingPathComponent("data/incant/phrases")
        for name in names {
            #expect(FileManager.default.fileExists(atPath: store.appendingPathComponent(name).path))
        }

        let tested = try await cli.run(["phrases", "test", "--json", "--shortcuts", CLIRunner.demo])
        #expect(tested.status == 0, "\(tested.stdout)\n\(tested.stderr)")
        let results = tested.jsonLines()
        #expect(results.count == 3)
        #expect(results.allSatisfy { $0["passed"] as? Bool == true && $0["ownPhrase"] as? Bool == true })

        // And saying it runs the shortcut with the phrase's fixed values.
        let log = cli.home.appendingPathComponent("orders.log").path
        let heard = try await cli.run(
            ["listen", "--file", takes[1], "--once", "--json", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["PIZZERIA_LOG": log])
        #expect(heard.status == 0, "\(heard.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "2 x four cheese\n")
    }

    /// A microphone's DC offset is taken away before a take is cut and kept, as `listen` hears.
    @Test func aTakeWithADCOffsetIsKeptThroughTheHighPassFilter() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let said = try await Speech.recording(["order my usual"], in: cli.home)
        let offset = cli.home.appendingPathComponent("offset.wav").path
        try TestProcess.sox([said, offset, "dcshift", "0.1"])
        let recorded = try await cli.run(
            ["phrases", "record", "order-pizza", "--phrase", "order my usual", "--set", "kind=four cheese"]
                + ["--file", offset, "--shortcuts", CLIRunner.demo])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(!recorded.stderr.contains("warning"), "\(recorded.stderr)")
        let listed = try await cli.run(["phrases", "list", "--json"])
        let phrases = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let name = try #require((phrases.first?["takes"] as? [String])?.first)
        let take = try WAVFile.readSamples(
            path: cli.home.appendingPathComponent("data/incant/phrases").appendingPathComponent(name).path)
        let mean = take.reduce(0.0) { $0 + Double($1) } / Double(max(1, take.count))
        #expect(abs(mean) < 100, "the take kept has no offset (mean \(mean))")
        let tested = try await cli.run(["phrases", "test", "--json", "--shortcuts", CLIRunner.demo])
        #expect(tested.status == 0, "\(tested.stdout)\n\(tested.stderr)")
    }

    @Test func yesAcceptsTheFirstTranscript() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let take = try await Speech.recording(["good morning"], in: cli.home)
        let recorded = try await cli.run(
            [
                "phrases", "record", "lights", "--file", take, "--yes", "--set", "room=kitchen", "--set", "on=yes",
                "--json",
                "--shortcuts", CLIRunner.demo,
            ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let json = try recorded.json()
        // Dictation is open-vocabulary, not exact on synthetic speech: what was heard is kept.
        let phrase = try #require(json["phrase"] as? String)
        #expect(phrase.hasPrefix("good morning"))
        #expect(recorded.stderr.contains("heard \"\(phrase)\""))
        #expect((json["takes"] as? [String])?.count == 1)
    }

    @Test func aPhraseAWordAwayFromAnotherIsWarnedAbout() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let definitions = cli.home.appendingPathComponent("kitchen.yaml")
        try """
        shortcuts:
          - id: kitchen-on
            phrases: ["kitchen on"]
            responses: { success: On. }
          - id: kitchen-off
            phrases: ["kitchen off"]
            responses: { success: Off. }
          - id: kitchen-fan
            phrases: ["start the fan"]
            responses: { success: Fan. }
        """.write(to: definitions, atomically: true, encoding: .utf8)
        // "kitchen open", not "kitchen of": a take of that is heard as "kitchen on" and not kept,
        // which is the confusion the warning is about.
        let take = try await Speech.recording(["kitchen open"], in: cli.home)
        let recorded = try await cli.run(
            [
                "phrases", "record", "kitchen-fan", "--file", take, "--phrase", "kitchen open", "--shortcuts",
                definitions.path,
            ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("\"kitchen open\" → kitchen-fan"), "\(recorded.stdout)")
        let warnings = recorded.stderr.split(separator: "\n").filter { $0.hasPrefix("incant: warning: ") }
        for other in ["\"kitchen on\"", "\"kitchen off\""] {
            #expect(
                warnings.contains { $0.contains("\"kitchen open\" is only a word away from") && $0.contains(other) },
                "\(recorded.stderr)")
        }
    }

    @Test func aRefusedPhraseSavesNoTakes() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let take = try await Speech.recording(["good night"], in: cli.home)
        let refused = try await cli.run(
            [
                "phrases", "record", "order-pizza", "--file", take, "--phrase", "good night", "--set",
                "kind=margherita",
                "--shortcuts", CLIRunner.demo,
            ])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("all-lights-off"), "\(refused.stderr)")
        let takes = cli.home.appendingPathComponent("data/incant/phrases/takes").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: takes)) ?? []).isEmpty)
    }

    @Test func aTakeThatNoLongerMatchesFailsTheTest() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let take = try await Speech.recording(["order my usual"], in: cli.home)
        let recorded = try await cli.run(
            [
                "phrases", "record", "order-pizza", "--file", take, "--phrase", "order my usual", "--set",
                "kind=hawaiian",
                "--shortcuts", CLIRunner.demo,
            ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        // The phrase changes; its take still says the old words.
        let edited = try await cli.run(
            ["phrases", "edit", "order my usual", "--to", "the weather is lovely", "--shortcuts", CLIRunner.demo])
        #expect(edited.status == 0, "\(edited.stderr)")
        let tested = try await cli.run(["phrases", "test", "order-pizza", "--shortcuts", CLIRunner.demo])
        #expect(tested.status == 1)
        #expect(tested.stdout.hasPrefix("FAIL"), "\(tested.stdout)")
    }

    @Test func withoutATerminalThePhraseMustBeGiven() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let take = try await Speech.recording(["order my usual"], in: cli.home)
        let result = try await cli.run(
            ["phrases", "record", "order-pizza", "--file", take, "--shortcuts", CLIRunner.demo])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--phrase"))
    }
}
