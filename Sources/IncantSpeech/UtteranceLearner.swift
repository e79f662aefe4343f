/// Adapts the recognizer to the person from the utterances it accepted (online adaptation).
///
/// The listener calls it in a background task, one utterance at a time, after the shortcut
/// and its dialog, so learning never delays an answer.
public protocol UtteranceLearner: Sendable {
    /// Learns from an accepted utterance and its transcript; returns how many utterances the
    /// model was adapted to when it changed, nil otherwise.
    func learn(from samples: [Int16], transcript: String) async throws -> Int?
}
