import Foundation

/// A dialog line with `{param}` placeholders, e.g. `"Ordering {count} {kind}."`.
public struct DialogTemplate: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The text as written in the definition.
    public var text: String

    public init(_ text: String) {
        self.text = text
    }

    public init(stringLiteral value: String) {
        self.text = value
    }

    /// Names of the `{placeholders}` in the text, in order of appearance.
    public var placeholders: [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = rest[rest.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { names.append(name) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The text with each `{name}` replaced by the value's text; unknown names are left as
    /// written so a missing value is visible rather than silently dropped.
    public func render(_ values: [String: ParameterValue]) -> String {
        var output = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            output += rest[..<open]
            let name = rest[rest.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
            if let value = values[name] {
                output += value.description
            } else {
                output += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        output += rest
        return output
    }
}
