import IncantPhrases
import IncantSpeech

/// How the question about an uncertain utterance (``IncantSpeech/SpeechDecision/uncertain(_:)``)
/// or an unconfirmed one (``IncantSpeech/SpeechDecision/unconfirmed(_:)``, "Did you say …?")
/// ended.
public enum ContestResolution: Sendable {
    /// The person named one word of each contest, or said yes (`words` empty); `candidate` is
    /// what runs.
    case chosen(MatchCandidate, words: [String])
    /// The person called it off ("cancel", "never mind", or no to "Did you say …?"): nothing
    /// runs.
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

    /// The rejection that stands when nothing runs after "Did you say `heard`?" (nil when
    /// something does).
    public func rejection(confirming heard: String) -> DecisionRejection? {
        switch self {
        case .chosen: nil
        case .cancelled: .denied(heard: heard)
        case .unanswered, .unresolved: .unconfirmed(heard: heard)
        }
    }
}
