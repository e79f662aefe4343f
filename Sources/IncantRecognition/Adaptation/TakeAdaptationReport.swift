/// What ``TakeAdaptation`` did; encoded as `incant adapt --json` prints it.
public struct TakeAdaptationReport: Sendable, Encodable, Equatable {
    /// The transform's file.
    public var transform: String
    /// Takes of the phrases.
    public var takes: Int
    /// Takes that could be read and recognized (the others are in ``skipped``).
    public var decoded: Int
    /// Takes the transform was estimated from.
    public var used: Int
    /// Takes not used, each with why.
    public var skipped: [String]
    /// Takes accepted for their own shortcut with the phrase's fixed values, before adapting.
    public var recognizedBefore: Int
    /// The same, with the transform.
    public var recognizedAfter: Int

    public init(
        transform: String, takes: Int, decoded: Int, used: Int, skipped: [String], recognizedBefore: Int,
        recognizedAfter: Int
    ) {
        self.transform = transform
        self.takes = takes
        self.decoded = decoded
        self.used = used
        self.skipped = skipped
        self.recognizedBefore = recognizedBefore
        self.recognizedAfter = recognizedAfter
    }

    enum CodingKeys: String, CodingKey {
        case transform, takes, used, skipped, recognizedBefore, recognizedAfter
    }
}
