/// The front end that changes nothing: the default.
public final class IdentityFrontEnd: AudioFrontEnd {
    public init() {}

    public var name: String { "identity" }

    public var latencySamples: Int { 0 }

    public func process(_ samples: [Int16]) -> [Int16] { samples }

    public func flush() -> [Int16] { [] }

    public func reset() {}
}
