import IncantCapture
import IncantListening
import IncantPhrases
import IncantSpeech
import IncantTestSupport
import Synchronization
import Testing

/// ``TakeCheck``: each take judged against the catalog with the new phrase in it, through the
/// real matcher, with a fake recognizer.
@Suite("Take check")
struct TakeCheckTests {
    static let script = ListenerTests.script

    @Test("the candidate keeps the values its shortcut can parse and leaves out the others")
    func candidateValues() throws {
        let shortcuts = try ListenerTests.catalog().shortcuts
        let candidate = TakeCheck.candidate(
            phrase: "computer", shortcut: "order-pizza",
            settings: ["kind": "pepperoni", "size": "large", "count": "many"], shortcuts: shortcuts)
        #expect(candidate.phrase == "computer" && candidate.shortcut == "order-pizza")
        let kind = try shortcuts.first { $0.id == "order-pizza" }?.parameter(named: "kind")?.parseValue("pepperoni")
        #expect(candidate.parameters == ["kind": try #require(kind)])
    }

    @Test("a take accepted as the new phrase matches; one heard as another phrase or as nothing does not")
    func verdicts() async throws {
        let shortcuts = try ListenerTests.catalog().shortcuts
        let existing = UserPhrase(shortcut: "lights", phrase: "yes", parameters: ["state": .boolean(true)])
        let candidate = TakeCheck.candidate(
            phrase: "computer", shortcut: "order-pizza", settings: ["kind": "pepperoni"], shortcuts: shortcuts)
        let recognizer = ReloadRecorder(FakeRecognizer(script: Self.script))
        let takes = [
            Self.script.audio(["computer"]), Self.script.audio(["lights off"]),
            TestAudio.noise(seconds: 2, level: -62),
        ]
        let verdicts = try await TakeCheck.check(
            takes, candidate: candidate, shortcuts: shortcuts, existing: [existing], recognizer: recognizer)
        #expect(verdicts.map(\.matches) == [true, false, false])
        #expect(verdicts[0].understanding.decision.accepted?.phrase.origin == .user(id: candidate.id))
        #expect(
            verdicts[0].heard.hasPrefix("heard \"computer\" → \"computer\" [kind=pepperoni] (order-pizza, "),
            "\(verdicts[0].heard)")
        #expect(verdicts[1].understanding.decision.accepted?.shortcutID == "lights")
        #expect(verdicts[1].heard.hasPrefix("heard \"lights off\" → "))
        #expect(verdicts[2].heard == "heard \"\", rejected: nothing in the phrase set was heard")
        // The recognizer listens for the user's phrases with the new one among them.
        let reloaded = try #require(recognizer.reloads.last)
        let origins = Set(reloaded.entries.map(\.origin))
        #expect(origins.isSuperset(of: [.user(id: existing.id), .user(id: candidate.id)]))
    }
}

/// A recognizer that keeps each catalog it is reloaded with.
final class ReloadRecorder: SpeechRecognizer {
    let recognizer: FakeRecognizer
    private let catalogs = Mutex<[PhraseCatalog]>([])

    init(_ recognizer: FakeRecognizer) {
        self.recognizer = recognizer
    }

    var reloads: [PhraseCatalog] { catalogs.withLock { $0 } }

    func recognize(_ samples: [Int16], cancellation: RecognitionCancellation?) throws -> RecognitionResult {
        try recognizer.recognize(samples, cancellation: cancellation)
    }

    func recognizeAnswer(_ samples: [Int16], to request: AnswerRequest) throws -> RecognitionResult {
        try recognizer.recognizeAnswer(samples, to: request)
    }

    func reload(_ catalog: PhraseCatalog) throws {
        catalogs.withLock { $0.append(catalog) }
        try recognizer.reload(catalog)
    }
}
