import Foundation
import IncantCapture
import IncantDispatch
import IncantPhrases
import IncantRecognition
import IncantSpeech
import IncantTestSupport
import Testing

@testable import IncantListening

/// The real ``Listener`` with real pocketsphinx on synthesized speech: a command said with a
/// pause in it ("order a mocha … with sugar") runs whole, not its first half; a command whose
/// phrase cannot go on runs at once, and the next command after it runs on its own.
@Suite("A pause inside a command", .serialized, .tags(.slow), .skippedWhenFast)
struct PhrasePauseListenerTests {
    static let shortcuts = """
        shortcuts:
          - id: order
            title: Order a drink
            parameters:
              - name: drink
                type: enum
                values: [mocha, latte, tea]
              - name: extra
                type: enum
                values: [sugar, milk, honey]
                required: false
            phrases: ["order a {drink}", "order a {drink} with {extra}"]
            handle: { swift: kitchen }
        """

    static func catalog() -> PhraseCatalog { .parsed(shortcuts, file: "/test/pause.yaml") }

    static let engine: Result<GrammarRecognizer, any Error> = Result {
        try GrammarRecognizer(catalog: catalog(), options: RecognizerOptions())
    }

    /// Each piece spoken by espeak-ng, trimmed, over quiet noise, followed by its pause (seconds).
    static func audio(_ pieces: [(said: String, pause: Double)]) throws -> [Int16] {
        let folder = try TestAudio.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var samples = TestAudio.noise(seconds: 1, seed: 3)
        for (index, piece) in pieces.enumerated() {
            let path = folder.appendingPathComponent("\(index).wav").path
            try Speech.speakTrimmed(piece.said, to: path)
            var speech = try WAVFile.readSamples(path: path)
            TestAudio.mix(
                TestAudio.noise(seconds: Double(speech.count) / 16_000, seed: UInt64(index)), into: &speech, at: 0)
            samples += speech + TestAudio.noise(seconds: piece.pause, seed: UInt64(9 + index))
        }
        return samples
    }

    static func listen(to pieces: [(said: String, pause: Double)], phrasePause: Duration?) async throws -> (
        turns: [ListenerTurn], kitchen: Kitchen
    ) {
        let kitchen = Kitchen()
        var handlers = HandlerRegistry()
        handlers.register(kitchen, as: "kitchen")
        var configuration = ListenerConfiguration(
            source: SampleBufferSource(try audio(pieces)), recognizer: PocketSphinxRecognizer(try engine.get()),
            catalog: catalog(), dispatcher: Dispatcher(handlers: handlers))
        configuration.phrasePause = phrasePause
        var turns: [ListenerTurn] = []
        for try await event in Listener(configuration).events() {
            if case .turn(let turn) = event { turns.append(turn) }
        }
        return (turns, kitchen)
    }

    @Test("a command with a pause in it runs whole; decided alone, its first half ran without the rest")
    func pauseInsideACommand() async throws {
        let said: [(said: String, pause: Double)] = [("order a mocha", 0.45), ("with sugar", 1.5)]
        let (turns, kitchen) = try await Self.listen(to: said, phrasePause: .milliseconds(600))
        #expect(
            kitchen.requests == ["order drink=mocha extra=sugar"],
            "\(turns.map(\.understanding.recognition.transcript))")
        try #require(turns.count == 1)
        #expect(turns[0].understanding.recognition.transcript == "order a mocha with sugar")
        // One utterance from the first word to the last.
        #expect(turns[0].utterance.speechEndSample - turns[0].utterance.speechStartSample > AudioFormat.sampleRate)

        let (alone, cut) = try await Self.listen(to: said, phrasePause: nil)
        #expect(cut.requests == ["order drink=mocha"], "\(alone.map(\.understanding.recognition.transcript))")
    }

    @Test("a pause longer than the one allowed ends the command")
    func longPauseEndsTheCommand() async throws {
        let said: [(said: String, pause: Double)] = [("order a mocha", 1.2), ("with sugar", 1.5)]
        let (turns, kitchen) = try await Self.listen(to: said, phrasePause: .milliseconds(600))
        #expect(kitchen.requests == ["order drink=mocha"], "\(turns.map(\.understanding.recognition.transcript))")
    }

    @Test("a command whose phrase cannot go on runs alone, and so does the command said right after it")
    func wholeCommandsRunApart() async throws {
        let said: [(said: String, pause: Double)] = [
            ("order a mocha with sugar", 0.45), ("order a latte with milk", 0.45), ("order a tea", 1.5),
        ]
        let (turns, kitchen) = try await Self.listen(to: said, phrasePause: .milliseconds(600))
        #expect(
            kitchen.requests == [
                "order drink=mocha extra=sugar", "order drink=latte extra=milk", "order drink=tea",
            ],
            "\(turns.map(\.understanding.recognition.transcript))")
        #expect(turns.count == 3)
    }

    @Test("another command said right after one whose phrase could go on runs on its own")
    func anotherCommandAfterAPause() async throws {
        let said: [(said: String, pause: Double)] = [("order a mocha", 0.45), ("order a latte", 1.5)]
        let (turns, kitchen) = try await Self.listen(to: said, phrasePause: .milliseconds(600))
        #expect(
            kitchen.requests == ["order drink=mocha", "order drink=latte"],
            "\(turns.map(\.understanding.recognition.transcript))")
    }

    /// The recognizer's fit of the two halves of `pieces` (cut in the middle of the first
    /// pause) heard apart, summed, and of the whole heard as one, and the whole's frames.
    static func fits(_ pieces: [(said: String, pause: Double)]) throws -> (apart: Double, whole: Double, frames: Int) {
        let samples = try audio(pieces)
        let first = try audio(Array(pieces.prefix(1)))
        let cut = first.count - Int(pieces[0].pause / 2 * 16_000)
        let recognizer = PocketSphinxRecognizer(try engine.get())
        let heard = try [Array(samples[..<cut]), Array(samples[cut...]), samples].map {
            try #require(try recognizer.recognize($0, cancellation: nil).fit)
        }
        return (heard[0] + heard[1], heard[2], samples.count / 160)
    }

    @Test("two commands said with a pause between them never fit clearly better as one than apart")
    func twoCommandsDoNotFitBetterJoined() throws {
        // The guard against joining a command of its own to the command before it: fits of the
        // same words vary from run to run (sox's dither moves the search onto other paths), by
        // less than the margin the listener asks for.
        for pieces in [
            [("order a mocha", 0.45), ("order a latte", 1)], [("order a tea", 0.45), ("order a mocha with milk", 1)],
        ] as [[(said: String, pause: Double)]] {
            let fits = try Self.fits(pieces)
            #expect(
                fits.whole - fits.apart < PhraseContinuation.joinedFitMargin * Double(fits.frames),
                "\(pieces.map(\.said)): \(fits)")
        }
    }
}
