import Foundation
import IncantCapture
import IncantDispatch
import IncantListening
import IncantPhrases
import IncantRecognition
import IncantSpeech
import IncantTestSupport
import Testing

/// The real ``Listener`` with real pocketsphinx on synthesized speech: a command whose "on" /
/// "off" is contested asks "Did you say turn the light on or off?", and only a spoken answer naming one of them
/// runs the shortcut.
@Suite("Asking about a contested word", .serialized, .tags(.slow), .skippedWhenFast)
struct ContestedWordListenerTests {
    static let shortcuts = """
        shortcuts:
          - id: light-on
            title: Light on
            phrases: ["turn the light on", "switch the light on"]
            handle: { swift: kitchen }
          - id: light-off
            title: Light off
            phrases: ["turn the light off", "switch the light off"]
            handle: { swift: kitchen }
          - id: heat
            title: Heat a room
            parameters:
              - name: room
                type: enum
                values: [bedroom, "living room"]
            phrases: ["warm up the {room}"]
            handle: { swift: kitchen }
        """

    static func catalog() throws -> PhraseCatalog {
        let parsed = DefinitionLoader.parse(shortcuts, file: "/test/contested.yaml")
        #expect(!parsed.hasErrors, "\(parsed.diagnostics)")
        return PhraseCatalog(shortcuts: parsed.shortcuts)
    }

    /// One engine for the suite. Every rival within any margin counts as contested, so that the
    /// command is uncertain whatever the synthesized voice's "on" sounds like: the question and
    /// its answer are what is tested here (whether a clip is contested: `WordContrastTests`).
    static let engine: Result<GrammarRecognizer, any Error> = Result {
        var options = RecognizerOptions()
        options.contrastMargin = 1e12
        return try GrammarRecognizer(catalog: try catalog(), options: options)
    }

    /// Each of `said`, spoken by espeak-ng, with 1.5 s of quiet noise around it, then `tail`
    /// seconds of it.
    static func audio(_ said: [String], tail: Double = 1.5) throws -> [Int16] {
        let folder = try TestAudio.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var samples = TestAudio.noise(seconds: 1.5, seed: 3)
        for (index, text) in said.enumerated() {
            let path = folder.appendingPathComponent("\(index).wav").path
            try Speech.speakAsSynthesized(text, to: path)
            var speech = try WAVFile.readSamples(path: path)
            TestAudio.mix(
                TestAudio.noise(seconds: Double(speech.count) / 16_000, seed: UInt64(index)), into: &speech, at: 0)
            samples += speech + TestAudio.noise(seconds: index == said.count - 1 ? tail : 1.5, seed: UInt64(9 + index))
        }
        return samples
    }

    /// Listens to `said`; `typed` lines wait to answer questions as a keyboard would.
    static func listen(to said: [String], tail: Double = 1.5, typed: [String] = []) async throws -> (
        events: [ListenerEvent], kitchen: Kitchen
    ) {
        let kitchen = Kitchen()
        var handlers = HandlerRegistry()
        handlers.register(kitchen, as: "kitchen")
        var keyboard: HandOffQueue<String>?
        if !typed.isEmpty {
            let lines = HandOffQueue<String>()
            for line in typed { await lines.push(line) }
            keyboard = lines
        }
        let configuration = ListenerConfiguration(
            source: SampleBufferSource(try audio(said, tail: tail)),
            recognizer: PocketSphinxRecognizer(try engine.get()), catalog: try catalog(),
            dispatcher: Dispatcher(handlers: handlers), typedAnswers: keyboard, answerTimeout: .seconds(4))
        var events: [ListenerEvent] = []
        for try await event in Listener(configuration).events() { events.append(event) }
        return (events, kitchen)
    }

    static func turn(_ events: [ListenerEvent]) throws -> ListenerTurn {
        let turns = events.compactMap { if case .turn(let turn) = $0 { turn } else { nil } }
        try #require(turns.count == 1, "\(turns.count) turns: \(events)")
        return turns[0]
    }

    /// The contested choice the listener reported before asking.
    static func uncertainty(_ events: [ListenerEvent]) throws -> ContestedChoice {
        let reported = events.compactMap { if case .uncertain(let choice, _) = $0 { choice } else { nil } }
        try #require(reported.count == 1, "no uncertain event: \(events)")
        return reported[0]
    }

    @Test("an uncertain \"on\" asks \"on or off?\", and the spoken answer \"off\" runs \"off\"")
    func spokenAnswerPicks() async throws {
        let (events, kitchen) = try await Self.listen(to: ["turn the light on", "off"])
        let choice = try Self.uncertainty(events)
        try #require(choice.contests.count == 1)
        #expect(Set(choice.contests[0].alternatives.map(\.word)) == ["on", "off"])
        #expect(choice.contests[0].parameter == nil, "on and off choose between shortcuts")
        let asked = events.compactMap { if case .questionAsked(let question, _) = $0 { question } else { nil } }
        #expect(asked.first == choice.question(for: choice.contests[0]))
        #expect(asked.first?.contains("on or off") == true || asked.first?.contains("off or on") == true)
        let turn = try Self.turn(events)
        #expect(turn.exchanges.first?.answer == "off", "\(turn.exchanges.map(\.heard))")
        #expect(turn.resolution?.candidate?.shortcutID == "light-off")
        #expect(turn.report.outcome?.shortcut == "light-off")
        #expect(kitchen.requests == ["light-off"])
    }

    @Test("no answer (silence until the input ends) runs nothing")
    func silenceRunsNothing() async throws {
        let (events, kitchen) = try await Self.listen(to: ["turn the light on"], tail: 5)
        _ = try Self.uncertainty(events)
        let turn = try Self.turn(events)
        #expect(kitchen.requests.isEmpty)
        #expect(turn.report.outcome == nil)
        guard case .unanswered = turn.resolution else {
            Issue.record("not unanswered: \(String(describing: turn.resolution))")
            return
        }
    }

    @Test("\"never mind\" as the answer runs nothing")
    func cancelRunsNothing() async throws {
        let (events, kitchen) = try await Self.listen(to: ["turn the light on"], tail: 5, typed: ["never mind"])
        let turn = try Self.turn(events)
        #expect(turn.exchanges.first?.typed == "never mind")
        #expect(kitchen.requests.isEmpty)
        guard case .cancelled = turn.resolution else {
            Issue.record("not cancelled: \(String(describing: turn.resolution))")
            return
        }
    }

    @Test("a room of two words contested by a room of one asks \"living room or bedroom?\", and \"bedroom\" runs it")
    func stretchOfWordsAsked() async throws {
        let (events, kitchen) = try await Self.listen(to: ["warm up the living room", "bedroom"])
        let choice = try Self.uncertainty(events)
        try #require(choice.contests.count == 1, "\(choice.contests.map(\.alternatives).map { $0.map(\.word) })")
        let contest = choice.contests[0]
        #expect(contest.alternatives.map(\.word) == ["living room", "bedroom"])
        #expect(contest.parameter == "room")
        #expect(contest.span == 3..<5)
        let asked = events.compactMap { if case .questionAsked(let question, _) = $0 { question } else { nil } }
        #expect(asked.first == "Did you say warm up the living room or bedroom?")
        let turn = try Self.turn(events)
        #expect(turn.exchanges.first?.answer == "bedroom", "\(turn.exchanges.map(\.heard))")
        #expect(kitchen.requests == ["heat room=bedroom"])
    }
}
