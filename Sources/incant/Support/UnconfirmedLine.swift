import Foundation
import IncantCapture
import IncantPhrases

/// What `listen` prints when a command was heard too unclearly to act on, before asking "Did
/// you say …?": `{"unconfirmed": {"heard", "shortcut", "parameters", "acousticConfidence"},
/// "heard": {"start", "end"}}` on standard output with `--json`, else a line on standard error.
enum UnconfirmedLine {
    static func print(_ candidate: MatchCandidate, confidence: Double, in utterance: Utterance, json: Bool) throws {
        let start = JSON.rounded(utterance.speechStartTime.inSeconds)
        guard json else {
            StandardError.print(
                String(
                    format: "[%.2fs] heard \"%@\" unclearly (acoustic %.2f): asking", start, candidate.transcript,
                    confidence))
            return
        }
        let line = Line(
            unconfirmed: Command(candidate, confidence: confidence),
            heard: Heard(start: start, end: JSON.rounded(utterance.speechEndTime.inSeconds)))
        do {
            try FileHandle.standardOutput.write(contentsOf: Data((try JSON.line(line) + "\n").utf8))
        } catch {
            throw CommandFailure(message: "cannot write to standard output: \(error)", status: ExitStatus.io)
        }
    }

    private struct Line: Encodable {
        var unconfirmed: Command
        var heard: Heard
    }

    private struct Heard: Encodable {
        var start: Double
        var end: Double
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
