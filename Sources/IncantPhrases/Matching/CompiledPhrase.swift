/// A phrase entry compiled to a small acyclic automaton over normalized words.
///
/// States are numbered so that every edge goes from a lower to a higher state, which lets the
/// matcher relax states in index order. Slots become sub-automata: enum values are word
/// chains between `slotOpen` and `slotClose(value)` edges, numbers and text consume tokens.
struct CompiledPhrase: Sendable {
    enum EdgeKind: Sendable, Hashable {
        /// Free move.
        case epsilon
        /// A literal word of the phrase.
        case word(Int32)
        /// An exact word inside a slot value (no substitution: parameters are never guessed).
        case valueWord(Int32)
        /// Start of a slot (slot index).
        case slotOpen(Int)
        /// End of a slot with the chosen value (slot index, value index).
        case slotClose(Int, Int)
        /// One numeric token for an integer or number slot.
        case number(Int)
        /// One or more tokens of free text.
        case text(Int)
        /// The slot is not said at all (costs one edit; the parameter stays unset).
        case skipSlot(Int)
        /// Words said where the slot is that are none of its values (an enum value not in the
        /// list, a number out of range): the candidate is objected to, never run.
        case unknownValue(Int)
    }

    struct Edge: Sendable {
        var kind: EdgeKind
        var target: Int32
    }

    /// A slot of the phrase: which parameter, its type, and for enums the values.
    struct Slot: Sendable {
        var parameter: ParameterDefinition
        /// Normalized word chains per enum/boolean value, and the typed value each gives.
        var values: [ParameterValue]
        /// Most words an unknown value in this slot may span (the longest value's length).
        var unknownLength = 1
    }

    let entryIndex: Int
    var edges: [[Edge]] = [[]]
    var slots: [Slot] = []
    var finalState: Int32 = 0
    /// Every word id the phrase can consume exactly (an unknown slot value is never one).
    var vocabulary: Set<Int32> = []
    /// Fewest template units (literal words plus enum slots) on any path.
    var minimumUnits = 0
    /// Most template units on any path (text slots count as unbounded: `Int.max / 4`).
    var maximumUnits = 0
    var hasTextSlot = false
    /// A phrase with a text slot needs every carrier word it has: none is forgiven.
    var needsCarrierWords = false
    var hasNumberSlot = false

    var stateCount: Int { edges.count }

    mutating func newState() -> Int32 {
        edges.append([])
        return Int32(edges.count - 1)
    }

    mutating func add(_ kind: EdgeKind, from source: Int32, to target: Int32) {
        edges[Int(source)].append(Edge(kind: kind, target: target))
    }
}

/// Builds ``CompiledPhrase`` values from catalog entries.
struct PhraseCompiler {
    var vocabulary = Vocabulary()
    let normalizer: TextNormalizer
    /// Whether slots get unknown-value edges and booleans only their declared words.
    let guardsNearMisses: Bool

    init(normalizer: TextNormalizer, guardsNearMisses: Bool = true) {
        self.normalizer = normalizer
        self.guardsNearMisses = guardsNearMisses
    }

    mutating func compile(_ entry: PhraseEntry, index: Int, shortcut: ShortcutDefinition) -> CompiledPhrase {
        var phrase = CompiledPhrase(entryIndex: index)
        let end = build(entry.template.root, from: 0, into: &phrase, shortcut: shortcut)
        phrase.finalState = end
        let (minimum, maximum) = Self.units(entry.template.root, shortcut: shortcut, normalizer: normalizer)
        phrase.minimumUnits = minimum
        phrase.maximumUnits = maximum
        return phrase
    }

    /// Adds the automaton for `node` starting at `start`; returns its end state.
    private mutating func build(
        _ node: TemplateNode, from start: Int32, into phrase: inout CompiledPhrase, shortcut: ShortcutDefinition
    ) -> Int32 {
        switch node {
        case .word(let word):
            return addWords(normalizer.tokens(word), from: start, into: &phrase, kind: { .word($0) })
        case .sequence(let nodes):
            var state = start
            var index = 0
            while index < nodes.count {
                // Normalize runs of literal words together so "twenty one" becomes "21".
                if case .word = nodes[index] {
                    var run: [String] = []
                    while index < nodes.count, case .word(let word) = nodes[index] {
                        run += TextNormalizer.words(of: word)
                        index += 1
                    }
                    state = addWords(normalizer.normalize(run), from: state, into: &phrase, kind: { .word($0) })
                } else {
                    state = build(nodes[index], from: state, into: &phrase, shortcut: shortcut)
                    index += 1
                }
            }
            return state
        case .choice(let nodes):
            var ends: [Int32] = []
            for inner in nodes {
                let branch = phrase.newState()
                phrase.add(.epsilon, from: start, to: branch)
                ends.append(build(inner, from: branch, into: &phrase, shortcut: shortcut))
            }
            let join = phrase.newState()
            for end in ends { phrase.add(.epsilon, from: end, to: join) }
            return join
        case .optional(let inner):
            let branch = phrase.newState()
            phrase.add(.epsilon, from: start, to: branch)
            let innerEnd = build(inner, from: branch, into: &phrase, shortcut: shortcut)
            let join = phrase.newState()
            phrase.add(.epsilon, from: innerEnd, to: join)
            phrase.add(.epsilon, from: start, to: join)
            return join
        case .slot(let name):
            guard let parameter = shortcut.parameter(named: name) else {
                // Unknown slots are rejected when definitions load; treat as free text here.
                return addTextSlot(ParameterDefinition(name: name, type: .text), from: start, into: &phrase)
            }
            return addSlot(parameter, from: start, into: &phrase)
        }
    }

    private mutating func addWords(
        _ words: [String], from start: Int32, into phrase: inout CompiledPhrase,
        kind: (Int32) -> CompiledPhrase.EdgeKind
    ) -> Int32 {
        var state = start
        for word in words {
            let id = vocabulary.intern(word)
            phrase.vocabulary.insert(id)
            let next = phrase.newState()
            phrase.add(kind(id), from: state, to: next)
            state = next
        }
        return state
    }

    private mutating func addSlot(
        _ parameter: ParameterDefinition, from start: Int32, into phrase: inout CompiledPhrase
    ) -> Int32 {
        switch parameter.type {
        case .enumeration(let values):
            return addValueSlot(
                parameter, spoken: values.map { ($0.spoken, ParameterValue.text($0.value)) }, from: start, into: &phrase
            )
        case .boolean:
            let words =
                guardsNearMisses
                ? parameter.booleanWords
                : BooleanVocabulary(trueWords: BooleanWords.trueWords, falseWords: BooleanWords.falseWords)
            let spoken = words.spokenValues.map { ($0.spoken, ParameterValue.boolean($0.value)) }
            return addValueSlot(parameter, spoken: spoken, from: start, into: &phrase)
        case .integer, .number:
            let slot = phrase.slots.count
            phrase.slots.append(CompiledPhrase.Slot(parameter: parameter, values: []))
            phrase.hasNumberSlot = true
            let end = phrase.newState()
            phrase.add(.number(slot), from: start, to: end)
            phrase.add(.skipSlot(slot), from: start, to: end)
            if guardsNearMisses { phrase.add(.unknownValue(slot), from: start, to: end) }
            return end
        case .text:
            return addTextSlot(parameter, from: start, into: &phrase)
        }
    }

    private mutating func addTextSlot(
        _ parameter: ParameterDefinition, from start: Int32, into phrase: inout CompiledPhrase
    ) -> Int32 {
        let slot = phrase.slots.count
        phrase.slots.append(CompiledPhrase.Slot(parameter: parameter, values: []))
        phrase.hasTextSlot = true
        phrase.needsCarrierWords = guardsNearMisses
        let end = phrase.newState()
        phrase.add(.text(slot), from: start, to: end)
        phrase.add(.skipSlot(slot), from: start, to: end)
        return end
    }

    private mutating func addValueSlot(
        _ parameter: ParameterDefinition, spoken: [(String, ParameterValue)], from start: Int32,
        into phrase: inout CompiledPhrase
    ) -> Int32 {
        let slot = phrase.slots.count
        phrase.slots.append(CompiledPhrase.Slot(parameter: parameter, values: spoken.map(\.1)))
        let open = phrase.newState()
        phrase.add(.slotOpen(slot), from: start, to: open)
        var ends: [(Int32, Int)] = []
        for (index, (text, _)) in spoken.enumerated() {
            let words = normalizer.tokens(text)
            guard !words.isEmpty else { continue }
            phrase.slots[slot].unknownLength = max(phrase.slots[slot].unknownLength, words.count)
            let end = addWords(words, from: open, into: &phrase, kind: { .valueWord($0) })
            ends.append((end, index))
        }
        let join = phrase.newState()
        for (end, index) in ends { phrase.add(.slotClose(slot, index), from: end, to: join) }
        phrase.add(.skipSlot(slot), from: start, to: join)
        if guardsNearMisses { phrase.add(.unknownValue(slot), from: start, to: join) }
        return join
    }

    /// Fewest and most template units (words, enum slots, number slots) on any path.
    static func units(_ node: TemplateNode, shortcut: ShortcutDefinition, normalizer: TextNormalizer) -> (Int, Int) {
        let unbounded = Int.max / 4
        switch node {
        case .word(let word):
            let count = normalizer.tokens(word).count
            return (count, count)
        case .slot(let name):
            switch shortcut.parameter(named: name)?.type {
            case .text, nil: return (0, unbounded)
            case .integer, .number: return (0, 1)
            case .enumeration(let values):
                let lengths = values.map { normalizer.tokens($0.spoken).count }
                return (1, lengths.max() ?? 1)
            case .boolean: return (1, 1)
            }
        case .sequence(let nodes):
            var total = (0, 0)
            var run: [String] = []
            func flush() {
                let count = normalizer.normalize(run).count
                total = (total.0 + count, min(unbounded, total.1 + count))
                run = []
            }
            for inner in nodes {
                if case .word(let word) = inner {
                    run += TextNormalizer.words(of: word)
                    continue
                }
                flush()
                let (low, high) = units(inner, shortcut: shortcut, normalizer: normalizer)
                total = (total.0 + low, min(unbounded, total.1 + high))
            }
            flush()
            return total
        case .choice(let nodes):
            let parts = nodes.map { units($0, shortcut: shortcut, normalizer: normalizer) }
            return (parts.map(\.0).min() ?? 0, parts.map(\.1).max() ?? 0)
        case .optional(let inner):
            return (0, units(inner, shortcut: shortcut, normalizer: normalizer).1)
        }
    }
}
