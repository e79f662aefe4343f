/// What a query matched: one shortcut, several equally likely ones, or nothing.
public struct MatchResult: Sendable {
    /// The decision.
    public enum Decision: Sendable, Hashable {
        /// One candidate is clearly best and above the threshold.
        case accepted
        /// Two or more different actions are (nearly) equally good: nothing is run.
        case ambiguous
        /// Nothing reached the threshold, or what was said contradicts the best candidate.
        case rejected
    }

    public var decision: Decision
    /// Candidates, best first (at most a handful).
    public var candidates: [MatchCandidate]
    /// The normalized tokens of the (best) query.
    public var tokens: [String]
    /// Why the decision was taken.
    public var cause: Reason

    public init(decision: Decision, candidates: [MatchCandidate], tokens: [String], cause: Reason) {
        self.decision = decision
        self.candidates = candidates
        self.tokens = tokens
        self.cause = cause
    }

    /// A sentence explaining the decision.
    public var reason: String { cause.description }

    /// The accepted candidate, if any.
    public var accepted: MatchCandidate? {
        decision == .accepted ? candidates.first : nil
    }

    /// The best candidate whatever the decision.
    public var best: MatchCandidate? { candidates.first }
}
