/// The declared type of a shortcut parameter, which decides which words can fill it.
public enum ParameterType: Sendable, Hashable {
    /// One of a fixed list of values, each with a spoken form.
    case enumeration([EnumValue])
    /// A whole number, spoken as words ("twenty one") or digits, optionally limited to a range.
    case integer(ClosedRange<Int>?)
    /// A decimal number ("two point five"), optionally limited to a range.
    case number(ClosedRange<Double>?)
    /// Yes/no, true/false, on/off.
    case boolean
    /// Free text: any words.
    case text

    /// The name used in YAML (`enum`, `integer`, `number`, `boolean`, `text`).
    public var name: String {
        switch self {
        case .enumeration: return "enum"
        case .integer: return "integer"
        case .number: return "number"
        case .boolean: return "boolean"
        case .text: return "text"
        }
    }
}

/// One value of an enum parameter: what is said, and what the handler receives.
public struct EnumValue: Sendable, Hashable {
    /// The words a person says, e.g. "four cheese".
    public var spoken: String
    /// The value handed to handlers, e.g. "4-cheese"; the spoken form when not mapped.
    public var value: String

    public init(spoken: String, value: String? = nil) {
        self.spoken = spoken
        self.value = value ?? spoken
    }
}
