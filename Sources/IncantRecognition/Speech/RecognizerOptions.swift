/// Settings for ``GrammarRecognizer``.
public struct RecognizerOptions: Sendable {
    /// Utterances whose acoustic confidence is below this are rejected as out of set.
    public var rejectionThreshold: Double
    /// Scale of the score margin per frame: confidence = exp(margin / scale). Larger is more
    /// lenient.
    public var marginScale: Double
    /// Whether to decode a free phone loop over each utterance to measure the margin.
    public var usesPhoneLoop: Bool
    /// Pronunciation overrides (cmudict format) read before guessing unknown words.
    public var dictionaryFiles: [String]
    /// Low-level decoder settings.
    public var decoder: PocketSphinxOptions

    public init(
        rejectionThreshold: Double = 0.05,
        marginScale: Double = 400,
        usesPhoneLoop: Bool = true,
        dictionaryFiles: [String] = [],
        decoder: PocketSphinxOptions = PocketSphinxOptions()
    ) {
        self.rejectionThreshold = rejectionThreshold
        self.marginScale = marginScale
        self.usesPhoneLoop = usesPhoneLoop
        self.dictionaryFiles = dictionaryFiles
        self.decoder = decoder
    }
}
