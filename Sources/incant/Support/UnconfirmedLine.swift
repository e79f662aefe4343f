import Foundation
import IncantCapture
import IncantPhrases

/// What `listen` prints when a command was heard too unclearly to act on, before asking "Did
/// you say …?": `{"unconfirmed": {"heard", "shortcut", "parameters", "acousticConfidence"},
/// "heard": {"start", "end"}}` on standard output with `--json`, else a line on standard error.
enum UnconfirmedLine {
    static func print(_ candidate: MatchCandidate, confidence: Double, in utterance: Utterance, json: Bool) throws {
        guard json else {
            let start = HeardSpan(utterance).start
            StandardError.print(
                String(
                    format: "[%.2fs] heard \"%@\" unclearly (acoustic %.2f): asking", start, candidate.transcript,
                    confidence))
            return
        }
        try JSON.write(Line(unconfirmed: Command(candidate, confidence: confidence), heard: HeardSpan(utterance)))
    }

    private struct Line: Encodable {
        var unconfirmed: Command
        var heard: HeardSpan
    }

    /// An unconfirmed command as JSON.
    struct Command: Encodable {
        var heard: String
        var shortcut: String
        var parameters: [String: ParameterValue]
        var acousticConfidence: Double

        init(_ candidate: MatchCandidate, confidence: Double) {
            heard = candidate.transcript
            shortcut = candidate.shortcutID
            parameters = candidate.parameters
            acousticConfidence = JSON.rounded(confidence)
        }
    }
}
