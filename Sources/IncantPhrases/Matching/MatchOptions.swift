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

    public init(
        threshold: Double = 0.6,
        ambiguityMargin: Double = 0.05,
        maximumCandidates: Int = 5,
        fillers: Set<String> = TextNormalizer.defaultFillers
    ) {
        self.threshold = threshold
        self.ambiguityMargin = ambiguityMargin
        self.maximumCandidates = maximumCandidates
        self.fillers = fillers
    }
}
