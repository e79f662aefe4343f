import Foundation
import IncantCapture
import IncantListening
import IncantPhrases
import IncantSpeech

/// What `listen` prints when a word that decides the action was contested, before asking
/// which was said: `{"uncertain": {"heard", "contested": [{"position", "parameter",
/// "alternatives": [{"word", "transcript", "shortcut", "parameters"}]}]}, "heard": {"start",
/// "end"}}` on standard output with `--json`, else a line on standard error.
enum UncertainLine {
    static func print(_ choice: ContestedChoice, in utterance: Utterance, json: Bool) throws {
        guard json else {
            StandardError.print(String(format: "[%.2fs] %@", HeardSpan(utterance).start, choice.description))
            return
        }
        try JSON.write(Line(uncertain: Choice(choice), heard: HeardSpan(utterance)))
    }

    private struct Line: Encodable {
        var uncertain: Choice
        var heard: HeardSpan
    }

    /// A ``ContestedChoice`` as JSON.
    struct Choice: Encodable {
        var heard: String
        var contested: [ContestJSON]

        init(_ choice: ContestedChoice) {
            heard = choice.heard
            contested = choice.contests.map(ContestJSON.init)
        }
    }

    struct ContestJSON: Encodable {
        var position: Int
        var length: Int
        var parameter: String?
        var alternatives: [Alternative]

        init(_ contest: Contest) {
            position = contest.position
            length = contest.length
            parameter = contest.parameter
            alternatives = contest.alternatives.map {
                Alternative(
                    word: $0.word, transcript: $0.transcript, shortcut: $0.candidate.shortcutID,
                    parameters: $0.candidate.parameters)
            }
        }
    }

    struct Alternative: Encodable {
        var word: String
        var transcript: String
        var shortcut: String
        var parameters: [String: ParameterValue]
    }
}
