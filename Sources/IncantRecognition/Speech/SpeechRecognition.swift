import IncantSpeech

/// What a recognizer heard in one utterance.
public struct SpeechRecognition: Sendable {
    /// The best transcript ("" when nothing in the grammar was heard).
    public var transcript: String
    /// Alternative transcripts, best first, starting with ``transcript`` (N-best).
    public var alternatives: [String]
    /// How much better the grammar explains the audio than a free phone loop, mapped to
    /// [0, 1]: near 1 for a phrase said as written, low for speech outside the phrase set.
    public var acousticConfidence: Double
    /// Why the recognizer rejects the utterance, set where it decides; nil when it accepts it.
    public var rejection: RecognitionRejection?
    /// Whether the recognizer rejects the utterance (``rejection`` is set).
    public var isRejected: Bool { rejection != nil }
    /// Grammar score minus phone-loop score, per 10 ms frame (log domain; ≤ 0, higher is better).
    public var scoreMargin: Double
    /// Duration of the audio.
    public var audioSeconds: Double
    /// Time spent decoding.
    public var decodeSeconds: Double
    /// The recognized words with their frame spans.
    public var words: [WordSegment]
    /// The measurements behind ``acousticConfidence`` (nil without a phone loop).
    public var evidence: AcousticEvidence?
    /// For each word the grammar allows others in place of, how much better it fits than the
    /// best of them (``RecognizerOptions/contrastMargin``).
    public var contrasts: [WordContrast] = []
    /// The contrasts whose rival fits the audio nearly as well as the heard word, or better
    /// (a margin below ``RecognizerOptions/contrastMargin``): what was said may be either.
    public var contested: [WordContrast] = []
    /// How much of the spectrum the channel carries (``ChannelBandwidth/highBandLevel``),
    /// measured on every utterance when a transform for narrow channels is set
    /// (``RecognizerOptions/narrowBandAdaptation``), else when a contrast lies within
    /// ``RecognizerOptions/narrowBandContrastMargin``; nil otherwise.
    public var highBandLevel: Double?

    /// The transcripts with a ``contested`` word's rival in its place.
    public var closeAlternatives: [String] { contested.map(\.alternative) }
    /// The free-text slots heard, in order, with the words transcribed in each; a slot with
    /// no words rejects the recognition.
    public var textSlots: [HeardTextSlot] = []
    /// Rejected for its acoustic confidence alone, at or above
    /// ``RecognizerOptions/confirmationThreshold``: the person may be asked whether they said it.
    public var confirmable: Bool = false
    /// Words at the start or end of ``transcript`` heard no louder than the sound around the
    /// speaker (``AcceptancePolicy/backgroundRun(_:)``); nil when every word stands out.
    public var backgroundWords: BackgroundWords? = nil
    /// The grammar has longer phrases that begin with ``transcript`` (see
    /// ``IncantSpeech/RecognitionResult/phraseContinues``).
    public var phraseContinues: Bool = false
    /// The grammar's score minus the phone loop's over the whole utterance, in total (see
    /// ``IncantSpeech/RecognitionResult/fit``); nil without a phone loop or words.
    public var fit: Double?

    public init(
        transcript: String, alternatives: [String], acousticConfidence: Double,
        rejection: RecognitionRejection?,
        scoreMargin: Double, audioSeconds: Double, decodeSeconds: Double, words: [WordSegment],
        evidence: AcousticEvidence? = nil
    ) {
        self.evidence = evidence
        self.transcript = transcript
        self.alternatives = alternatives
        self.acousticConfidence = acousticConfidence
        self.rejection = rejection
        self.scoreMargin = scoreMargin
        self.audioSeconds = audioSeconds
        self.decodeSeconds = decodeSeconds
        self.words = words
    }
}
