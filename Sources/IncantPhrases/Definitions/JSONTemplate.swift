/// A JSON body as written in a definition, with `{param}` placeholders in its strings.
///
/// Built from YAML: mappings are objects (keys kept in order and never filled), lists are
/// arrays, quoted scalars are strings, and plain scalars are `null`, booleans, numbers or
/// strings as YAML reads them. A string that is exactly one placeholder (`"{level}"`) becomes
/// the parameter's typed value (a number stays a number); a string with placeholders among
/// other text stays a string with the values' text inside it.
public indirect enum JSONTemplate: Sendable, Hashable {
    case null
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(DialogTemplate)
    case array([JSONTemplate])
    case object([Member])

    /// One `key: value` of an object, in the order written.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONTemplate

        public init(key: String, value: JSONTemplate) {
            self.key = key
            self.value = value
        }
    }

    /// Names of every placeholder in the template's strings, in order of appearance.
    public var placeholders: [String] {
        switch self {
        case .null, .boolean, .integer, .number: return []
        case .string(let template): return template.placeholders
        case .array(let items): return items.flatMap(\.placeholders)
        case .object(let members): return members.flatMap(\.value.placeholders)
        }
    }
}
