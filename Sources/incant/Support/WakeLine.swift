import Foundation
import IncantCapture
import IncantSpeech

/// What `listen` prints for an utterance decided by the wake word alone: ignored without it,
/// or the wake word said on its own (the command is the next utterance).
enum WakeLine {
    /// `{"ignored": true, "reason": …, "heard": {"start", "end"}}` on standard output.
    static func ignored(_ utterance: Utterance, _ reason: DecisionRejection) throws {
        try JSON.write(Line(ignored: true, reason: reason.description, heard: HeardSpan(utterance)))
    }

    /// `{"wakeWord": {"start", "end", "confidence"}, "heard": …}` on standard output with
    /// `json`, else a line on standard error.
    static func heard(_ detection: WakeDetection, in utterance: Utterance, json: Bool) throws {
        let rate = Double(AudioFormat.sampleRate)
        let origin = Double(utterance.startSample)
        let word = WakeWord(
            start: JSON.rounded((origin + Double(detection.startSample)) / rate),
            end: JSON.rounded((origin + Double(detection.endSample)) / rate),
            confidence: JSON.rounded(detection.confidence))
        guard json else {
            StandardError.print(
                String(format: "[%.2fs] wake word heard (%.2f); listening for the command", word.start, word.confidence)
            )
            return
        }
        try JSON.write(Line(ignored: nil, reason: nil, heard: HeardSpan(utterance), wakeWord: word))
    }

    private struct Line: Encodable {
        var ignored: Bool?
        var reason: String?
        var heard: HeardSpan
        var wakeWord: WakeWord?
    }

    private struct WakeWord: Encodable {
        var start: Double
        var end: Double
        var confidence: Double
    }
}
