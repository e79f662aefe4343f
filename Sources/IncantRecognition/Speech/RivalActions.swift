import IncantPhrases

/// Whether a rival in place of some of the heard words would run another action: what decides
/// which rivals are worth contrasting (``RecognizerOptions/contrastsEveryRival``).
///
/// A contested word asks only when its rival means something else (``IncantSpeech/SpeechDecision``),
/// so a rival that keeps the shortcut and its values, or that the matcher would not run,
/// decides nothing. When the heard words themselves run nothing, every rival may matter.
struct RivalActions {
    let heard: [String]
    let meanings: PhraseMatcher
    /// What the heard words run; nil when the matcher runs nothing for them.
    let action: MatchCandidate?

    init(heard: [String], meanings: PhraseMatcher) {
        self.heard = heard
        self.meanings = meanings
        action = meanings.match(heard.joined(separator: " ")).accepted
    }

    /// Whether `rival` in place of the heard words in `range` would run another action.
    func changes(_ range: Range<Int>, to rival: [String]) -> Bool {
        guard let action else { return true }
        var alternative = heard
        alternative.replaceSubrange(range, with: rival)
        guard let other = meanings.match(alternative.joined(separator: " ")).accepted else { return false }
        return !other.sameAction(as: action)
    }
}
