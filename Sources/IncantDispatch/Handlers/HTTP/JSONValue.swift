import IncantPhrases

/// A JSON value read from an HTTP handler's answer.
enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value `pointer` leads to, or `nil` when a step is missing.
    func value(at pointer: JSONPointer) -> JSONValue? {
        var current = self
        for token in pointer.tokens {
            switch current {
            case .object(let members):
                guard let next = members[token] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The value as a parameter value; `nil` for null, arrays and objects.
    var parameterValue: ParameterValue? {
        switch self {
        case .boolean(let value): return .boolean(value)
        case .integer(let value): return .integer(value)
        case .number(let value): return .number(value)
        case .string(let value): return .text(value)
        case .null, .array, .object: return nil
        }
    }
}
