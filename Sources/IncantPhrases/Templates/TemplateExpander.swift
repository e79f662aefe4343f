/// Enumerates the word/slot sequences a template node produces.
enum TemplateExpander {
    static func expand(_ node: TemplateNode, limit: Int) -> [[TemplateToken]] {
        var results: [[TemplateToken]] = []
        var seen = Set<[TemplateToken]>()
        for sequence in expansions(of: node, limit: limit) where seen.insert(sequence).inserted {
            results.append(sequence)
        }
        return results
    }

    private static func expansions(of node: TemplateNode, limit: Int) -> [[TemplateToken]] {
        switch node {
        case .word(let word): return [[.word(word)]]
        case .slot(let name): return [[.slot(name)]]
        case .optional(let inner): return [[]] + expansions(of: inner, limit: limit - 1)
        case .choice(let nodes):
            var all: [[TemplateToken]] = []
            for inner in nodes {
                all += expansions(of: inner, limit: limit - all.count)
                if all.count >= limit { return Array(all.prefix(limit)) }
            }
            return all
        case .sequence(let nodes):
            var partial: [[TemplateToken]] = [[]]
            for inner in nodes {
                let tails = expansions(of: inner, limit: limit)
                var next: [[TemplateToken]] = []
                next.reserveCapacity(min(limit, partial.count * tails.count))
                outer: for head in partial {
                    for tail in tails {
                        next.append(head + tail)
                        if next.count >= limit { break outer }
                    }
                }
                partial = next
            }
            return partial
        }
    }
}
