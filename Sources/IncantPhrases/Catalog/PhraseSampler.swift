/// Produces example sentences of a phrase entry, with slots filled by example values, for
/// conflict checks ("would this new phrase trigger another shortcut?").
enum PhraseSampler {
    static func samples(of entry: PhraseEntry, shortcut: ShortcutDefinition, limit: Int = 48) -> [String] {
        var samples: [String] = []
        var seen = Set<String>()
        for expansion in entry.template.expansions(limit: limit) {
            var partial: [[String]] = [[]]
            for token in expansion {
                let options: [String]
                switch token {
                case .word(let word): options = [word]
                case .slot(let name): options = exampleValues(shortcut.parameter(named: name))
                }
                partial = partial.flatMap { head in options.map { head + [$0] } }
                if partial.count > limit { partial = Array(partial.prefix(limit)) }
            }
            for words in partial {
                let text = words.joined(separator: " ")
                if seen.insert(text).inserted { samples.append(text) }
                if samples.count >= limit { return samples }
            }
        }
        return samples
    }

    static func exampleValues(_ parameter: ParameterDefinition?) -> [String] {
        switch parameter?.type {
        case .enumeration(let values): return values.prefix(4).map(\.spoken)
        case .integer(let range): return [String(range?.lowerBound ?? 2)]
        case .number(let range): return [String(range?.lowerBound ?? 2)]
        case .boolean:
            let words = parameter?.booleanWords ?? .standard
            return [words.trueWords.first, words.falseWords.first].compactMap { $0 }
        case .text, nil: return ["something else"]
        }
    }
}
