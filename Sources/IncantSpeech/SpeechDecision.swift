import Foundation
import IncantPhrases

/// The one decision taken on an utterance, from recognition through matching to dispatch.
public enum SpeechDecision: Sendable {
    /// Run this shortcut with these parameters.
    case accepted(MatchCandidate)
    /// Different actions are about equally likely: nothing runs; the person may be asked.
    case ambiguous([MatchCandidate])
    /// Nothing runs, for this reason.
    case rejected(DecisionRejection)

    /// The accepted candidate, if any.
    public var accepted: MatchCandidate? {
        if case .accepted(let candidate) = self { return candidate }
        return nil
    }

    /// Decides on what `recognition` heard and what it matched: the recognizer's rejection
    /// wins, then the matcher's decision; an accepted action is not taken when one of the
    /// recognizer's close alternatives (matched in `alternatives`, in the same order) means
    /// another action.
    public static func decide(
        _ recognition: RecognitionResult, _ match: MatchResult, alternatives: [MatchResult] = []
    ) -> SpeechDecision {
        if recognition.transcript.isEmpty { return .rejected(.nothingHeard) }
        switch recognition.rejection {
        case nil: break
        case .nothingHeard: return .rejected(.nothingHeard)
        case .nothingDictated: return .rejected(.nothingDictated(heard: recognition.transcript))
        case .unlikePhrases, .filler:
            return .rejected(.unlikePhrases(transcript: recognition.transcript, confidence: recognition.confidence))
        }
        switch match.decision {
        case .accepted:
            guard let candidate = match.accepted else { return .rejected(.noShortcut(match.reason)) }
            for (text, other) in zip(recognition.closeAlternatives, alternatives) {
                guard let rival = other.accepted else { continue }
                if rival.shortcutID != candidate.shortcutID || rival.parameters != candidate.parameters {
                    return .rejected(.uncertain(heard: recognition.transcript, or: text))
                }
            }
            return .accepted(candidate)
        case .ambiguous:
            return .ambiguous(match.candidates)
        case .rejected:
            return .rejected(.noShortcut(match.reason))
        }
    }
}

/// Why an utterance runs nothing.
public enum DecisionRejection: Sendable, Hashable, CustomStringConvertible {
    /// Nothing in the phrase set was heard.
    case nothingHeard
    /// The recognizer heard `transcript` but the audio sounds unlike it.
    case unlikePhrases(transcript: String, confidence: Double)
    /// The words match no shortcut well enough (the matcher's explanation).
    case noShortcut(String)
    /// The audio fits `heard` and `or` (which means another action) nearly equally well.
    case uncertain(heard: String, or: String)
    /// A wake word is required and was not heard.
    case noWakeWord
    /// Push-to-talk: no trigger opened a command for this utterance.
    case notTriggered
    /// Listening was muted while it was said.
    case muted
    /// The capture device was lost while it was said.
    case deviceInterrupted
    /// The words of a phrase with a free-text slot were heard (`heard`, the slot shown as "…"),
    /// but no word was made out in the slot: nothing runs with an empty text.
    case nothingDictated(heard: String)

    public var description: String {
        switch self {
        case .nothingHeard: "nothing in the phrase set was heard"
        case .unlikePhrases(let transcript, let confidence):
            "\"\(transcript)\" sounds unlike the phrase set (acoustic confidence "
                + String(format: "%.2f", confidence) + ")"
        case .noShortcut(let explanation): explanation
        case .uncertain(let heard, let other):
            "could not tell \"\(heard)\" from \"\(other)\", which means something else"

        case .noWakeWord: "the wake word was not heard"
        case .notTriggered: "push-to-talk: no trigger came before it"
        case .muted: "listening was muted"
        case .deviceInterrupted: "the capture device was lost while it was said"
        case .nothingDictated(let heard): "heard \"\(heard)\" but no words for its free text"
        }
    }
}
