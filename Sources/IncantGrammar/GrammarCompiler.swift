import IncantPhrases

/// Compiles every phrase of a catalog into one JSGF grammar.
///
/// Templates map one to one: `(a|b)` → `( a | b )`, `[x]` → `[ x ]`. Each `{param}` becomes a
/// rule shared by the shortcut's phrases: enum values by their spoken forms, booleans as
/// yes/no/on/off…, integers as number words (each value of a small range, or a general
/// number grammar), numbers with "point". Digits written in templates are spoken as words.
/// A free-text slot becomes a ``TextSlotPlaceholder`` (a run of phones) between the phrase's
/// carrier words; a phrase that can be said with no carrier word at all is skipped and
/// reported, as are phrases that use a word in `unpronounceable`.
public enum GrammarCompiler {
    /// Ranges up to this size list every value; larger ones use the general number grammar.
    static let enumeratedRangeLimit = 200

    /// Compiles `catalog`; with `garbage`, the FSG also holds a garbage path (see
    /// ``GarbageModel``). Phrases that can produce a word of `unpronounceable` (lower case) are
    /// left out and reported in ``SpeechGrammar/skipped`` with the word and why.
    public static func compile(
        _ catalog: PhraseCatalog, garbage: GarbageModel? = nil,
        unpronounceable: [String: UnpronounceableWord] = [:]
    ) -> SpeechGrammar {
        var builder = Builder()
        var graph = WordGraphBuilder()
        var alternatives: [String] = []
        var skipped: [(PhraseEntry, String)] = []
        for entry in catalog.entries {
            guard let shortcut = catalog.shortcut(entry.shortcutID) else { continue }
            if let textSlot = entry.template.slotNames.first(where: {
                if case .text = shortcut.parameter(named: $0)?.type { return true }
                return false
            }), Self.fewestCarrierWords(entry.template.root) == 0 {
                skipped.append(
                    (
                        entry,
                        "free-text parameter {\(textSlot)} needs words of the phrase's own said with it"
                            + " to be recognized from speech"
                    ))
                continue
            }
            if !unpronounceable.isEmpty {
                let unsayable = words(of: entry, shortcut: shortcut).sorted().compactMap { unpronounceable[$0] }
                if !unsayable.isEmpty {
                    skipped.append((entry, Self.unpronounceableReason(unsayable)))
                    continue
                }
            }
            let body = builder.expression(entry.template.root, shortcut: shortcut)
            guard !body.isEmpty else {
                skipped.append((entry, "phrase has no speakable words"))
                continue
            }
            graph.add(entry, shortcut: shortcut)
            let rule = "p\(alternatives.count)"
            builder.rules.append("<\(rule)> = \(body);")
            alternatives.append("<\(rule)>")
        }
        var lines = ["#JSGF V1.0;", "grammar incant;"]
        // An empty catalog gives a grammar without a public rule; the recognizer refuses it.
        if !alternatives.isEmpty {
            lines.append("public <command> = " + alternatives.joined(separator: " | ") + ";")
        }
        lines += builder.rules
        lines += builder.numberRules.sorted()
        let wordGraph = alternatives.isEmpty ? nil : graph.build()
        var grammar = SpeechGrammar(
            jsgf: lines.joined(separator: "\n") + "\n", words: builder.words.union(wordGraph?.dictionaryWords ?? []),
            skipped: skipped, phraseCount: alternatives.count,
            fsg: wordGraph?.fsgText(name: "incant", garbage: garbage),
            fsgStates: wordGraph.map { $0.stateCount + 1 } ?? 0, fsgTransitions: wordGraph?.transitionCount ?? 0)
        grammar.graph = wordGraph
        grammar.hasTextSlots = builder.hasTextSlots
        return grammar
    }

    /// The fewest words of the phrase's own (not slot values) any way of saying `node` has.
    static func fewestCarrierWords(_ node: TemplateNode) -> Int {
        switch node {
        case .word(let word): spokenWords(word).count
        case .sequence(let nodes): nodes.reduce(0) { $0 + fewestCarrierWords($1) }
        case .choice(let nodes): nodes.map(fewestCarrierWords).min() ?? 0
        case .optional, .slot: 0
        }
    }

    /// Every word `entry` can produce in a grammar (slot values included).
    public static func words(of entry: PhraseEntry, shortcut: ShortcutDefinition) -> Set<String> {
        var builder = Builder()
        _ = builder.expression(entry.template.root, shortcut: shortcut)
        return builder.words
    }

    /// Why a phrase with these words is left out, and how to make it speakable.
    public static func unpronounceableReason(_ words: [UnpronounceableWord]) -> String {
        "cannot pronounce " + words.map(\.description).joined(separator: "; ")
            + " (add it to \(UnpronounceableWord.projectDictionary) or $XDG_CONFIG_HOME/incant/dictionary.dict"
            + " as `word PH1 PH2 …`, or change the phrase)"
    }

    /// The words a person says for `text`: lower case, punctuation dropped, digits spelled out.
    public static func spokenWords(_ text: String) -> [String] {
        TextNormalizer.words(of: text).flatMap { word -> [String] in
            if let value = Int(word) { return SpokenNumber.words(for: value).split(separator: " ").map(String.init) }
            if let value = Double(word), word.contains(".") {
                let parts = word.split(separator: ".")
                let whole = Int(parts[0]).map { SpokenNumber.words(for: $0) } ?? ""
                let fraction =
                    parts.count > 1
                    ? parts[1].compactMap { $0.wholeNumberValue }.map { SpokenNumber.words(for: $0) } : []
                _ = value
                return (whole + " point " + fraction.joined(separator: " ")).split(separator: " ").map(String.init)
            }
            return [word]
        }
    }

    struct Builder {
        var rules: [String] = []
        var numberRules: Set<String> = []
        var words: Set<String> = []
        var slotRules: [String: String] = [:]
        /// Whether a text slot's placeholder is in the rules (its phones are not in ``words``).
        var hasTextSlots = false

        mutating func expression(_ node: TemplateNode, shortcut: ShortcutDefinition) -> String {
            switch node {
            case .word(let word):
                let spoken = spokenWords(word)
                words.formUnion(spoken)
                return spoken.joined(separator: " ")
            case .sequence(let nodes):
                return nodes.map { expression($0, shortcut: shortcut) }.filter { !$0.isEmpty }.joined(separator: " ")
            case .choice(let nodes):
                let parts = nodes.map { expression($0, shortcut: shortcut) }.filter { !$0.isEmpty }
                if parts.isEmpty { return "" }
                return parts.count == 1 ? parts[0] : "( " + parts.joined(separator: " | ") + " )"
            case .optional(let inner):
                let part = expression(inner, shortcut: shortcut)
                return part.isEmpty ? "" : "[ " + part + " ]"
            case .slot(let name):
                guard let parameter = shortcut.parameter(named: name) else { return "" }
                return slotRule(parameter, shortcut: shortcut)
            }
        }

        mutating func slotRule(_ parameter: ParameterDefinition, shortcut: ShortcutDefinition) -> String {
            let key = shortcut.id + "\u{0}" + parameter.name
            if let existing = slotRules[key] { return existing }
            let name = "<s_\(Self.ruleSafe(shortcut.id))_\(Self.ruleSafe(parameter.name))>"
            slotRules[key] = name
            let body: String
            switch parameter.type {
            case .enumeration(let values):
                body = alternatives(values.map(\.spoken))
            case .boolean:
                body = alternatives(parameter.booleanWords.allWords)
            case .integer(let range):
                if let range, range.count <= GrammarCompiler.enumeratedRangeLimit {
                    body = alternatives(range.map { SpokenNumber.words(for: $0) })
                } else {
                    body = (range?.lowerBound ?? 0) < 0 ? "[ minus ] " + integerRule() : integerRule()
                }
            case .number(let range):
                let integer = integerRule()
                words.formUnion([
                    "point", "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                ])
                let sign = (range?.lowerBound ?? 0) < 0 ? "[ minus ] " : ""
                body = sign + integer + " [ point <n_digit>+ ]"
                numberRules.insert("<n_digit> = zero | one | two | three | four | five | six | seven | eight | nine;")
            case .text:
                body = TextSlotPlaceholder.standard.jsgf
                hasTextSlots = true
            }
            rules.append("\(name) = \(body);")
            return name
        }

        mutating func alternatives(_ texts: [String]) -> String {
            let spoken = texts.map { spokenWords($0) }.filter { !$0.isEmpty }
            for words in spoken { self.words.formUnion(words) }
            let unique = Array(Set(spoken.map { $0.joined(separator: " ") })).sorted()
            return unique.count == 1 ? unique[0] : "( " + unique.joined(separator: " | ") + " )"
        }

        /// A general grammar for 0 … 999,999 said in words.
        mutating func integerRule() -> String {
            let units = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
            let teens = [
                "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                "nineteen",
            ]
            let tens = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
            words.formUnion(units)
            words.formUnion(teens)
            words.formUnion(tens)
            words.formUnion(["zero", "hundred", "thousand", "and"])
            let unitRule: String = "<n_unit> = \(units.joined(separator: " | "));"
            let teenRule: String = "<n_teen> = \(teens.joined(separator: " | "));"
            let tenRule: String = "<n_ten> = \(tens.joined(separator: " | "));"
            numberRules.formUnion([
                unitRule,
                teenRule,
                tenRule,
                "<n_below100> = <n_unit> | <n_teen> | <n_ten> [ <n_unit> ];",
                "<n_below1000> = <n_below100> | <n_unit> hundred [ [ and ] <n_below100> ];",
                "<n_integer> = zero | <n_below1000> | <n_below1000> thousand [ [ and ] <n_below1000> ];",
            ])
            return "<n_integer>"
        }

        static func ruleSafe(_ text: String) -> String {
            String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        }
    }
}
