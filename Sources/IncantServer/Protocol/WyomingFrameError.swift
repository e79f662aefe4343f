/// Why bytes received are not a Wyoming event. The connection they came on is closed after an
/// `error` event naming it.
public enum WyomingFrameError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The header line is longer than the limit (no newline within it).
    case headerTooLong(limit: Int)
    /// The header line is not a JSON object.
    case headerNotJSON
    /// The header has no `type` string (or an empty one).
    case missingType
    /// `data` in the header is present but not an object.
    case dataNotObject
    /// `data_length` or `payload_length` is not a whole number from 0 up.
    case badLength(field: String)
    /// `data_length` or `payload_length` exceeds its limit.
    case tooLarge(field: String, length: Int, limit: Int)
    /// The extra data is not a JSON object.
    case extraDataNotObject
    /// The connection ended inside an event.
    case truncated(received: Int)

    public var description: String {
        switch self {
        case .headerTooLong(let limit): "header line longer than \(limit) bytes"
        case .headerNotJSON: "header line is not a JSON object"
        case .missingType: "header has no \"type\" string"
        case .dataNotObject: "\"data\" is not a JSON object"
        case .badLength(let field): "\"\(field)\" is not a whole number from 0 up"
        case .tooLarge(let field, let length, let limit): "\"\(field)\" \(length) exceeds the limit of \(limit) bytes"
        case .extraDataNotObject: "the data after the header is not a JSON object"
        case .truncated(let received): "the connection ended inside an event (\(received) bytes of it received)"
        }
    }
}
