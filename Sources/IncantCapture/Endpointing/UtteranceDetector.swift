/// Cuts a continuous stream of samples into utterances: the endpointing stage.
///
/// ``Endpointer`` is the energy-based one. A detector may also offer the utterance in progress
/// once it is unlikely to grow (``settledUtterance``), so that a listener can start decoding
/// it before it closes.
public protocol UtteranceDetector: Sendable {
    /// Feeds samples; returns the utterances they complete.
    mutating func process(_ samples: [Int16]) -> [Utterance]

    /// Ends the stream: the utterance in progress, if it holds enough speech.
    mutating func finish() -> Utterance?

    /// Stream position of the first speech frame of the utterance in progress; nil between
    /// utterances.
    var ongoingSpeechStart: Int? { get }

    /// Where the speech of the utterance in progress ended, once it is settled; nil otherwise.
    var settledSpeechEnd: Int? { get }

    /// The utterance in progress as it will close if no more speech follows; nil when not settled.
    /// Samples it holds that were not heard yet are counted in ``Utterance/filledSampleCount``.
    var settledUtterance: Utterance? { get }
}

extension Endpointer: UtteranceDetector {
    public mutating func process(_ samples: [Int16]) -> [Utterance] {
        process(samples[...])
    }
}
