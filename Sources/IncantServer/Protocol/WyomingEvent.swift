import Foundation

/// One Wyoming event: a type, JSON data and an optional binary payload (PCM audio).
///
/// On the wire (as the `wyoming` Python package v1.x writes it) an event is a JSON header line
/// `{"type": …, "data": {…}?, "data_length": N?, "payload_length": M?, "version": …}` and a
/// newline, then N bytes of JSON data (merged into `data`) and M bytes of payload.
public struct WyomingEvent: Sendable, Hashable {
    /// The event type, such as `describe`, `audio-chunk` or `transcript`.
    public var type: String
    /// The data: the header's `data` with the extra data object merged in.
    public var data: [String: JSONValue]
    /// The payload; empty when the event has none.
    public var payload: [UInt8]

    public init(type: String, data: [String: JSONValue] = [:], payload: [UInt8] = []) {
        self.type = type
        self.data = data
        self.payload = payload
    }

    /// The protocol version written in every header: the `wyoming` release this server was
    /// tested against.
    public static let protocolVersion = "1.10.2"

    /// The event as bytes on the wire: a header line, the data as a separate JSON object (as
    /// the Python package writes it), the payload.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var header: [String: JSONValue] = ["type": .string(type), "version": .string(Self.protocolVersion)]
        var dataBytes: [UInt8] = []
        if !data.isEmpty {
            // Encoding a value tree of strings, numbers and containers cannot fail.
            dataBytes = Array((try? encoder.encode(JSONValue.object(data))) ?? Data("{}".utf8))
            header["data_length"] = .number(Double(dataBytes.count))
        }
        if !payload.isEmpty { header["payload_length"] = .number(Double(payload.count)) }
        var bytes = Array((try? encoder.encode(JSONValue.object(header))) ?? Data())
        bytes.append(UInt8(ascii: "\n"))
        bytes += dataBytes
        bytes += payload
        return bytes
    }
}
