import Yams

/// Walks a composed YAML node tree and records problems with file and line, so a definition
/// file with five mistakes reports all five.
struct YAMLReader {
    let file: String
    var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    func location(_ node: Node?) -> SourceLocation {
        guard let mark = node?.mark else { return SourceLocation(file: file) }
        return SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    mutating func error(_ node: Node?, _ message: String) {
        diagnostics.append(Diagnostic(.error, location(node), message))
    }

    mutating func warning(_ node: Node?, _ message: String) {
        diagnostics.append(Diagnostic(.warning, location(node), message))
    }

    /// The entries of a mapping node as (key, key node, value node), reporting non-mappings.
    mutating func mapping(_ node: Node, what: String) -> [(key: String, keyNode: Node, value: Node)]? {
        guard case .mapping(let mapping) = node else {
            error(node, "\(what) must be a mapping (key: value)")
            return nil
        }
        var entries: [(String, Node, Node)] = []
        var seen: [String: Node] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else {
                error(keyNode, "\(what) has a key that is not text")
                continue
            }
            if let first = seen[key] {
                error(keyNode, "duplicate key '\(key)' in \(what) (first at line \(first.mark?.line ?? 0))")
                continue
            }
            seen[key] = keyNode
            entries.append((key, keyNode, value))
        }
        return entries
    }

    /// Reports keys of a mapping that are not in `allowed`, suggesting a close one.
    mutating func checkKeys(
        _ entries: [(key: String, keyNode: Node, value: Node)], allowed: [String], what: String
    ) {
        for entry in entries where !allowed.contains(entry.key) {
            var message = "unknown key '\(entry.key)' in \(what)"
            if let suggestion = allowed.min(by: {
                Self.distance($0, entry.key) < Self.distance($1, entry.key)
            }), Self.distance(suggestion, entry.key) <= 2 {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += " (allowed: \(allowed.joined(separator: ", ")))"
            }
            error(entry.keyNode, message)
        }
    }

    mutating func sequence(_ node: Node, what: String) -> [Node]? {
        guard case .sequence(let sequence) = node else {
            error(node, "\(what) must be a list")
            return nil
        }
        return Array(sequence)
    }

    mutating func string(_ node: Node, what: String) -> String? {
        guard case .scalar(let scalar) = node else {
            error(node, "\(what) must be text")
            return nil
        }
        return scalar.string
    }

    mutating func bool(_ node: Node, what: String) -> Bool? {
        guard case .scalar(let scalar) = node, let value = Self.boolean(scalar) else {
            error(node, "\(what) must be true or false")
            return nil
        }
        return value
    }

    /// The YAML 1.1 booleans that Yams's default resolver reads as `!!bool` (`true`, `yes`,
    /// `on`, … in lower, title or upper case), when written plain (unquoted).
    ///
    /// Definitions are composed with Yams's resolver without rules (``YAMLReader/resolver``),
    /// so every scalar reaches the reader as text and booleans are recognized here.
    static func boolean(_ scalar: Node.Scalar) -> Bool? {
        guard scalar.style == .plain || scalar.style == .any else { return nil }
        switch scalar.string {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }

    /// The resolver definitions and the phrase store are composed with: none of Yams's rules.
    ///
    /// Its default resolver compiles its rules (booleans, numbers, null, timestamps) as
    /// `NSRegularExpression`s, which brings ICU's regular expression engine and data into
    /// memory: about 1.5 MB of a listener's resident memory, for rules the reader does not need
    /// (``boolean(_:)`` reads booleans; Yams reads numbers from the text).
    static let resolver = Resolver.basic

    mutating func number(_ node: Node, what: String) -> Double? {
        guard case .scalar = node, let value = node.float ?? node.int.map(Double.init) else {
            error(node, "\(what) must be a number")
            return nil
        }
        return value
    }

    /// Levenshtein distance between two short strings, for "did you mean" hints.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = Swift.min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
