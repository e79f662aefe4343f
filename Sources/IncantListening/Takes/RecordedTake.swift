import IncantCapture

/// One take of a phrase: its audio and what dictation heard in it.
public struct RecordedTake: Sendable {
    /// Which take, from 1.
    public var number: Int
    /// The audio, with its place in the input.
    public var utterance: Utterance
    /// What dictation heard ("" for nothing).
    public var transcript: String

    public init(number: Int, utterance: Utterance, transcript: String) {
        self.number = number
        self.utterance = utterance
        self.transcript = transcript
    }

    /// The take's samples.
    public var samples: [Int16] { utterance.samples }
}
