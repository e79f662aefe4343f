/// Settings of a ``PocketSphinxWakeWordDetector``; the defaults are the tuned ones
/// (<doc:HowTheWakeWordIsFound>).
public struct WakeWordOptions: Sendable {
    /// Candidates whose confidence is below this are not wake words, in [0, 1].
    public var threshold: Double = 0.5
    /// pocketsphinx's keyphrase threshold for candidates: a likelihood ratio against its own
    /// phone loop. Permissive on purpose (the candidates are checked afterwards); a larger
    /// value checks fewer candidates and misses more.
    public var spottingThreshold: Double = 1e-50
    /// Frames (10 ms) of audio either side of a candidate that its check searches.
    public var padding: Int = 40
    /// The evidence (``PocketSphinxWakeWordDetector/evidence(of:)``) is a sum of three terms,
    /// each a measurement less its centre over its scale; confidence is its logistic.
    /// pocketsphinx's keyphrase score at which its term is neutral (log units).
    public var spottingCentre: Double = -1800
    /// Log units of keyphrase score per unit of evidence.
    public var spottingScale: Double = 250
    /// The margin against the free phone loop (log units per frame) at which its term is neutral.
    public var marginCentre: Double = -40
    /// Log units per frame of margin per unit of evidence.
    public var marginScale: Double = 20
    /// Phone agreement at which its term is neutral.
    public var agreementCentre: Double = 0.1
    /// Units of evidence per point of phone agreement (0–1).
    public var agreementWeight: Double = 3
    /// Pronunciation overrides (cmudict format) read before guessing unknown words.
    public var dictionaryFiles: [String] = []
    /// Where espeak-ng is looked up to guess words no dictionary has (`IncantPaths.searchPath`);
    /// nil looks in `/usr/local/bin`, `/usr/bin` and `/bin`.
    public var searchPath: String? = nil
    /// Low-level decoder settings.
    public var decoder = PocketSphinxOptions(nbestCount: 0)
    /// Seconds of continuous audio searched at once by a ``WakeWordScanner``.
    public var chunkSeconds: Double = 30
    /// Seconds by which successive chunks overlap (longer than any wake phrase).
    public var overlapSeconds: Double = 4

    public init() {}
}
