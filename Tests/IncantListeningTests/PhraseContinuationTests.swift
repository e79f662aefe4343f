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
    /// "play some music" (0.5 s) and "mumble" (0.8 s) together last as long as "play some
    /// jazz music" (1.4 s with the pause's quiet left out).
    static let script = SpokenScript(["play some music", "mumble", "stop the music", "play some jazz music"])

    static let shortcuts = """
        shortcuts:
          - id: play
            title: Play music
            parameters:
              - {name: genre, type: enum, values: [jazz, folk], required: false}
            phrases: ["play some music", "play some {genre} music"]
            handle: { swift: kitchen }
          - id: stop
            title: Stop the music
            phrases: ["stop the music"]
            handle: { swift: kitchen }
        """

    static func catalog() -> PhraseCatalog { .parsed(shortcuts, file: "/test/continuation.yaml") }

    /// `said` with the given pauses (seconds) between them, recognized without early decoding
    /// so that every recognition is counted once.
    static func listen(
        _ said: [(String, Double)], phrasePause: Duration? = .milliseconds(600),
        recognizer: FakeRecognizer = FakeRecognizer(script: script, continuing: ["play some music"])
    ) async throws -> (
        kitchen: Kitchen, recognizer: FakeRecognizer, turns: [ListenerTurn]
    ) {
        var samples = TestAudio.noise(seconds: 0.5, seed: 2)
        for (index, (text, pause)) in said.enumerated() {
            let length = SpokenScript.seconds(forIndex: recognizer.script.transcripts.firstIndex(of: text)!)
            samples += TestAudio.burst(seconds: length) + TestAudio.noise(seconds: pause, seed: UInt64(5 + index))
        }
        let kitchen = Kitchen()
        var handlers = HandlerRegistry()
        handlers.register(kitchen, as: "kitchen")
        var configuration = ListenerConfiguration(
            source: SampleBufferSource(samples), recognizer: recognizer, catalog: catalog(),
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
        let (kitchen, recognizer, turns) = try await Self.listen([("play some music", 0.45), ("mumble", 1.5)])
        #expect(kitchen.requests == ["play genre=jazz"])
        #expect(turns.count == 1)
        // The first half, the rest alone, then the two as one.
        #expect(recognizer.recognitions == ["play some music", "mumble", "play some jazz music"])
    }

    @Test("without a phrase pause each utterance is decided alone")
    func phrasePauseOff() async throws {
        let (kitchen, _, turns) = try await Self.listen(
            [("play some music", 0.45), ("mumble", 1.5)], phrasePause: nil)
        #expect(kitchen.requests == ["play"])
        #expect(turns.count == 2)
    }

    @Test("a command of its own after the pause runs on its own, recognized once")
    func commandOfItsOwn() async throws {
        let (kitchen, recognizer, turns) = try await Self.listen([("play some music", 0.45), ("stop the music", 1.5)])
        #expect(kitchen.requests == ["play", "stop"])
        #expect(turns.count == 2)
        #expect(turns.map(\.understanding.recognition.transcript) == ["play some music", "stop the music"])
        #expect(recognizer.recognitions == ["play some music", "stop the music"])
    }

    @Test("a whole command whose phrase cannot go on does not look for more")
    func wholeCommand() async throws {
        let (kitchen, recognizer, _) = try await Self.listen([("play some jazz music", 0.45), ("mumble", 1.5)])
        #expect(kitchen.requests == ["play genre=jazz"])
        #expect(recognizer.recognitions == ["play some jazz music", "mumble"])
    }

    @Test("words laid on a fraction of what follows (a clatter) are not the rest: the command runs as heard")
    func fewWordsOnALongSound() async throws {
        let recognizer = FakeRecognizer(
            script: Self.script, continuing: ["play some music"], firstBurstOnly: ["play some jazz music"])
        let (kitchen, _, turns) = try await Self.listen(
            [("play some music", 0.45), ("mumble", 1.5)], recognizer: recognizer)
        #expect(kitchen.requests == ["play"])
        #expect(turns.count == 2)
    }

    /// "play" said as the rest of "stop the music" heard alone would be a command of its own.
    static let commandScript = SpokenScript(["play some music", "stop the music", "mumble", "play some jazz music"])

    static func commandRecognizer(wholeFit: Double) -> FakeRecognizer {
        FakeRecognizer(
            script: commandScript, continuing: ["play some music"],
            fits: ["play some music": -1000, "stop the music": -3000, "play some jazz music": wholeFit])
    }

    @Test(
        "a rest that alone sounds like a command of its own is heard with the command when the two fit clearly better as one"
    )
    func restThatSoundsLikeACommand() async throws {
        // "stop the music" (0.8 s) after "play some music" (0.5 s) lasts as long as "play some
        // jazz music" (1.4 s).
        let said = [("play some music", 0.45), ("stop the music", 1.5)]
        let (kitchen, recognizer, turns) = try await Self.listen(
            said, recognizer: Self.commandRecognizer(wholeFit: -1500))
        #expect(kitchen.requests == ["play genre=jazz"])
        #expect(turns.count == 1)
        #expect(recognizer.recognitions == ["play some music", "stop the music", "play some jazz music"])
        let (apartKitchen, apartRecognizer, apartTurns) = try await Self.listen(
            said, recognizer: Self.commandRecognizer(wholeFit: -3900))
        #expect(apartKitchen.requests == ["play", "stop"])
        #expect(apartTurns.map(\.understanding.recognition.transcript) == ["play some music", "stop the music"])
        // The follower is recognized once: its recognition is kept for its own turn.
        #expect(apartRecognizer.recognitions == ["play some music", "stop the music", "play some jazz music"])
    }

    @Test("a command of its own after the pause is kept apart without a joined decode when the recognizer gives no fit")
    func commandOfItsOwnWithoutFit() async throws {
        let recognizer = FakeRecognizer(script: Self.commandScript, continuing: ["play some music"])
        let (kitchen, _, _) = try await Self.listen(
            [("play some music", 0.45), ("stop the music", 1.5)], recognizer: recognizer)
        #expect(kitchen.requests == ["play", "stop"])
        #expect(recognizer.recognitions == ["play some music", "stop the music"])
    }

    static func lookBackRecognizer(wholeFit: Double) -> FakeRecognizer {
        FakeRecognizer(
            script: script, continuing: ["play some music"],
            fits: ["mumble": -3000, "play some music": -1000, "play some jazz music": wholeFit])
    }

    @Test("a command said right after speech that was rejected is heard with it when the two fit clearly better as one")
    func commandAfterRejectedSpeech() async throws {
        // "mumble" (0.8 s), rejected alone, and "play some music" (0.5 s) last as long as "play
        // some jazz music" (1.4 s).
        let said = [("mumble", 0.45), ("play some music", 1.5)]
        let (kitchen, recognizer, turns) = try await Self.listen(
            said, recognizer: Self.lookBackRecognizer(wholeFit: -1500))
        #expect(kitchen.requests == ["play genre=jazz"])
        #expect(turns.map(\.understanding.decision.isRejected) == [true, false])
        #expect(recognizer.recognitions == ["mumble", "play some music", "play some jazz music"])
        // Speech before a command that fits with it hardly better than apart (someone else's)
        // is not made part of it: by less than the margin per frame.
        let (apart, _, _) = try await Self.listen(said, recognizer: Self.lookBackRecognizer(wholeFit: -3900))
        #expect(apart.requests == ["play"])
        // Nor is speech that ended longer than the phrase pause before it.
        let (later, _, _) = try await Self.listen(
            [("mumble", 1.2), ("play some music", 1.5)], recognizer: Self.lookBackRecognizer(wholeFit: -1500))
        #expect(later.requests == ["play"])
    }
}
