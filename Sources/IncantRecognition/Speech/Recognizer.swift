/// Turns one utterance of audio into what was said.
///
/// Implementations keep their model loaded between utterances; ``recognize(_:)`` is called
/// once per utterance found by the endpointer (or per file).
public protocol Recognizer: Sendable {
    /// Recognizes 16 kHz mono 16-bit samples.
    func recognize(_ samples: [Int16]) async throws -> SpeechRecognition
}
