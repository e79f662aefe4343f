import IncantPhrases

/// Recognizes an utterance and matches what was heard to a shortcut: the one path from audio
/// to a decision that `recognize` and `listen` share, and that meets `simulate` at the
/// matcher.
public struct UtteranceInterpreter: Sendable {
    public let recognizer: any SpeechRecognizer
    public let matcher: PhraseMatcher

    public init(recognizer: any SpeechRecognizer, matcher: PhraseMatcher) {
        self.recognizer = recognizer
        self.matcher = matcher
    }

    /// Recognizes `samples` and decides.
    public func interpret(
        _ samples: [Int16], cancellation: RecognitionCancellation? = nil, confirming: Bool = false
    ) throws -> Understanding {
        interpret(try recognizer.recognize(samples, cancellation: cancellation), confirming: confirming)
    }

    /// Matches the transcripts of an existing recognition and decides; with `confirming`, a
    /// confirmable rejection is ``SpeechDecision/unconfirmed(_:)`` (the person can be asked).
    public func interpret(_ recognition: RecognitionResult, confirming: Bool = false) -> Understanding {
        let match = matcher.match(transcripts: recognition.transcripts.isEmpty ? [""] : recognition.transcripts)
        let alternatives =
            match.decision == .accepted ? recognition.closeAlternatives.map { matcher.match(transcripts: [$0]) } : []
        let withoutBackground = recognition.backgroundWords.map { matcher.match(transcripts: [$0.remainder]) }
        return Understanding(
            recognition: recognition, match: match, alternatives: alternatives, withoutBackground: withoutBackground,
            confirming: confirming)
    }
}

/// What was heard, what it matched, and the decision.
public struct Understanding: Sendable {
    public var recognition: RecognitionResult
    public var match: MatchResult
    public var decision: SpeechDecision

    /// `alternatives` are the matches of the recognizer's close alternatives, in order,
    /// `withoutBackground` the match of the transcript without its background words;
    /// `confirming` says whether a confirmable rejection may be asked about
    /// (``SpeechDecision/decide(_:_:alternatives:withoutBackground:confirming:)``).
    public init(
        recognition: RecognitionResult, match: MatchResult, alternatives: [MatchResult] = [],
        withoutBackground: MatchResult? = nil, confirming: Bool = false
    ) {
        self.recognition = recognition
        self.match = match
        self.decision = SpeechDecision.decide(
            recognition, match, alternatives: alternatives, withoutBackground: withoutBackground,
            confirming: confirming)
    }

    /// Match confidence times the recognizer's confidence.
    public var confidence: Double {
        (match.best?.confidence ?? 0) * recognition.confidence
    }

    /// Why the utterance was accepted or not: the rejection, the contested words, or the
    /// matcher's explanation.
    public var reason: String {
        switch decision {
        case .rejected(let rejection): rejection.description
        case .uncertain(let choice): choice.description
        case .unconfirmed(let candidate) where recognition.backgroundWords != nil && recognition.rejection == nil:
            "heard \"\(recognition.transcript)\", but \"\(recognition.backgroundWords?.words ?? "")\" was no louder "
                + "than the sound around the speaker: asking whether \"\(candidate.transcript)\" was said"
        case .unconfirmed(let candidate):
            "\"\(candidate.transcript)\" sounds unclear (acoustic confidence "
                + String(format: "%.2f", recognition.confidence) + "): asking whether it was said"
        case .accepted, .ambiguous: match.reason
        }
    }
}
