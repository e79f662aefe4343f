/// How large an event may be; a connection that sends a larger one is closed.
public struct WyomingLimits: Sendable, Hashable {
    /// The longest header line, newline excluded.
    public var headerBytes: Int
    /// The longest extra data object (`data_length`).
    public var dataBytes: Int
    /// The longest payload (`payload_length`).
    public var payloadBytes: Int

    public init(headerBytes: Int = 64 * 1024, dataBytes: Int = 1024 * 1024, payloadBytes: Int = 4 * 1024 * 1024) {
        self.headerBytes = headerBytes
        self.dataBytes = dataBytes
        self.payloadBytes = payloadBytes
    }
}
