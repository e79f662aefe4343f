/// Settings of a ``PocketSphinxWakeWordDetector``; the defaults are the tuned ones
/// (<doc:HowTheWakeWordIsFound>).
public struct WakeWordOptions: Sendable {
    /// Candidates whose confidence is below this are not wake words, in [0, 1].
    public var threshold: Double = 0.5
    /// pocketsphinx's keyphrase threshold for candidates: a likelihood ratio against its own
    /// phone loop. Permissive on purpose (the candidates are checked afterwards); a larger
    /// value checks fewer candidates and misses more.
    public var spottingThreshold: Double = 1e-40
    /// Frames (10 ms) of audio either side of a candidate that its check searches.
    public var padding: Int = 40
    /// The phrase's margin against the free phone loop (log units per frame) at which
    /// confidence is one half.
    public var marginCentre: Double = -900
    /// How fast confidence rises with the margin (log units per frame per logistic unit).
    public var marginScale: Double = 250
    /// How much each point of phone agreement (0–1) adds, in margin units.
    public var agreementWeight: Double = 1500
    /// Phone agreement at which the agreement term is neutral.
    public var agreementCentre: Double = 0.5
    /// Pronunciation overrides (cmudict format) read before guessing unknown words.
    public var dictionaryFiles: [String] = []
    /// Low-level decoder settings.
    public var decoder = PocketSphinxOptions(nbestCount: 0)
    /// Seconds of continuous audio searched at once by a ``WakeWordScanner``.
    public var chunkSeconds: Double = 30
    /// Seconds by which successive chunks overlap (longer than any wake phrase).
    public var overlapSeconds: Double = 4

    public init() {}
}
