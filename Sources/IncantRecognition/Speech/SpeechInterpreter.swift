import Foundation
import IncantPhrases
import IncantSpeech

/// Recognizes an utterance with pocketsphinx and matches what was heard, keeping the engine's
/// own measurements (benchmarks, `phrases record`, `adapt`); it decides exactly as the
/// engine-neutral ``IncantSpeech/UtteranceInterpreter`` does.
public struct SpeechInterpreter: Sendable {
    public let recognizer: GrammarRecognizer
    public let matcher: PhraseMatcher

    public init(recognizer: GrammarRecognizer, matcher: PhraseMatcher) {
        self.recognizer = recognizer
        self.matcher = matcher
    }

    /// Recognizes `samples` and matches the N-best transcripts.
    public func interpret(_ samples: [Int16]) async throws -> SpeechMatch {
        interpret(try recognizer.recognizeSynchronously(samples))
    }

    /// Matches an existing recognition; with `confirming`, what a listener would ask about is
    /// ``IncantSpeech/SpeechDecision/unconfirmed(_:)``.
    public func interpret(_ recognition: SpeechRecognition, confirming: Bool = false) -> SpeechMatch {
        let understanding = UtteranceInterpreter(recognizer: PocketSphinxRecognizer(recognizer), matcher: matcher)
            .interpret(recognition.result, confirming: confirming)
        return SpeechMatch(recognition: recognition, understanding: understanding)
    }
}

/// What was heard (with pocketsphinx's measurements), what it matched, and the decision.
public struct SpeechMatch: Sendable {
    public var recognition: SpeechRecognition
    /// The engine-neutral recognition, match and decision.
    public var understanding: Understanding

    public var match: MatchResult { understanding.match }

    public var decision: SpeechDecision { understanding.decision }

    /// The accepted candidate, if any.
    public var accepted: MatchCandidate? { understanding.decision.accepted }

    /// Match confidence times acoustic confidence.
    public var confidence: Double { understanding.confidence }

    /// Why the utterance was accepted or not.
    public var reason: String { understanding.reason }
}
