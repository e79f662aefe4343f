import Foundation
import IncantPhrases
import IncantRecognition
import IncantSpeech

/// Whether each recorded take of `phrases record` is heard as the phrase it was recorded for,
/// decided as `listen` and `phrases test` decide: the phrase grammar with the new phrase in
/// it, the acoustic check, and the matcher.
enum TakeCheck {
    /// The verdict on one take.
    struct Verdict {
        /// Accepted as the new phrase itself.
        var matches: Bool
        /// What was heard and decided, for the warning.
        var heard: String
    }

    /// Reloads `recognizer` with the user's phrases plus the new one (`phrase` for `shortcut`)
    /// and judges each take.
    static func check(
        _ takes: [[Int16]], phrase: String, shortcut: String, settings: [String: String],
        shortcuts: [ShortcutDefinition], existing: [UserPhrase], recognizer: GrammarRecognizer
    ) async throws -> [Verdict] {
        var parameters: [String: ParameterValue] = [:]
        let definition = shortcuts.first { $0.id == shortcut }
        for (name, text) in settings {
            if let value = try? definition?.parameter(named: name)?.parseValue(text) { parameters[name] = value }
        }
        let candidate = UserPhrase(shortcut: shortcut, phrase: phrase, parameters: parameters)
        let catalog = PhraseCatalog(shortcuts: shortcuts, userPhrases: existing + [candidate])
        try recognizer.reload(catalog)
        let interpreter = SpeechInterpreter(recognizer: recognizer, matcher: PhraseMatcher(catalog: catalog))
        var verdicts: [Verdict] = []
        for samples in takes {
            let heard = try await DecodingQueue.run {
                interpreter.interpret(try recognizer.recognizeSynchronously(samples))
            }
            let accepted = heard.accepted
            let matches = accepted?.phrase.origin == .user(id: candidate.id)
            let transcript = heard.recognition.transcript
            let description: String
            if let accepted {
                description = "heard \"\(transcript)\" → \(accepted.phrase.label)"
            } else {
                description = "heard \"\(transcript)\", rejected: \(heard.reason)"
            }
            verdicts.append(Verdict(matches: matches, heard: description))
        }
        return verdicts
    }
}
