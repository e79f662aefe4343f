import IncantCapture

/// Finds a wake word in an utterance: the slot that gates what the listener acts on.
public protocol WakeWordDetector: Sendable {
    /// The wake phrase, for messages.
    var phrase: String { get }

    /// Where the wake word is in `utterance`, or nil when it was not said.
    func detect(in utterance: Utterance) throws -> WakeDetection?

    /// The same, also hearing `unprocessed`: the utterance's audio before the front end, sample
    /// for sample. A detector that has no use for it ignores it.
    func detect(in utterance: Utterance, unprocessed: [Int16]?) throws -> WakeDetection?
}

extension WakeWordDetector {
    public func detect(in utterance: Utterance, unprocessed: [Int16]?) throws -> WakeDetection? {
        try detect(in: utterance)
    }
}

/// A wake word heard in an utterance.
public struct WakeDetection: Sendable, Equatable {
    /// Offset of its first sample within the utterance's samples.
    public var startSample: Int
    /// Offset just after its last sample; what follows may be the command.
    public var endSample: Int
    /// How sure the detector is, in [0, 1].
    public var confidence: Double

    public init(startSample: Int, endSample: Int, confidence: Double) {
        self.startSample = startSample
        self.endSample = endSample
        self.confidence = confidence
    }
}
