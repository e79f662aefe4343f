/// Settings for ``GrammarRecognizer``.
public struct RecognizerOptions: Sendable {
    /// Utterances whose acoustic confidence is below this are rejected as out of set.
    public var rejectionThreshold: Double
    /// The score margin per frame (grammar minus phone loop) that maps to confidence 0.5:
    /// confidence = 1 / (1 + exp(-(margin - marginCenter) / marginScale)).
    public var marginCenter: Double
    /// How quickly confidence moves from 0 to 1 around ``marginCenter``.
    public var marginScale: Double
    /// Whether to decode a free phone loop over each utterance to measure the margin.
    public var usesPhoneLoop: Bool
    /// Pronunciation overrides (cmudict format) read before guessing unknown words.
    public var dictionaryFiles: [String]
    /// Low-level decoder settings.
    public var decoder: PocketSphinxOptions
    /// How the phrase grammar is handed to pocketsphinx.
    public var grammarFormat: GrammarFormat

    /// The shape of the grammar given to the decoder.
    public enum GrammarFormat: String, Sendable, CaseIterable {
        /// The minimal deterministic word graph (fast; the default).
        case fsg
        /// The plain JSGF union of phrases, as pocketsphinx users usually write it (the baseline).
        case jsgf
    }

    public init(
        rejectionThreshold: Double = 0.5,
        marginCenter: Double = -35,
        marginScale: Double = 4,
        usesPhoneLoop: Bool = true,
        dictionaryFiles: [String] = [],
        decoder: PocketSphinxOptions = PocketSphinxOptions(),
        grammarFormat: GrammarFormat = .fsg
    ) {
        self.grammarFormat = grammarFormat
        self.rejectionThreshold = rejectionThreshold
        self.marginCenter = marginCenter
        self.marginScale = marginScale
        self.usesPhoneLoop = usesPhoneLoop
        self.dictionaryFiles = dictionaryFiles
        self.decoder = decoder
    }
}
