import Foundation
import IncantPhrases

/// The one decision taken on an utterance, from recognition through matching to dispatch.
public enum SpeechDecision: Sendable {
    /// Run this shortcut with these parameters.
    case accepted(MatchCandidate)
    /// Different actions are about equally likely: nothing runs; the person may be asked.
    case ambiguous([MatchCandidate])
    /// A word that decides the action (a slot value, or between shortcuts: "on" / "off") fits
    /// the audio about as well as a rival word: nothing runs unless the person, asked, says
    /// which.
    case uncertain(ContestedChoice)
    /// The words match this shortcut, but the audio fits them too loosely to act on (the
    /// recognizer rejected them, and found them ``RecognitionResult/confirmable``): nothing
    /// runs unless the person, asked "Did you say …?", says yes.
    case unconfirmed(MatchCandidate)
    /// Nothing runs, for this reason.
    case rejected(DecisionRejection)

    /// Whether nothing runs and nobody is asked: the utterance was rejected.
    public var isRejected: Bool {
        if case .rejected = self { return true }
        return false
    }

    /// The accepted candidate, if any.
    public var accepted: MatchCandidate? {
        if case .accepted(let candidate) = self { return candidate }
        return nil
    }

    /// Decides on what `recognition` heard and what it matched: the recognizer's rejection
    /// wins, then the matcher's decision; an accepted action is not taken when one of the
    /// recognizer's contested words (``RecognitionResult/contestedWords``, whose alternatives
    /// are matched in `alternatives`, in the same order) means another action: the decision is
    /// then ``uncertain(_:)``, naming the contested words and what each runs. With
    /// `confirming`, a rejected but ``RecognitionResult/confirmable`` recognition whose words
    /// match a shortcut is ``unconfirmed(_:)`` instead of rejected.
    ///
    /// A transcript with ``RecognitionResult/backgroundWords`` runs nothing unless the
    /// transcript without them (matched in `withoutBackground`) runs the same action: with
    /// `confirming` the person is asked about the transcript without them
    /// (``unconfirmed(_:)``; about the whole one when the rest matches no shortcut), else it is
    /// rejected.
    public static func decide(
        _ recognition: RecognitionResult, _ match: MatchResult, alternatives: [MatchResult] = [],
        withoutBackground: MatchResult? = nil, confirming: Bool = false
    ) -> SpeechDecision {
        if recognition.transcript.isEmpty { return .rejected(.nothingHeard) }
        switch recognition.rejection {
        case nil: break
        case .nothingHeard: return .rejected(.nothingHeard)
        case .nothingDictated: return .rejected(.nothingDictated(heard: recognition.transcript))
        case .overdriven(let share): return .rejected(.overdriven(heard: recognition.transcript, clippedShare: share))
        case .unlikePhrases, .filler:
            if confirming, recognition.confirmable, match.decision == .accepted, let candidate = match.accepted {
                return .unconfirmed(
                    recognition.backgroundWords == nil ? candidate : withoutBackground?.accepted ?? candidate)
            }
            return .rejected(.unlikePhrases(transcript: recognition.transcript, confidence: recognition.confidence))
        }
        switch match.decision {
        case .accepted:
            guard let candidate = match.accepted else { return .rejected(.noShortcut(match.reason)) }
            if let background = recognition.backgroundWords {
                let rest = withoutBackground?.accepted
                if rest.map({ !$0.sameAction(as: candidate) }) ?? true {
                    if confirming { return .unconfirmed(rest ?? candidate) }
                    return .rejected(.inBackground(heard: recognition.transcript, words: background.words))
                }
            }
            var contests: [Contest] = []
            for (contested, other) in zip(recognition.contestedWords, alternatives) {
                guard let rival = other.accepted, !rival.sameAction(as: candidate) else { continue }
                let heard = ContestedAlternative(
                    word: contested.heard, transcript: recognition.transcript, candidate: candidate)
                let other = ContestedAlternative(
                    word: contested.rival, transcript: contested.alternative, candidate: rival)
                contests.append(
                    Contest(
                        position: contested.position, length: contested.length,
                        parameter: Self.decidedParameter(candidate, rival),
                        alternatives: [heard, other]))
            }
            if contests.isEmpty { return .accepted(candidate) }
            return .uncertain(
                ContestedChoice(heard: recognition.transcript, heardCandidate: candidate, contests: contests))
        case .ambiguous:
            return .ambiguous(match.candidates)
        case .rejected:
            return .rejected(.noShortcut(match.reason))
        }
    }

    /// The one parameter whose value differs between two candidates of the same shortcut; nil
    /// when the shortcuts differ or more than one value does.
    static func decidedParameter(_ one: MatchCandidate, _ other: MatchCandidate) -> String? {
        guard one.shortcutID == other.shortcutID else { return nil }
        let names = Set(one.parameters.keys).union(other.parameters.keys)
        let differing = names.filter { one.parameters[$0] != other.parameters[$0] }
        return differing.count == 1 ? differing.first : nil
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
    /// The audio fits `heard` and `or` (which means another action) nearly equally well, and
    /// the question which was said got no answer naming one of them.
    case uncertain(heard: String, or: String)
    /// Asked which of the contested words was said, the person called it off.
    case cancelled
    /// The audio fit `heard` too loosely to act on, and no answer to "Did you say …?"
    /// confirmed it.
    case unconfirmed(heard: String)
    /// Asked "Did you say …?", the person said no.
    case denied(heard: String)
    /// The words `words` at the start or end of `heard` were no louder than the sound around
    /// the speaker (``BackgroundWords``), and they change what would run.
    case inBackground(heard: String, words: String)
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
    /// The microphone clipped `clippedShare` (0–1) of the loud samples of what was heard as
    /// `heard`: its capture gain is set too high for the words to be trusted.
    case overdriven(heard: String, clippedShare: Double)

    public var description: String {
        switch self {
        case .nothingHeard: "nothing in the phrase set was heard"
        case .unlikePhrases(let transcript, let confidence):
            "\"\(transcript)\" sounds unlike the phrase set (acoustic confidence "
                + String(format: "%.2f", confidence) + ")"
        case .noShortcut(let explanation): explanation
        case .uncertain(let heard, let other):
            "could not tell \"\(heard)\" from \"\(other)\", which means something else, and no answer said which"

        case .cancelled: "the person called the question off"
        case .unconfirmed(let heard): "heard \"\(heard)\" too unclearly to act on, and no answer confirmed it"
        case .denied(let heard): "the person said they did not say \"\(heard)\""
        case .inBackground(let heard, let words):
            "heard \"\(heard)\", but \"\(words)\" was no louder than the sound around the speaker"
        case .noWakeWord: "the wake word was not heard"
        case .notTriggered: "push-to-talk: no trigger came before it"
        case .muted: "listening was muted"
        case .deviceInterrupted: "the capture device was lost while it was said"
        case .nothingDictated(let heard): "heard \"\(heard)\" but no words for its free text"
        case .overdriven(let heard, let share):
            "heard \"\(heard)\", but the microphone clipped " + String(format: "%.0f", share * 100)
                + "% of the loud audio: turn its capture gain down (alsamixer, or the input volume)"
        }
    }
}
