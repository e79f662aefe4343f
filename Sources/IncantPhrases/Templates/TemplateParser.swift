/// Parses phrase template syntax: words, `(a|b)` alternatives, `[optional]` parts (which may
/// hold alternatives), and `{param}` slots. Nesting is allowed.
enum TemplateParser {
    static func parse(_ text: String) throws -> TemplateNode {
        var parser = Parser(text: text)
        let node = try parser.parseAlternatives(closing: nil)
        if case .sequence(let nodes) = node, nodes.isEmpty {
            throw TemplateSyntaxError(template: text, column: 1, message: "empty phrase")
        }
        if node.words.isEmpty && node.slotNames.isEmpty {
            throw TemplateSyntaxError(template: text, column: 1, message: "phrase has no words")
        }
        let units = node.words.count + node.slotNames.count
        if units > maximumUnits {
            throw TemplateSyntaxError(
                template: text, column: 1,
                message: "phrase has \(units) words and slots; at most \(maximumUnits) are allowed")
        }
        return node
    }

    /// Most words and slots in one template (counting every alternative): room for long lists of
    /// alternatives, while bounding what expanding and compiling one template can cost.
    static let maximumUnits = 1_000

    private struct Parser {
        let text: String
        let characters: [Character]
        var position = 0

        init(text: String) {
            self.text = text
            self.characters = Array(text)
        }

        func error(_ message: String, at column: Int? = nil) -> TemplateSyntaxError {
            TemplateSyntaxError(template: text, column: (column ?? position) + 1, message: message)
        }

        /// Parses `seq ('|' seq)*` up to `closing` (or the end when `closing` is nil).
        mutating func parseAlternatives(closing: Character?) throws -> TemplateNode {
            var alternatives: [TemplateNode] = []
            var current: [TemplateNode] = []
            let start = position
            while position < characters.count {
                let character = characters[position]
                switch character {
                case "|":
                    if current.isEmpty { throw error("empty alternative before '|'") }
                    alternatives.append(Self.collapse(current))
                    current = []
                    position += 1
                case ")", "]":
                    guard let closing else { throw error("unmatched '\(character)'") }
                    guard character == closing else {
                        throw error("expected '\(closing)' but found '\(character)'")
                    }
                    if current.isEmpty {
                        throw error(alternatives.isEmpty ? "empty group" : "empty alternative before '\(character)'")
                    }
                    alternatives.append(Self.collapse(current))
                    return alternatives.count == 1 ? alternatives[0] : .choice(alternatives)
                case "(":
                    position += 1
                    let inner = try parseAlternatives(closing: ")")
                    position += 1
                    current.append(inner)
                case "[":
                    position += 1
                    let inner = try parseAlternatives(closing: "]")
                    position += 1
                    current.append(.optional(inner))
                case "{":
                    current.append(try parseSlot())
                case "}":
                    throw error("unmatched '}'")
                case _ where character.isWhitespace:
                    position += 1
                default:
                    current.append(.word(parseWord()))
                }
            }
            if let closing {
                throw error("missing '\(closing)' for the group opened here", at: start - 1)
            }
            if !alternatives.isEmpty {
                if current.isEmpty { throw error("empty alternative after '|'") }
                alternatives.append(Self.collapse(current))
                return .choice(alternatives)
            }
            return Self.collapse(current)
        }

        mutating func parseSlot() throws -> TemplateNode {
            let open = position
            position += 1
            var name = ""
            while position < characters.count, characters[position] != "}" {
                name.append(characters[position])
                position += 1
            }
            guard position < characters.count else { throw error("missing '}' for the slot opened here", at: open) }
            position += 1
            let trimmed = name.trimmingWhitespace()
            guard !trimmed.isEmpty else { throw error("empty slot '{}'", at: open) }
            guard trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                throw error("slot name '\(trimmed)' may only hold letters, digits, '_' and '-'", at: open)
            }
            return .slot(trimmed)
        }

        mutating func parseWord() -> String {
            var word = ""
            while position < characters.count {
                let character = characters[position]
                if character.isWhitespace || "()[]{}|".contains(character) { break }
                word.append(character)
                position += 1
            }
            return word
        }

        static func collapse(_ nodes: [TemplateNode]) -> TemplateNode {
            nodes.count == 1 ? nodes[0] : .sequence(nodes)
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
