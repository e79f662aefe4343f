import Foundation
import IncantPhrases

/// Recognizes an utterance and matches what was heard to a shortcut: the one path from audio
/// to shortcut + parameters that `recognize` and `listen` share (and that meets `simulate` at
/// the matcher).
public struct SpeechInterpreter: Sendable {
    public let recognizer: any Recognizer
    public let matcher: PhraseMatcher

    public init(recognizer: any Recognizer, matcher: PhraseMatcher) {
        self.recognizer = recognizer
        self.matcher = matcher
    }

    /// Recognizes `samples` and matches the N-best transcripts.
    public func interpret(_ samples: [Int16]) async throws -> SpeechMatch {
        let recognition = try await recognizer.recognize(samples)
        return interpret(recognition)
    }

    /// Matches an existing recognition.
    public func interpret(_ recognition: SpeechRecognition) -> SpeechMatch {
        let match = matcher.match(transcripts: recognition.alternatives.isEmpty ? [""] : recognition.alternatives)
        return SpeechMatch(recognition: recognition, match: match)
    }
}

/// What was heard, what it matched, and whether it is accepted.
public struct SpeechMatch: Sendable {
    public var recognition: SpeechRecognition
    public var match: MatchResult

    /// The accepted candidate: the matcher accepted it and the audio was not rejected.
    public var accepted: MatchCandidate? {
        recognition.isRejected ? nil : match.accepted
    }

    /// Match confidence times acoustic confidence.
    public var confidence: Double {
        (match.best?.confidence ?? 0) * recognition.acousticConfidence
    }

    /// Why the utterance was accepted or not.
    public var reason: String {
        if recognition.transcript.isEmpty { return "nothing in the phrase set was heard" }
        if recognition.isRejected {
            return "\"\(recognition.transcript)\" sounds unlike the phrase set (acoustic confidence "
                + String(format: "%.2f", recognition.acousticConfidence) + ")"
        }
        return match.reason
    }
}
