import IncantGrammar
import IncantPhrases
import IncantSpeech

/// The pocketsphinx engine behind the ``IncantSpeech/SpeechRecognizer`` protocol: the grammar
/// search of every phrase, checked against a free phone loop (``GrammarRecognizer``).
public struct PocketSphinxRecognizer: SpeechRecognizer {
    /// The engine, for what only pocketsphinx offers (grammar text, MLLR, dictation).
    public let engine: GrammarRecognizer

    public init(_ engine: GrammarRecognizer) {
        self.engine = engine
    }

    public func recognize(_ samples: [Int16], cancellation: RecognitionCancellation?) throws -> RecognitionResult {
        try engine.recognizeSynchronously(samples, cancellation: cancellation).result
    }

    public func recognizeAnswer(_ samples: [Int16], to request: AnswerRequest) throws -> RecognitionResult {
        switch request {
        case .yesNo:
            return try engine.recognizeAnswer(samples, to: .yesNo).result
        case .value(let parameter, let shortcut):
            guard let grammar = AnswerGrammar.value(of: parameter, shortcut: shortcut) else {
                return try engine.transcribe(samples).result
            }
            return try engine.recognizeAnswer(samples, to: grammar).result
        case .dictation:
            return try engine.transcribe(samples).result
        case .choice(let words):
            return try engine.recognizeAnswer(samples, to: .choice(words)).result
        }
    }

    public func reload(_ catalog: PhraseCatalog) throws {
        try engine.reload(catalog)
    }
}

extension GrammarRecognizer {
    /// Decodes on the calling thread, stopping early when `cancellation` is cancelled.
    public func recognizeSynchronously(
        _ samples: [Int16], cancellation: RecognitionCancellation?
    ) throws -> SpeechRecognition {
        guard let cancellation else { return try recognizeSynchronously(samples) }
        let flag = DecodeCancellation()
        cancellation.onCancel { flag.cancel() }
        return try recognizeSynchronously(samples, cancellation: flag)
    }
}

/// What pocketsphinx measured beside a recognition: the margin against the phone loop and the
/// evidence the acceptance policy read.
public struct PocketSphinxDiagnostics: RecognitionDiagnostics {
    /// Grammar score minus phone-loop score per frame; nil without a phone loop or words.
    public var scoreMargin: Double?
    /// The measurements behind the acoustic confidence.
    public var evidence: AcousticEvidence?
    /// How each word with rivals in the grammar fits against the best of them.
    public var contrasts: [WordContrast]?
}

extension SpeechRecognition {
    /// The engine-neutral form of this recognition.
    public var result: RecognitionResult {
        let transcripts = transcript.isEmpty ? [] : [transcript] + alternatives.filter { $0 != transcript }
        return RecognitionResult(
            transcripts: transcripts, confidence: acousticConfidence, rejection: rejection,
            audioSeconds: audioSeconds, decodeSeconds: decodeSeconds,
            words: words.map {
                RecognizedWord(word: $0.word, start: $0.startTime.inSeconds, end: $0.endTime.inSeconds)
            },
            diagnostics: PocketSphinxDiagnostics(
                scoreMargin: scoreMargin.isFinite ? scoreMargin : nil, evidence: evidence,
                contrasts: contrasts.isEmpty ? nil : contrasts),
            contestedWords: contested.map {
                ContestedWord(
                    position: $0.position, length: $0.length, heard: $0.heard, rival: $0.rival,
                    alternative: $0.alternative)
            }, confirmable: confirmable, backgroundWords: backgroundWords, phraseContinues: phraseContinues,
            fit: fit)
    }
}
