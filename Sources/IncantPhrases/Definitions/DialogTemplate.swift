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

    /// One piece of the text: literal text, or a `{name}` placeholder as written.
    enum Segment: Hashable {
        case literal(String)
        case placeholder(name: String, written: String)
    }

    /// The text cut into literal text and placeholders. `{{` and `}}` are a literal `{` and
    /// `}` (so a JSON body can be written in a `run:` argument); a `{` without a closing `}`,
    /// and `{}`, are literal text.
    var segments: [Segment] {
        var segments: [Segment] = []
        var literal = ""
        var rest = Substring(text)
        while let first = rest.first {
            if rest.hasPrefix("{{") || rest.hasPrefix("}}") {
                literal.append(first)
                rest = rest.dropFirst(2)
            } else if first == "{", let close = rest.firstIndex(of: "}") {
                let written = String(rest[...close])
                let name = written.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                if name.isEmpty {
                    literal += written
                } else {
                    if !literal.isEmpty { segments.append(.literal(literal)) }
                    literal = ""
                    segments.append(.placeholder(name: name, written: written))
                }
                rest = rest[rest.index(after: close)...]
            } else {
                literal.append(first)
                rest = rest.dropFirst()
            }
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return segments
    }

    /// Names of the `{placeholders}` in the text, in order of appearance.
    public var placeholders: [String] {
        segments.compactMap { segment in
            if case .placeholder(let name, _) = segment { return name }
            return nil
        }
    }

    /// The placeholder's name when the text is exactly one placeholder (`"{level}"`), else `nil`.
    public var solePlaceholder: String? {
        let segments = self.segments
        guard segments.count == 1, case .placeholder(let name, _) = segments[0] else { return nil }
        return name
    }

    /// The text with each `{name}` replaced by the value's text and `{{`, `}}` by `{`, `}`;
    /// unknown names are left as written so a missing value is visible rather than silently
    /// dropped.
    public func render(_ values: [String: ParameterValue]) -> String {
        segments.map { segment in
            switch segment {
            case .literal(let text): return text
            case .placeholder(let name, let written): return values[name]?.description ?? written
            }
        }.joined()
    }
}
