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

    /// The shared real recordings of "alexa" (each speaker on their own microphone).
    static let alexaFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/speech/wakeword/alexa")

    /// The recording of "alexa", among every 40th, that the detector hears most surely with
    /// quiet noise around it, as the listener will hear it.
    static func clearestAlexa(detector: any WakeWordDetector) throws -> [Int16] {
        let names = try FileManager.default.contentsOfDirectory(atPath: alexaFolder.path).sorted()
        let scratch = try TestAudio.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var best: (clip: [Int16], confidence: Double)?
        for name in stride(from: 0, to: names.count, by: 40).map({ names[$0] }) {
            let converted = scratch.appendingPathComponent(name + ".wav").path
            try TestProcess.sox([
                alexaFolder.appendingPathComponent(name).path, "-r", "16000", "-c", "1", "-b", "16", converted,
            ])
            let clip = try WAVFile.readSamples(path: converted)
            let padded = TestAudio.noise(seconds: 0.5, seed: 1) + clip + TestAudio.noise(seconds: 0.5, seed: 2)
            let whole = Utterance(
                samples: padded, startSample: 0, speechStartSample: 8_000, speechEndSample: 8_000 + clip.count,
                endReason: .silence)
            if let heard = try detector.detect(in: whole), heard.confidence > best?.confidence ?? 0 {
                best = (clip, heard.confidence)
            }
        }
        return try #require(best, "no recording of alexa woke the detector").clip
    }

    @Test(
        "a real wake word said instead of the answer drops the question; the command after it is asked about and runs",
        .enabled(if: FileManager.default.fileExists(atPath: alexaFolder.path)))
    func wakeWordInterruptsTheQuestion() async throws {
        let detector = try PocketSphinxWakeWordDetector(phrase: "alexa")
        let alexa = try Self.clearestAlexa(detector: detector)
        let folder = try TestAudio.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func spoken(_ text: String) throws -> [Int16] {
            let path = folder.appendingPathComponent("\(text).wav").path
            try Speech.speakAsSynthesized(text, to: path)
            return try WAVFile.readSamples(path: path)
        }
        var samples = TestAudio.noise(seconds: 1.5, seed: 3)
        for (index, part) in try [
            alexa, spoken("warm up the bedroom"), alexa, spoken("warm up the living room"), spoken("yes"),
        ].enumerated() {
            var said = part
            TestAudio.mix(
                TestAudio.noise(seconds: Double(said.count) / 16_000, seed: UInt64(index)), into: &said, at: 0)
            samples += said + TestAudio.noise(seconds: 1.5, seed: UInt64(9 + index))
        }
        let kitchen = Kitchen()
        var handlers = HandlerRegistry()
        handlers.register(kitchen, as: "kitchen")
        var configuration = ListenerConfiguration(
            source: SampleBufferSource(samples), recognizer: PocketSphinxRecognizer(try Self.engine.get()),
            catalog: try ContestedWordListenerTests.catalog(), dispatcher: Dispatcher(handlers: handlers),
            answerTimeout: .seconds(4))
        configuration.wakeWord = WakeWordSettings(detector: detector)
        var events: [ListenerEvent] = []
        for try await event in Listener(configuration).events() { events.append(event) }

        let asked = events.compactMap { if case .questionAsked(let question, _) = $0 { question } else { nil } }
        #expect(asked == ["Did you say warm up the bedroom?", "Did you say warm up the living room?"], "\(events)")
        let turns = events.compactMap { if case .turn(let turn) = $0 { turn } else { nil } }
        try #require(turns.count == 2, "\(events)")
        #expect(turns[0].exchanges.map(\.newCommand) == [true])
        #expect(turns[0].unconfirmedRejection == .unconfirmed(heard: "warm up the bedroom"))
        #expect(turns[1].exchanges.first?.answer == "yes", "\(turns[1].exchanges.map(\.heard))")
        #expect(kitchen.requests == ["heat room=living room"])
    }
}
