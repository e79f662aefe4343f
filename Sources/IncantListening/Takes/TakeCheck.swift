import IncantPhrases
import IncantSpeech

/// Whether each recorded take is heard as the phrase it was recorded for, decided as `listen`
/// and `phrases test` decide: the recognizer reloaded with the new phrase among the user's,
/// and the matcher.
public enum TakeCheck {
    /// The verdict on one take.
    public struct Verdict: Sendable {
        /// What was heard, matched and decided.
        public var understanding: Understanding
        /// Accepted as the new phrase itself.
        public var matches: Bool

        /// What was heard and decided, for a warning: `heard "…" → phrase`, or why it was rejected.
        public var heard: String {
            let transcript = understanding.recognition.transcript
            if let accepted = understanding.decision.accepted {
                return "heard \"\(transcript)\" → \(accepted.phrase.label)"
            }
            return "heard \"\(transcript)\", rejected: \(understanding.reason)"
        }
    }

    /// The phrase `phrase` for `shortcut`, with the values of `settings` (parameter name to
    /// text) its definition among `shortcuts` can parse; the others are left out.
    public static func candidate(
        phrase: String, shortcut: String, settings: [String: String], shortcuts: [ShortcutDefinition]
    ) -> UserPhrase {
        var parameters: [String: ParameterValue] = [:]
        let definition = shortcuts.first { $0.id == shortcut }
        for (name, text) in settings {
            if let value = try? definition?.parameter(named: name)?.parseValue(text) { parameters[name] = value }
        }
        return UserPhrase(shortcut: shortcut, phrase: phrase, parameters: parameters)
    }

    /// Reloads `recognizer` with the `existing` phrases plus `candidate` and judges each take:
    /// a take matches when it is accepted as `candidate` itself. The recognizer keeps that
    /// catalog.
    public static func check(
        _ takes: [[Int16]], candidate: UserPhrase, shortcuts: [ShortcutDefinition], existing: [UserPhrase],
        recognizer: any SpeechRecognizer
    ) async throws -> [Verdict] {
        let catalog = PhraseCatalog(shortcuts: shortcuts, userPhrases: existing + [candidate])
        try recognizer.reload(catalog)
        let interpreter = UtteranceInterpreter(recognizer: recognizer, matcher: PhraseMatcher(catalog: catalog))
        var verdicts: [Verdict] = []
        for samples in takes {
            let heard = try await DecodingQueue.run { try interpreter.interpret(samples) }
            let matches = heard.decision.accepted?.phrase.origin == .user(id: candidate.id)
            verdicts.append(Verdict(understanding: heard, matches: matches))
        }
        return verdicts
    }
}
