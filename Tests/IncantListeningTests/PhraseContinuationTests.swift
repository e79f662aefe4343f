import Foundation
import IncantCapture
import IncantDispatch
import IncantListening
import IncantPhrases
import IncantSpeech
import IncantTestSupport
import Testing

/// The listener's handling of speech that resumes after a pause, with bursts standing for
/// words (``SpokenScript``): the two utterances of a command heard as one, a command of its own
/// kept apart and recognized once.
@Suite("A pause inside a command, with scripted speech")
struct PhraseContinuationTests {
    /// "order a pizza" (0.5 s) and "mumble" (0.8 s) together last as long as "order a
    /// pepperoni pizza" (1.4 s with the pause's quiet left out).
    static let script = SpokenScript(["order a pizza", "mumble", "lights off", "order a pepperoni pizza"])

    static let shortcuts = """
        shortcuts:
          - id: order-pizza
            title: Order pizza
            parameters:
              - name: kind
                type: enum
                values: [margherita, pepperoni]
                required: false
            phrases: ["order a pizza", "order a {kind} pizza"]
            handle: { swift: kitchen }
          - id: lights
            title: Lights
            parameters:
              - name: state
                type: boolean
            phrases: ["lights {state}"]
            handle: { swift: kitchen }
        """

    static func catalog() throws -> PhraseCatalog {
        let parsed = DefinitionLoader.parse(shortcuts, file: "/test/continuation.yaml")
        #expect(!parsed.hasErrors, "\(parsed.diagnostics)")
        return PhraseCatalog(shortcuts: parsed.shortcuts)
    }

    /// `said` with the given pauses (seconds) between them, recognized without early decoding
    /// so that every recognition is counted once.
    static func listen(_ said: [(String, Double)], phrasePause: Duration? = .milliseconds(600)) async throws -> (
        kitchen: Kitchen, recognizer: FakeRecognizer, turns: [ListenerTurn]
    ) {
        var samples = TestAudio.noise(seconds: 0.5, seed: 2)
        for (index, (text, pause)) in said.enumerated() {
            let length = SpokenScript.seconds(forIndex: script.transcripts.firstIndex(of: text)!)
            samples += TestAudio.burst(seconds: length) + TestAudio.noise(seconds: pause, seed: UInt64(5 + index))
        }
        let kitchen = Kitchen()
        var handlers = HandlerRegistry()
        handlers.register(kitchen, as: "kitchen")
        let recognizer = FakeRecognizer(script: script, continuing: ["order a pizza"])
        var configuration = ListenerConfiguration(
            source: SampleBufferSource(samples), recognizer: recognizer, catalog: try catalog(),
            dispatcher: Dispatcher(handlers: handlers), speculates: false)
        configuration.phrasePause = phrasePause
        var turns: [ListenerTurn] = []
        for try await event in Listener(configuration).events() {
            if case .turn(let turn) = event { turns.append(turn) }
        }
        return (kitchen, recognizer, turns)
    }

    @Test("the rest of a command after a pause is heard with it, and the whole command runs")
    func restHeardWithTheCommand() async throws {
        let (kitchen, recognizer, turns) = try await Self.listen([("order a pizza", 0.45), ("mumble", 1.5)])
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        #expect(turns.count == 1)
        // The first half, the rest alone, then the two as one.
        #expect(recognizer.recognitions == ["order a pizza", "mumble", "order a pepperoni pizza"])
    }

    @Test("without a phrase pause each utterance is decided alone")
    func phrasePauseOff() async throws {
        let (kitchen, _, turns) = try await Self.listen(
            [("order a pizza", 0.45), ("mumble", 1.5)], phrasePause: nil)
        #expect(kitchen.requests == ["order-pizza"])
        #expect(turns.count == 2)
    }

    @Test("a command of its own after the pause runs on its own, recognized once")
    func commandOfItsOwn() async throws {
        let (kitchen, recognizer, turns) = try await Self.listen([("order a pizza", 0.45), ("lights off", 1.5)])
        #expect(kitchen.requests == ["order-pizza", "lights state=false"])
        #expect(turns.count == 2)
        #expect(turns.map(\.understanding.recognition.transcript) == ["order a pizza", "lights off"])
        #expect(recognizer.recognitions == ["order a pizza", "lights off"])
    }

    @Test("a whole command whose phrase cannot go on does not look for more")
    func wholeCommand() async throws {
        let (kitchen, recognizer, _) = try await Self.listen([("order a pepperoni pizza", 0.45), ("mumble", 1.5)])
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        #expect(recognizer.recognitions == ["order a pepperoni pizza", "mumble"])
    }
}
