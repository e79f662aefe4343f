/// Tuning for ``PhraseMatcher``.
public struct MatchOptions: Sendable, Hashable {
    /// Candidates below this confidence are rejected rather than guessed.
    public var threshold: Double
    /// Two different actions whose confidences are closer than this are ambiguous.
    public var ambiguityMargin: Double
    /// Most candidates returned.
    public var maximumCandidates: Int
    /// Words ignored wherever they appear.
    public var fillers: Set<String>
    /// Whether near misses are refused: distinguishing words are never forgiven, words said in
    /// a slot that are none of its values object to the candidate, a text slot needs its
    /// carrier words. `false` is the matcher before that (every word forgivable, a boolean slot
    /// taking every ``BooleanWords`` word), kept as the baseline `incant-bench near-misses`
    /// compares against.
    public var guardsNearMisses: Bool

    public init(
        threshold: Double = 0.6,
        ambiguityMargin: Double = 0.05,
        maximumCandidates: Int = 5,
        fillers: Set<String> = TextNormalizer.defaultFillers,
        guardsNearMisses: Bool = true
    ) {
        self.threshold = threshold
        self.ambiguityMargin = ambiguityMargin
        self.maximumCandidates = maximumCandidates
        self.fillers = fillers
        self.guardsNearMisses = guardsNearMisses
    }
}
