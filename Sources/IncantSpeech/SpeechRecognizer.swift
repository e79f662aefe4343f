import IncantPhrases

/// Turns one utterance of audio into transcripts of the user's phrases: the recognition stage.
///
/// An engine (pocketsphinx in `IncantRecognition`, a fake in tests) keeps its model loaded
/// between utterances. Calls are synchronous CPU work; the listener runs them on the
/// ``DecodingQueue``, one at a time.
public protocol SpeechRecognizer: Sendable {
    /// Recognizes 16 kHz mono 16-bit samples against the phrases.
    ///
    /// - Throws: `CancellationError` when `cancellation` was cancelled before the result.
    func recognize(_ samples: [Int16], cancellation: RecognitionCancellation?) throws -> RecognitionResult

    /// Recognizes the answer to a question: yes or no, a parameter's values, or free words.
    func recognizeAnswer(_ samples: [Int16], to request: AnswerRequest) throws -> RecognitionResult

    /// Listens for the phrases of `catalog` from now on.
    func reload(_ catalog: PhraseCatalog) throws
}
