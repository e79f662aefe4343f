import Foundation
import IncantCapture
import IncantDispatch
import IncantListening
import IncantPhrases
import IncantRecognition
import IncantSpeech
import IncantTestSupport
import Testing

/// The real ``Listener`` with real pocketsphinx on synthesized speech: a command the recognizer
/// rejects but finds confirmable is asked about ("Did you say …?"), and only a spoken yes runs it.
@Suite("Asking about an unclear command", .serialized, .tags(.slow), .skippedWhenFast)
struct UnclearCommandListenerTests {
    /// An engine that rejects every phrase (its margin centre lies far above any margin) and
    /// finds every phrase that passes the hard checks confirmable, while its answers are held to
    /// the usual answer acceptance: the question and its answer are what is tested here.
    static func options() -> RecognizerOptions {
        var options = RecognizerOptions()
        options.acceptance.marginCenter = 40
        options.confirmationThreshold = 1e-30
        return options
    }

    static let engine: Result<GrammarRecognizer, any Error> = Result {
        try GrammarRecognizer(catalog: try ContestedWordListenerTests.catalog(), options: options())
    }

    static func listen(to said: [String], tail: Double = 1.5) async throws -> (
        events: [ListenerEvent], kitchen: Kitchen
    ) {
        let kitchen = Kitchen()
        var handlers = HandlerRegistry()
        handlers.register(kitchen, as: "kitchen")
        var configuration = ListenerConfiguration(
            source: SampleBufferSource(try ContestedWordListenerTests.audio(said, tail: tail)),
            recognizer: PocketSphinxRecognizer(try engine.get()), catalog: try ContestedWordListenerTests.catalog(),
            dispatcher: Dispatcher(handlers: handlers), answerTimeout: .seconds(4))
        configuration.unclearCommands = .always
        var events: [ListenerEvent] = []
        for try await event in Listener(configuration).events() { events.append(event) }
        return (events, kitchen)
    }

    @Test("the engine marks a rejected phrase confirmable only at or above its lower threshold, and never silence")
    func confirmableBand() throws {
        let samples = try ContestedWordListenerTests.audio(["warm up the bedroom"])
        let recognizer = try Self.engine.get()
        let heard = try recognizer.recognizeSynchronously(samples)
        #expect(heard.transcript == "warm up the bedroom")
        #expect(heard.rejection == .unlikePhrases)
        #expect(heard.acousticConfidence > 1e-30, "\(heard.acousticConfidence)")
        #expect(heard.confirmable)
        #expect(heard.result.confirmable)

        var stricter = Self.options()
        stricter.confirmationThreshold = min(1, heard.acousticConfidence + 1e-6)
        let strict = try GrammarRecognizer(catalog: try ContestedWordListenerTests.catalog(), options: stricter)
        let again = try strict.recognizeSynchronously(samples)
        #expect(again.rejection == .unlikePhrases)
        #expect(
            !again.confirmable, "confidence \(again.acousticConfidence) below \(stricter.confirmationThreshold ?? 0)")

        var none = stricter
        none.confirmationThreshold = nil
        let never = try GrammarRecognizer(catalog: try ContestedWordListenerTests.catalog(), options: none)
        #expect(!(try never.recognizeSynchronously(samples)).confirmable)

        let quiet = try recognizer.recognizeSynchronously(TestAudio.noise(seconds: 2, seed: 5))
        #expect(!quiet.confirmable)
    }

    @Test("an unclear command asks \"Did you say …?\", and the spoken answer \"yes\" runs it")
    func spokenYesRuns() async throws {
        let (events, kitchen) = try await Self.listen(to: ["warm up the bedroom", "yes"])
        let asked = events.compactMap { if case .questionAsked(let question, _) = $0 { question } else { nil } }
        #expect(asked == ["Did you say warm up the bedroom?"])
        let turns = events.compactMap { if case .turn(let turn) = $0 { turn } else { nil } }
        try #require(turns.count == 1, "\(events)")
        #expect(turns[0].exchanges.first?.answer == "yes", "\(turns[0].exchanges.map(\.heard))")
        #expect(kitchen.requests == ["heat room=bedroom"])
    }

    @Test("the spoken answer \"no\" runs nothing")
    func spokenNoRunsNothing() async throws {
        let (events, kitchen) = try await Self.listen(to: ["warm up the bedroom", "no"])
        let turns = events.compactMap { if case .turn(let turn) = $0 { turn } else { nil } }
        try #require(turns.count == 1, "\(events)")
        // A no word ("no", "nope") was heard, and the command is called off.
        #expect(["no", "nope"].contains(turns[0].exchanges.first?.answer ?? ""), "\(turns[0].exchanges.map(\.heard))")
        #expect(
            turns[0].unconfirmedRejection == .denied(heard: "warm up the bedroom")
        )
        #expect(kitchen.requests.isEmpty)
        #expect(turns[0].report.outcome == nil)
    }
}
