import IncantPhrases
import IncantSpeech

/// How the question about an uncertain utterance (``IncantSpeech/SpeechDecision/uncertain(_:)``)
/// ended.
public enum ContestResolution: Sendable {
    /// The person named one word of each contest; `candidate` is what runs.
    case chosen(MatchCandidate, words: [String])
    /// The person called it off ("cancel", "never mind"): nothing runs.
    case cancelled
    /// No answer named one of the words (none came, or none was understood): nothing runs.
    case unanswered
    /// The words named make no one action together: nothing runs.
    case unresolved(words: [String])

    /// The action to run, if any.
    public var candidate: MatchCandidate? {
        if case .chosen(let candidate, _) = self { return candidate }
        return nil
    }

    /// The rejection that stands when nothing runs (nil when something does).
    public func rejection(of choice: ContestedChoice) -> DecisionRejection? {
        switch self {
        case .chosen: return nil
        case .cancelled: return .cancelled
        case .unanswered, .unresolved:
            let first = choice.contests.first?.alternatives ?? []
            return .uncertain(heard: choice.heard, or: first.dropFirst().first?.transcript ?? choice.heard)
        }
    }
}
