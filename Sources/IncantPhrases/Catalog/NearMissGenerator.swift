/// Makes near-miss queries from every phrase of a catalog, each with its expected outcome.
///
/// A query with a swapped distinguishing word must not run the phrase's shortcut; it may run
/// another shortcut whose phrase it is up to forgivable words ("pause the music" with "pause"
/// swapped for "play" is "play [some] music" with an extra "the").
///
/// From each sentence a phrase can produce (slots filled with example values) it makes: the
/// sentence itself, the sentence without an article, each distinguishing word swapped for
/// another action's word or its opposite, each slot value swapped for another value, left out,
/// replaced by an unknown word or (numbers) by one outside the range; plus sentences that are
/// no command. A variant that is exactly a sentence of some action is expected to run that
/// action; one that is exactly a sentence of two actions is left out (a conflict, reported by
/// `shortcuts check`).
public struct NearMissGenerator: Sendable {
    /// Sentences that are no command of a home or desktop phrase set.
    public static let unrelatedSentences = [
        "what is the capital of france", "how tall is mount everest", "tell me a joke",
        "i think it is going to rain later", "can you hear me", "my sister is coming over tonight",
        "the quick brown fox jumps over the lazy dog", "where did i put my keys", "that was a great movie",
        "let me think about it", "who won the game last night", "open the pod bay doors", "turn left at the bakery",
        "the lights in paris are beautiful", "set the table for dinner", "i need to call the bank tomorrow",
        "play it again", "what is the meaning of life", "good morning everyone", "how much is a pizza",
        "is it cold outside", "show me something funny", "stop talking", "never mind", "thank you very much",
    ]

    /// Words that are in no value list of a usual phrase set, used as unknown slot values.
    public static let unknownWords = ["tokyo", "attic", "purple", "grandpa", "saturday", "basement", "banana"]
    /// Words people say for yes that are not boolean slot values.
    public static let looseYes = ["okay", "sure", "yeah"]
    /// Words an edit may forgive when left out.
    public static let articles: Set<String> = ["the", "a", "an", "my", "some"]

    public let catalog: PhraseCatalog
    /// Sentences read per phrase.
    public var expansionsPerPhrase = 6
    /// Extra sentences that are no command (e.g. a benchmark's list).
    public var extraUnrelated: [String] = []

    public init(catalog: PhraseCatalog) {
        self.catalog = catalog
    }

    /// One word or one slot value of a sample sentence.
    enum Piece: Hashable {
        case word(String)
        case value(parameter: String, words: String, value: ParameterValue?)

        var text: String {
            switch self {
            case .word(let word): return word
            case .value(_, let words, _): return words
            }
        }
    }

    /// Every case, unique by query, in a stable order.
    public func cases() -> [NearMissCase] {
        let oracle = PhraseMatcher(catalog: catalog)
        let distinguishing = oracle.distinguishingWords
        var cases: [NearMissCase] = []
        var seen = Set<String>()

        func add(_ pieces: [Piece], kind: NearMissCase.Kind, expected: NearMissCase.Expected, phrase: String) {
            let query = pieces.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
            addQuery(query, kind: kind, expected: expected, phrase: phrase)
        }
        func addQuery(_ query: String, kind: NearMissCase.Kind, expected: NearMissCase.Expected, phrase: String) {
            guard !query.isEmpty, !seen.contains(query) else { return }
            switch Self.exactAction(of: query, oracle: oracle) {
            case .none:
                seen.insert(query)
                cases.append(NearMissCase(query: query, kind: kind, expected: expected, phrase: phrase))
            case .one(let shortcutID, let parameters):
                seen.insert(query)
                let exact: NearMissCase.Expected = .run(shortcutID: shortcutID, parameters: parameters)
                cases.append(NearMissCase(query: query, kind: kind, expected: exact, phrase: phrase))
            case .several:
                return
            }
        }

        for entry in catalog.entries where entry.origin == .definition {
            guard let shortcut = catalog.shortcut(entry.shortcutID) else { continue }
            let id = entry.shortcutID
            let label = entry.label
            for (number, expansion) in entry.template.expansions(limit: expansionsPerPhrase).enumerated() {
                let pieces = Self.sample(expansion, shortcut: shortcut, variant: number)
                let said = Self.values(of: pieces).merging(entry.fixedParameters) { $1 }
                add(pieces, kind: .exact, expected: .run(shortcutID: id, parameters: said), phrase: label)

                for (index, piece) in pieces.enumerated() {
                    switch piece {
                    case .word(let word):
                        if Self.articles.contains(word), pieces.count >= 4 {
                            var variant = pieces
                            variant.remove(at: index)
                            add(
                                variant, kind: .forgivableWord, expected: .run(shortcutID: id, parameters: said),
                                phrase: label)
                        }
                        let normalized = oracle.tokens(word)
                        guard normalized.count == 1, distinguishing.contains(normalized[0]) else { continue }
                        for rival in (distinguishing.rivals[normalized[0]] ?? []).sorted().prefix(3) {
                            var variant = pieces
                            variant[index] = .word(rival)
                            add(variant, kind: .swappedWord, expected: .notAs(shortcutID: id), phrase: label)
                        }
                    case .value(let name, let words, _):
                        guard let parameter = shortcut.parameter(named: name) else { continue }
                        var others = said
                        others[name] = nil
                        // Swapped for another value of the list.
                        for (otherWords, otherValue) in Self.otherValues(of: parameter, than: words).prefix(2) {
                            var variant = pieces
                            variant[index] = .value(parameter: name, words: otherWords, value: otherValue)
                            var expectedValues = others
                            expectedValues[name] = otherValue
                            add(
                                variant, kind: .swappedValue,
                                expected: .run(shortcutID: id, parameters: expectedValues),
                                phrase: label)
                        }
                        // Left out.
                        var dropped = pieces
                        dropped.remove(at: index)
                        let droppedExpectation: NearMissCase.Expected =
                            NearMissCase.isAskedFor(parameter)
                            ? .askOrReject(shortcutID: id, parameter: name, said: others)
                            : .run(shortcutID: id, parameters: others)
                        add(dropped, kind: .droppedSlot, expected: droppedExpectation, phrase: label)
                        // Not a value, or out of range.
                        let wrong: NearMissCase.Expected = .askOrReject(shortcutID: id, parameter: name, said: others)
                        for unknown in Self.unknownValues(of: parameter, oracle: oracle) {
                            var variant = pieces
                            variant[index] = .value(parameter: name, words: unknown, value: nil)
                            add(variant, kind: .unknownValue, expected: wrong, phrase: label)
                        }
                        for outside in Self.outOfRangeValues(of: parameter) {
                            var variant = pieces
                            variant[index] = .value(parameter: name, words: outside, value: nil)
                            add(variant, kind: .outOfRange, expected: wrong, phrase: label)
                        }
                    }
                }
            }
        }
        for sentence in Self.unrelatedSentences + extraUnrelated {
            addQuery(sentence, kind: .unrelated, expected: .reject, phrase: "")
        }
        return cases
    }

    // MARK: - Samples

    /// A sentence of `expansion` with example values: the `variant`-th value of each list.
    static func sample(_ expansion: [TemplateToken], shortcut: ShortcutDefinition, variant: Int) -> [Piece] {
        var pieces: [Piece] = []
        for token in expansion {
            switch token {
            case .word(let text):
                pieces += TextNormalizer.words(of: text).map { .word($0) }
            case .slot(let name):
                guard let parameter = shortcut.parameter(named: name) else { continue }
                let (words, value) = exampleValue(of: parameter, variant: variant)
                pieces.append(.value(parameter: name, words: words, value: value))
            }
        }
        return pieces
    }

    static func exampleValue(of parameter: ParameterDefinition, variant: Int) -> (String, ParameterValue) {
        switch parameter.type {
        case .enumeration(let values):
            let value = values[variant % values.count]
            return (value.spoken, .text(value.value))
        case .boolean:
            let all = parameter.booleanWords.spokenValues
            let choice = all[variant % all.count]
            return (choice.spoken, .boolean(choice.value))
        case .integer(let range):
            let low = range?.lowerBound ?? 1
            let high = range?.upperBound ?? 20
            let value = low + (high - low) * (variant % 3 + 1) / 4
            return (variant % 2 == 0 ? SpokenNumber.words(for: value) : String(value), .integer(value))
        case .number(let range):
            let low = range?.lowerBound ?? 1
            let high = range?.upperBound ?? 20
            let value = (low + (high - low) / 2).rounded()
            return (String(Int(value)), .number(value))
        case .text:
            let texts = ["buy oat milk", "call the plumber", "water the plants"]
            let text = texts[variant % texts.count]
            return (text, .text(text))
        }
    }

    static func values(of pieces: [Piece]) -> [String: ParameterValue] {
        var values: [String: ParameterValue] = [:]
        for case .value(let name, _, let value?) in pieces { values[name] = value }
        return values
    }

    static func otherValues(of parameter: ParameterDefinition, than words: String) -> [(String, ParameterValue)] {
        switch parameter.type {
        case .enumeration(let values):
            return values.filter { $0.spoken != words }.map { ($0.spoken, .text($0.value)) }
        case .boolean:
            guard let current = parameter.booleanWords.value(of: words) else { return [] }
            return parameter.booleanWords.spokenValues.filter { $0.value != current }.map {
                ($0.spoken, .boolean($0.value))
            }
        case .integer(let range):
            guard let value = SpokenNumber.parseInteger(words) else { return [] }
            let other = (range?.contains(value + 1) ?? true) ? value + 1 : value - 1
            return range.map { $0.contains(other) } ?? true ? [(String(other), .integer(other))] : []
        case .number, .text:
            return []
        }
    }

    static func unknownValues(of parameter: ParameterDefinition, oracle: PhraseMatcher) -> [String] {
        switch parameter.type {
        case .enumeration:
            let word = unknownWords.first { oracle.vocabulary.id(of: $0) < 0 }
            return word.map { [$0] } ?? []
        case .boolean:
            return looseYes.filter { parameter.booleanWords.value(of: $0) == nil }
        case .integer, .number:
            return ["some"]
        case .text:
            return []
        }
    }

    static func outOfRangeValues(of parameter: ParameterDefinition) -> [String] {
        var outside: [Int] = []
        switch parameter.type {
        case .integer(let range?):
            outside = [range.upperBound + 1, range.upperBound * 4 + 7]
            if range.lowerBound > 0 { outside.append(range.lowerBound - 1) }
        case .number(let range?):
            outside = [Int(range.upperBound.rounded(.down)) + 1, Int(range.upperBound.rounded(.down)) * 4 + 7]
        default:
            return []
        }
        var texts = outside.flatMap { [String($0), SpokenNumber.words(for: $0)] }
        // Short forms read whole: "3 hundred", "a hundred".
        if case .integer(let range?) = parameter.type {
            if !range.contains(100) { texts.append("a hundred") }
            if !range.contains(300) { texts.append("3 hundred") }
        }
        return texts
    }

    // MARK: - Oracle

    enum ExactAction {
        case none
        case one(shortcutID: String, parameters: [String: ParameterValue])
        case several
    }

    /// The action `query` is a sentence of, word for word (no edit at all).
    static func exactAction(of query: String, oracle: PhraseMatcher) -> ExactAction {
        let exact = oracle.matchExhaustively(query).candidates.filter { $0.edits == 0 && $0.objection == nil }
        guard let first = exact.first else { return .none }
        if exact.contains(where: { !$0.sameAction(as: first) }) { return .several }
        return .one(shortcutID: first.shortcutID, parameters: first.parameters)
    }
}
