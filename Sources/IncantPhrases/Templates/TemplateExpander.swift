/// Enumerates the word/slot sequences a template node produces.
///
/// Sequences come in template order (the first alternative first, an optional part left out
/// before it is said) and the first `limit` of them are kept, then repeats are dropped. The
/// walk is depth-first over one shared prefix, so the work is bounded by `limit` times the
/// template's length: `[a] [b] [c] …` with hundreds of optional words costs no more than the
/// sequences it returns.
enum TemplateExpander {
    static func expand(_ node: TemplateNode, limit: Int) -> [[TemplateToken]] {
        guard limit > 0 else { return [] }
        var walker = Walker(limit: limit, pending: [node])
        _ = walker.walk()
        var results: [[TemplateToken]] = []
        var seen = Set<[TemplateToken]>()
        for sequence in walker.results where seen.insert(sequence).inserted {
            results.append(sequence)
        }
        return results
    }

    /// Depth-first enumeration: `prefix` is what the path so far says, `pending` the nodes still
    /// to say after it (the next one last).
    private struct Walker {
        let limit: Int
        var pending: [TemplateNode]
        var prefix: [TemplateToken] = []
        var results: [[TemplateToken]] = []

        init(limit: Int, pending: [TemplateNode]) {
            self.limit = limit
            self.pending = pending
        }

        /// Produces every sequence of `prefix` followed by the pending nodes; false once `limit`
        /// sequences are produced. Leaves `prefix` and `pending` as it found them.
        mutating func walk() -> Bool {
            guard let node = pending.popLast() else {
                results.append(prefix)
                return results.count < limit
            }
            let going: Bool
            switch node {
            case .word, .slot:
                // A run of words and slots is said in one step (no recursion per word).
                var said = [node]
                while let next = pending.last, next.token != nil { said.append(pending.removeLast()) }
                prefix.append(contentsOf: said.compactMap(\.token))
                going = walk()
                prefix.removeLast(said.count)
                pending.append(contentsOf: said.dropFirst().reversed())
            case .sequence(let nodes):
                pending.append(contentsOf: nodes.reversed())
                going = walk()
                pending.removeLast(nodes.count)
            case .choice(let nodes):
                var more = true
                for inner in nodes where more {
                    pending.append(inner)
                    more = walk()
                    pending.removeLast()
                }
                going = more
            case .optional(let inner):
                var more = walk()
                if more {
                    pending.append(inner)
                    more = walk()
                    pending.removeLast()
                }
                going = more
            }
            pending.append(node)
            return going
        }
    }
}

extension TemplateNode {
    /// The token a word or slot node says; nil for the other nodes.
    fileprivate var token: TemplateToken? {
        switch self {
        case .word(let word): return .word(word)
        case .slot(let name): return .slot(name)
        case .sequence, .choice, .optional: return nil
        }
    }
}
