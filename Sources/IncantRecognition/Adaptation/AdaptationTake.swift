/// One utterance to adapt the acoustic model to, with the words said in it.
public struct AdaptationTake: Sendable, Equatable {
    /// Names the take in messages (its file, or a clip's name).
    public var label: String
    /// 16 kHz mono samples.
    public var samples: [Int16]
    /// The words said, in order, lower-cased as the dictionary has them.
    public var words: [String]

    public init(label: String, samples: [Int16], words: [String]) {
        self.label = label
        self.samples = samples
        self.words = words
    }
}
