/// One node of a parsed phrase template.
///
/// Templates use `(a|b)` for alternatives, `[optional words]` (which may also hold
/// alternatives: `[a|an]`) and `{param}` for a slot filled by a parameter value.
public indirect enum TemplateNode: Sendable, Hashable {
    /// A literal word, as written.
    case word(String)
    /// A slot for the named parameter.
    case slot(String)
    /// Nodes one after another.
    case sequence([TemplateNode])
    /// Exactly one of the alternatives.
    case choice([TemplateNode])
    /// The node, or nothing.
    case optional(TemplateNode)

    /// Slot names in the order they appear (a name may repeat across alternatives).
    public var slotNames: [String] {
        switch self {
        case .word: return []
        case .slot(let name): return [name]
        case .sequence(let nodes), .choice(let nodes): return nodes.flatMap(\.slotNames)
        case .optional(let node): return node.slotNames
        }
    }

    /// Every literal word anywhere in the node.
    public var words: [String] {
        switch self {
        case .word(let word): return [word]
        case .slot: return []
        case .sequence(let nodes), .choice(let nodes): return nodes.flatMap(\.words)
        case .optional(let node): return node.words
        }
    }

    /// How many distinct word/slot sequences the node expands to (saturating at `Int.max`).
    public var expansionCount: Int {
        switch self {
        case .word, .slot: return 1
        case .sequence(let nodes):
            return nodes.reduce(1) { total, node in
                let (product, overflow) = total.multipliedReportingOverflow(by: node.expansionCount)
                return overflow ? Int.max : product
            }
        case .choice(let nodes):
            return nodes.reduce(0) { total, node in
                let (sum, overflow) = total.addingReportingOverflow(node.expansionCount)
                return overflow ? Int.max : sum
            }
        case .optional(let node):
            let (sum, overflow) = node.expansionCount.addingReportingOverflow(1)
            return overflow ? Int.max : sum
        }
    }

    /// The template written back in template syntax.
    public var templateText: String {
        switch self {
        case .word(let word): return word
        case .slot(let name): return "{\(name)}"
        case .sequence(let nodes): return nodes.map(\.templateText).joined(separator: " ")
        case .choice(let nodes): return "(" + nodes.map(\.templateText).joined(separator: "|") + ")"
        case .optional(.choice(let nodes)):
            return "[" + nodes.map(\.templateText).joined(separator: "|") + "]"
        case .optional(let node): return "[" + node.templateText + "]"
        }
    }
}

/// One element of an expanded template: a word or a slot.
public enum TemplateToken: Sendable, Hashable {
    case word(String)
    case slot(String)
}
