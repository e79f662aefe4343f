/// What a recognizer heard in one utterance, in terms any engine can give.
public struct RecognitionResult: Sendable {
    /// Transcripts, best first; empty when nothing in the phrase set was heard.
    public var transcripts: [String]
    /// How sure the engine is that the best transcript is what was said, in [0, 1].
    public var confidence: Double
    /// Why the engine rejects the utterance; nil when it stands behind the best transcript.
    public var rejection: RecognitionRejection?
    /// Duration of the audio, in seconds.
    public var audioSeconds: Double
    /// Time spent recognizing, in seconds.
    public var decodeSeconds: Double
    /// The words of the best transcript with their times.
    public var words: [RecognizedWord]
    /// Engine-specific measurements, for reports (`--json`); nothing decides on them.
    public var diagnostics: (any RecognitionDiagnostics)?
    /// Words of the best transcript the engine cannot tell from a rival with confidence: the
    /// rival fits the audio nearly as well. Acting on the best would be a coin toss when the
    /// two mean different things.
    public var contestedWords: [ContestedWord]
    /// Rejected, but the audio fits the best transcript nearly well enough to act on: the
    /// person may be asked whether they said it (``SpeechDecision/unconfirmed(_:)``). Only an
    /// utterance rejected for its acoustic confidence alone, at or above the engine's lower
    /// threshold for asking, is confirmable.
    public var confirmable: Bool = false
    /// Words at the start or end of the best transcript heard no louder than the sound around
    /// the speaker (``BackgroundWords``); nil when every word stands out from it.
    public var backgroundWords: BackgroundWords? = nil
    /// The phrase set has longer phrases that begin with the best transcript: speech that
    /// follows after a short pause may be the rest of the same command.
    public var phraseContinues: Bool = false
    /// How much better the best transcript explains the whole utterance than the engine's
    /// unconstrained recognition of the same audio, in total (not per frame) log-likelihood;
    /// larger is better, nil when the engine does not measure it.
    ///
    /// Totals of one engine add up over adjoining audio: two utterances heard apart and heard
    /// as one compare on the sum of theirs and the joined one's.
    public var fit: Double? = nil

    /// The transcripts with a contested word's rival in its place, in order.
    public var closeAlternatives: [String] { contestedWords.map(\.alternative) }

    public init(
        transcripts: [String], confidence: Double, rejection: RecognitionRejection?, audioSeconds: Double,
        decodeSeconds: Double, words: [RecognizedWord] = [], diagnostics: (any RecognitionDiagnostics)? = nil,
        contestedWords: [ContestedWord] = [], confirmable: Bool = false, backgroundWords: BackgroundWords? = nil,
        phraseContinues: Bool = false, fit: Double? = nil
    ) {
        self.phraseContinues = phraseContinues
        self.fit = fit
        self.backgroundWords = backgroundWords
        self.transcripts = transcripts
        self.confidence = confidence
        self.rejection = rejection
        self.audioSeconds = audioSeconds
        self.decodeSeconds = decodeSeconds
        self.words = words
        self.diagnostics = diagnostics
        self.contestedWords = contestedWords
        self.confirmable = confirmable
    }

    /// The best transcript ("" when nothing was heard).
    public var transcript: String { transcripts.first ?? "" }

    /// Nothing heard, rejected.
    public static func nothing(audioSeconds: Double, decodeSeconds: Double = 0) -> RecognitionResult {
        RecognitionResult(
            transcripts: [], confidence: 0, rejection: .nothingHeard, audioSeconds: audioSeconds,
            decodeSeconds: decodeSeconds)
    }
}

/// One recognized word and when it was said, in seconds from the start of the utterance.
public struct RecognizedWord: Sendable, Equatable, Encodable {
    public var word: String
    public var start: Double
    public var end: Double

    public init(word: String, start: Double, end: Double) {
        self.word = word
        self.start = start
        self.end = end
    }
}

/// Engine-specific measurements that travel beside a ``RecognitionResult``.
public protocol RecognitionDiagnostics: Sendable, Encodable {}
