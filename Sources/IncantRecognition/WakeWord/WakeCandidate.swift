/// A place where the wake phrase may have been said, with the measurements that decide it.
public struct WakeCandidate: Sendable, Equatable {
    /// Offset of its first sample within the audio searched.
    public var startSample: Int
    /// Offset just after its last sample.
    public var endSample: Int
    /// pocketsphinx's own keyphrase score: how far the phrase's path cleared the keyphrase
    /// search's phone loop (log units, larger is better); what plain keyword spotting thresholds.
    public var spottingScore: Double
    /// The phrase's acoustic score against the free phone loop over the phrase's own frames,
    /// per frame (log units, ≤ 0 in principle, larger is better).
    public var margin: Double
    /// How far the phones the free loop heard over the phrase agree with its pronunciation,
    /// in [0, 1] (``AcousticEvidence/phoneAgreement``).
    public var phoneAgreement: Double
    /// How sure the detector is that the phrase was said here, in [0, 1].
    public var confidence: Double
    /// Frames (10 ms) of the keyphrase search's proposal that `spottingScore` is the score of.
    public var spottingFrames: Int
    /// Frames (10 ms) of the phrase as the check found it.
    public var frameCount: Int
    /// Phones of the phrase's words in their main pronunciations.
    public var phoneCount: Int
    /// The confidence each view of the audio gave this place, the audio through the front end
    /// first and the audio as it is second, when both were searched
    /// (``PocketSphinxWakeWordDetector/bothViews(_:_:)``); empty when one was.
    public var viewConfidences: [Double] = []
    /// How far (dB) the phrase's words stand above the quieter of the audio just before and
    /// just after them (``PocketSphinxWakeWordDetector/isolation(of:in:)``), in
    /// [0, ``PocketSphinxWakeWordDetector/isolationCeiling``]; 0 when levels were not measured.
    public var isolation: Double = 0
    /// Each word's acoustic score against the free phone loop over that word's own frames,
    /// per frame, in the phrase's order (log units, larger is better); ``margin`` is the
    /// phrase's whole. Empty when the check did not align the words.
    public var wordMargins: [Double] = []
    /// Whether only an accent's spellings of the phrase proposed it (``WakeWordOptions/accents``);
    /// ``spottingScore`` is then theirs.
    public var spottedOnlyInAccent = false
    /// The best keyphrase score of an accent's spellings where the dictionary's spellings
    /// proposed it too (``spottingScore`` is theirs); nil otherwise.
    public var accentSpottingScore: Double?

    public init(
        startSample: Int, endSample: Int, spottingScore: Double, margin: Double, phoneAgreement: Double,
        confidence: Double, spottingFrames: Int = 0, frameCount: Int = 0, phoneCount: Int = 0
    ) {
        self.startSample = startSample
        self.endSample = endSample
        self.spottingScore = spottingScore
        self.margin = margin
        self.phoneAgreement = phoneAgreement
        self.confidence = confidence
        self.spottingFrames = spottingFrames
        self.frameCount = frameCount
        self.phoneCount = phoneCount
    }

    /// The candidate moved by `offset` samples.
    func shifted(by offset: Int) -> WakeCandidate {
        var moved = self
        moved.startSample += offset
        moved.endSample += offset
        return moved
    }

    /// Whether the two spans share any sample.
    func overlaps(_ other: WakeCandidate) -> Bool {
        startSample < other.endSample && other.startSample < endSample
    }
}
