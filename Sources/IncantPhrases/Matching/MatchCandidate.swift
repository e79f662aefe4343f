/// A shortcut a query may mean, with the parameter values read from it.
public struct MatchCandidate: Sendable, Hashable {
    public var shortcutID: String
    /// Values from slots and from the phrase's fixed parameters (defaults are not applied here).
    public var parameters: [String: ParameterValue]
    /// 1 for an exact match, lower for each word wrong, missing or extra; in [0, 1].
    public var confidence: Double
    /// What differed from the phrase ("1 word different", "no value for {kind}"); empty when exact.
    public var differences: [String]
    /// The phrase that matched.
    public var phrase: PhraseEntry
    /// Word edits (substituted, missing or extra words) between query and phrase.
    public var edits: Int
    /// Literal (non-slot) words of the phrase that the query said exactly.
    public var literalMatches: Int
    /// The transcript this candidate came from (for N-best input).
    public var transcript: String
    /// Why this candidate must not run although it is close: a distinguishing word differs, a
    /// value is not in its slot's list or range, or a text slot's carrier words are missing.
    public var objection: MatchResult.Reason?

    /// Why this candidate: which phrase, and what differed.
    public var matchReason: MatchResult.Reason { .matched(phrase: phrase.label, differences: differences) }

    /// Why this candidate, as a sentence.
    public var reason: String { matchReason.description }

    /// Whether two candidates mean the same action (same shortcut, same values).
    public func sameAction(as other: MatchCandidate) -> Bool {
        shortcutID == other.shortcutID && parameters == other.parameters
    }
}
