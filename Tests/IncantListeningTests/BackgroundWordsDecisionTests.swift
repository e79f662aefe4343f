import IncantPhrases
import IncantSpeech
import Testing

/// What runs when the recognizer hears words at the edge of a transcript no louder than the
/// sound around the speaker (``BackgroundWords``): the real matcher over a real catalog.
@Suite("Background words")
struct BackgroundWordsDecisionTests {
    static let shortcuts = """
        shortcuts:
          - id: coffee
            title: Coffee
            parameters:
              - name: milk
                type: enum
                values: [oat, whole]
                default: oat
            phrases: ["a coffee", "a coffee with {milk} milk", "a coffee please"]
            handle: { swift: kitchen }
          - id: tea
            title: Tea
            phrases: ["a tea"]
            handle: { swift: kitchen }
        """

    static func matcher() throws -> PhraseMatcher {
        let parsed = DefinitionLoader.parse(shortcuts, file: "/test/background.yaml")
        #expect(!parsed.hasErrors, "\(parsed.diagnostics)")
        return PhraseMatcher(catalog: PhraseCatalog(shortcuts: parsed.shortcuts))
    }

    /// The understanding of `transcript` accepted by the recognizer, with the words at `span`
    /// heard in the background.
    static func understand(
        _ transcript: String, background span: Range<Int>?, rejected: Bool = false, confirming: Bool
    ) throws -> Understanding {
        let recognition = RecognitionResult(
            transcripts: [transcript], confidence: rejected ? 0.3 : 0.9, rejection: rejected ? .unlikePhrases : nil,
            audioSeconds: 2, decodeSeconds: 0, confirmable: rejected,
            backgroundWords: span.flatMap { BackgroundWords(span: $0, of: transcript) })
        return UtteranceInterpreter(recognizer: NoRecognizer(), matcher: try matcher())
            .interpret(recognition, confirming: confirming)
    }

    @Test("the words at a span, and the transcript without them")
    func span() throws {
        let words = try #require(BackgroundWords(span: 2..<5, of: "a coffee with whole milk"))
        #expect(words.words == "with whole milk")
        #expect(words.remainder == "a coffee")
        #expect(words.position == 2 && words.length == 3)
        #expect(BackgroundWords(span: 0..<5, of: "a coffee with whole milk") == nil, "every word")
        #expect(BackgroundWords(span: 3..<6, of: "a coffee with whole milk") == nil, "past the end")
        #expect(BackgroundWords(span: 2..<2, of: "a coffee with whole milk") == nil, "no word")
    }

    @Test("a slot value heard in the background runs nothing; asked, the order without it is proposed")
    func slotValueInTheBackground() throws {
        let rejected = try Self.understand("a coffee with whole milk", background: 2..<5, confirming: false)
        guard case .rejected(.inBackground(let heard, let words)) = rejected.decision else {
            Issue.record("not rejected for background words: \(rejected.decision)")
            return
        }
        #expect(heard == "a coffee with whole milk" && words == "with whole milk")
        #expect(rejected.reason.contains("\"with whole milk\" was no louder than the sound around the speaker"))

        let asked = try Self.understand("a coffee with whole milk", background: 2..<5, confirming: true)
        guard case .unconfirmed(let candidate) = asked.decision else {
            Issue.record("not asked about: \(asked.decision)")
            return
        }
        #expect(candidate.transcript == "a coffee")
        #expect(candidate.parameters["milk"] != .text("whole"))
        #expect(asked.reason.contains("asking whether \"a coffee\" was said"), "\(asked.reason)")
    }

    @Test("words in the background that change nothing that runs are no reason to ask")
    func sameActionWithoutThem() throws {
        let understanding = try Self.understand("a coffee please", background: 2..<3, confirming: true)
        #expect(understanding.decision.accepted?.shortcutID == "coffee")
        #expect(understanding.decision.accepted?.transcript == "a coffee please")
    }

    @Test("when the rest matches no shortcut, the whole transcript is asked about, or nothing runs")
    func restMatchesNothing() throws {
        let asked = try Self.understand("a coffee with whole milk", background: 0..<2, confirming: true)
        guard case .unconfirmed(let candidate) = asked.decision else {
            Issue.record("not asked about: \(asked.decision)")
            return
        }
        #expect(candidate.transcript == "a coffee with whole milk")
        let rejected = try Self.understand("a coffee with whole milk", background: 0..<2, confirming: false)
        #expect(rejected.decision.accepted == nil)
    }

    @Test("a confirmable rejection with background words asks about the transcript without them")
    func confirmableRejection() throws {
        let asked = try Self.understand("a coffee with whole milk", background: 2..<5, rejected: true, confirming: true)
        guard case .unconfirmed(let candidate) = asked.decision else {
            Issue.record("not asked about: \(asked.decision)")
            return
        }
        #expect(candidate.transcript == "a coffee")
    }

    @Test("without background words the order runs as heard")
    func noBackgroundWords() throws {
        let understanding = try Self.understand("a coffee with whole milk", background: nil, confirming: false)
        #expect(understanding.decision.accepted?.transcript == "a coffee with whole milk")
    }
}

/// A recognizer never asked to recognize: the tests hand the interpreter a recognition.
struct NoRecognizer: SpeechRecognizer {
    func recognize(_ samples: [Int16], cancellation: RecognitionCancellation?) throws -> RecognitionResult {
        .nothing(audioSeconds: 0)
    }
    func recognizeAnswer(_ samples: [Int16], to request: AnswerRequest) throws -> RecognitionResult {
        .nothing(audioSeconds: 0)
    }
    func reload(_ catalog: PhraseCatalog) throws {}
}
