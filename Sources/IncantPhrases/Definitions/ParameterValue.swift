/// A typed value of a shortcut parameter, as matched from a phrase or set by the user.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    case text(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)

    /// The value as plain text, as it appears in dialogs and `INCANT_*` environment variables.
    public var description: String {
        switch self {
        case .text(let value): return value
        case .integer(let value): return String(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
            return String(value)
        case .boolean(let value): return value ? "true" : "false"
        }
    }
}

extension ParameterValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .boolean(let value): try container.encode(value)
        }
    }
}
