/// A shortcut a query may mean, with the parameter values read from it.
public struct MatchCandidate: Sendable, Hashable {
    public var shortcutID: String
    /// Values from slots and from the phrase's fixed parameters (defaults are not applied here).
    public var parameters: [String: ParameterValue]
    /// 1 for an exact match, lower for each word wrong, missing or extra; in [0, 1].
    public var confidence: Double
    /// Why this candidate: which phrase, and what differed.
    public var reason: String
    /// The phrase that matched.
    public var phrase: PhraseEntry
    /// Word edits (substituted, missing or extra words) between query and phrase.
    public var edits: Int
    /// Literal (non-slot) words of the phrase that the query said exactly.
    public var literalMatches: Int
    /// The transcript this candidate came from (for N-best input).
    public var transcript: String

    /// Whether two candidates mean the same action (same shortcut, same values).
    func sameAction(as other: MatchCandidate) -> Bool {
        shortcutID == other.shortcutID && parameters == other.parameters
    }
}
