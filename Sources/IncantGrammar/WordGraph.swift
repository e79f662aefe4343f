import Foundation
import IncantPhrases

/// A finite-state graph over spoken words: every phrase of a catalog as one automaton,
/// determinized and minimized so that phrases sharing words share states.
///
/// A grammar given to pocketsphinx as a plain union of phrases (the JSGF shape) keeps one
/// search path per phrase alive: eighty coffee expressions starting with the same nine verbs
/// are eighty identical hypotheses the beam cannot prune. The minimal deterministic graph has
/// each prefix and suffix once, which is what makes decoding fast at thousands of phrases.
package struct WordGraph {
    /// Transitions per state: (word id, target). Word ids index `words`.
    var transitions: [[(word: Int32, target: Int32)]]
    var accepting: Set<Int32>
    var start: Int32
    var words: [String]

    var stateCount: Int { transitions.count }
    var transitionCount: Int { transitions.reduce(0) { $0 + $1.count } }

    /// The grammar in sphinxbase's FSG text format. Accepting states lead to one final state
    /// through null transitions; every word transition has probability 1, so no phrase is
    /// penalized for how many alternatives surround it.
    /// With a garbage model, one more state loops over the garbage phones from the start to
    /// the final state. A text slot's edge (``TextSlotPlaceholder/token``) becomes the
    /// placeholder's run of phones, on states of its own.
    func fsgText(
        name: String, garbage: GarbageModel? = nil, textSlot: TextSlotPlaceholder = .standard
    ) -> String {
        let final = Int32(stateCount)
        let garbageState = final + 1
        var nextState = final + (garbage == nil ? 1 : 2)
        var lines: [String] = []
        lines.reserveCapacity(transitionCount + accepting.count + 2)
        for (state, edges) in transitions.enumerated() {
            for edge in edges {
                let word = words[Int(edge.word)]
                if word == TextSlotPlaceholder.token {
                    lines += textSlot.fsgTransitions(from: Int32(state), to: edge.target, nextState: &nextState)
                } else {
                    lines.append("TRANSITION \(state) \(edge.target) 1.0 \(word)")
                }
            }
        }
        for state in accepting.sorted() {
            lines.append("TRANSITION \(state) \(final) 1.0")
        }
        if let garbage {
            let probability = String(format: "%.3e", garbage.phonePenalty)
            for (word, _) in GarbageModel.words {
                lines.append("TRANSITION \(start) \(garbageState) \(probability) \(word)")
                lines.append("TRANSITION \(garbageState) \(garbageState) \(probability) \(word)")
            }
            lines.append("TRANSITION \(garbageState) \(final) 1.0")
        }
        lines.append("FSG_END")
        let header = [
            "FSG_BEGIN \(name)", "NUM_STATES \(nextState)", "START_STATE \(start)", "FINAL_STATE \(final)",
        ]
        return (header + lines).joined(separator: "\n") + "\n"
    }

    /// Whether some phrase of the graph has a text slot.
    var hasTextSlots: Bool { words.contains(TextSlotPlaceholder.token) }

    /// The words of the graph that are dictionary words (a text slot's token is not).
    var dictionaryWords: [String] { words.filter { $0 != TextSlotPlaceholder.token } }
}

/// Builds a ``WordGraph`` from phrase templates: Thompson construction with ε-moves,
/// subset construction, then Moore partition refinement.
struct WordGraphBuilder {
    /// A nondeterministic automaton under construction; word `-1` is ε.
    private var edges: [[(word: Int32, target: Int32)]] = [[]]
    private var wordIDs: [String: Int32] = [:]
    private var words: [String] = []
    private var finals: [Int32] = []

    /// The deterministic graph would exceed this many states: give up (the caller falls back
    /// to the plain grammar).
    var stateLimit = 500_000

    mutating func add(_ entry: PhraseEntry, shortcut: ShortcutDefinition) {
        let end = build(entry.template.root, from: 0, shortcut: shortcut)
        finals.append(end)
    }

    private mutating func newState() -> Int32 {
        edges.append([])
        return Int32(edges.count - 1)
    }

    private mutating func id(_ word: String) -> Int32 {
        if let id = wordIDs[word] { return id }
        let id = Int32(words.count)
        wordIDs[word] = id
        words.append(word)
        return id
    }

    private mutating func epsilon(_ from: Int32, _ to: Int32) {
        edges[Int(from)].append((-1, to))
    }

    private mutating func chain(_ spoken: [String], from start: Int32) -> Int32 {
        var state = start
        for word in spoken {
            let next = newState()
            edges[Int(state)].append((id(word), next))
            state = next
        }
        return state
    }

    private mutating func alternatives(_ texts: [[String]], from start: Int32) -> Int32 {
        let join = newState()
        for words in texts where !words.isEmpty {
            epsilon(chain(words, from: start), join)
        }
        return join
    }

    private mutating func build(_ node: TemplateNode, from start: Int32, shortcut: ShortcutDefinition) -> Int32 {
        switch node {
        case .word(let word):
            return chain(GrammarCompiler.spokenWords(word), from: start)
        case .sequence(let nodes):
            return nodes.reduce(start) { state, inner in build(inner, from: state, shortcut: shortcut) }
        case .choice(let nodes):
            let join = newState()
            for inner in nodes {
                let branch = newState()
                epsilon(start, branch)
                epsilon(build(inner, from: branch, shortcut: shortcut), join)
            }
            return join
        case .optional(let inner):
            let branch = newState()
            epsilon(start, branch)
            let end = build(inner, from: branch, shortcut: shortcut)
            let join = newState()
            epsilon(end, join)
            epsilon(start, join)
            return join
        case .slot(let name):
            guard let parameter = shortcut.parameter(named: name) else { return start }
            return slot(parameter, from: start)
        }
    }

    private mutating func slot(_ parameter: ParameterDefinition, from start: Int32) -> Int32 {
        switch parameter.type {
        case .enumeration(let values):
            return alternatives(values.map { GrammarCompiler.spokenWords($0.spoken) }, from: start)
        case .boolean:
            return alternatives(parameter.booleanWords.allWords.map { GrammarCompiler.spokenWords($0) }, from: start)
        case .integer(let range):
            if let range, range.count <= GrammarCompiler.enumeratedRangeLimit {
                return alternatives(range.map { GrammarCompiler.spokenWords(SpokenNumber.words(for: $0)) }, from: start)
            }
            var state = start
            if (range?.lowerBound ?? 0) < 0 { state = optionalWord("minus", from: state) }
            return integer(from: state)
        case .number(let range):
            var state = start
            if (range?.lowerBound ?? 0) < 0 { state = optionalWord("minus", from: state) }
            let whole = integer(from: state)
            // [point digit+]
            let point = newState()
            edges[Int(whole)].append((id("point"), point))
            let digits = alternatives(Self.digitWords.map { [$0] }, from: point)
            epsilon(digits, point)  // loop: more digits
            let join = newState()
            epsilon(whole, join)
            epsilon(digits, join)
            return join
        case .text:
            return chain([TextSlotPlaceholder.token], from: start)
        }
    }

    private mutating func optionalWord(_ word: String, from start: Int32) -> Int32 {
        let end = chain([word], from: start)
        epsilon(start, end)
        return end
    }

    static let digitWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]

    /// 0 … 999,999 in words: `below1000 [thousand [[and] below1000]]`.
    private mutating func integer(from start: Int32) -> Int32 {
        let join = newState()
        epsilon(chain(["zero"], from: start), join)
        let first = below1000(from: start)
        epsilon(first, join)
        let thousand = chain(["thousand"], from: first)
        epsilon(thousand, join)
        let and = optionalWord("and", from: thousand)
        epsilon(below1000(from: and), join)
        return join
    }

    private mutating func below100(from start: Int32) -> Int32 {
        let units = Array(Self.digitWords.dropFirst())
        let teens = [
            "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
            "nineteen",
        ]
        let tens = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        let join = alternatives((units + teens).map { [$0] }, from: start)
        let ten = alternatives(tens.map { [$0] }, from: start)
        epsilon(ten, join)
        epsilon(alternatives(units.map { [$0] }, from: ten), join)
        return join
    }

    private mutating func below1000(from start: Int32) -> Int32 {
        let join = newState()
        epsilon(below100(from: start), join)
        let unit = alternatives(Self.digitWords.dropFirst().map { [$0] }, from: start)
        let hundred = chain(["hundred"], from: unit)
        epsilon(hundred, join)
        let and = optionalWord("and", from: hundred)
        epsilon(below100(from: and), join)
        return join
    }

    // MARK: - Determinize and minimize

    /// The minimal deterministic graph, or nil when it would exceed ``stateLimit``.
    func build() -> WordGraph? {
        guard let dfa = determinize() else { return nil }
        return minimize(dfa)
    }

    private func closure(_ states: [Int32]) -> [Int32] {
        var seen = Set(states)
        var stack = states
        while let state = stack.popLast() {
            for edge in edges[Int(state)] where edge.word < 0 && seen.insert(edge.target).inserted {
                stack.append(edge.target)
            }
        }
        return seen.sorted()
    }

    private func determinize() -> WordGraph? {
        let finalSet = Set(finals)
        var index: [[Int32]: Int32] = [:]
        var sets: [[Int32]] = []
        var transitions: [[(word: Int32, target: Int32)]] = []
        var accepting = Set<Int32>()
        let startSet = closure([0])
        index[startSet] = 0
        sets.append(startSet)
        transitions.append([])
        var cursor = 0
        while cursor < sets.count {
            let current = sets[cursor]
            if current.contains(where: finalSet.contains) { accepting.insert(Int32(cursor)) }
            var moves: [Int32: [Int32]] = [:]
            for state in current {
                for edge in edges[Int(state)] where edge.word >= 0 {
                    moves[edge.word, default: []].append(edge.target)
                }
            }
            for (word, targets) in moves.sorted(by: { $0.key < $1.key }) {
                let target = closure(targets)
                let targetID: Int32
                if let existing = index[target] {
                    targetID = existing
                } else {
                    guard sets.count < stateLimit else { return nil }
                    targetID = Int32(sets.count)
                    index[target] = targetID
                    sets.append(target)
                    transitions.append([])
                }
                transitions[cursor].append((word, targetID))
            }
            cursor += 1
        }
        return WordGraph(transitions: transitions, accepting: accepting, start: 0, words: words)
    }

    /// Moore's partition refinement: states are equivalent when they agree on acceptance and
    /// their transitions lead, word by word, to equivalent states.
    private func minimize(_ dfa: WordGraph) -> WordGraph {
        let count = dfa.stateCount
        var block = (0..<count).map { dfa.accepting.contains(Int32($0)) ? Int32(1) : Int32(0) }
        var blockCount = Set(block).count
        while true {
            var signatures: [[Int32]: Int32] = [:]
            var next = [Int32](repeating: 0, count: count)
            for state in 0..<count {
                var signature: [Int32] = [block[state]]
                for edge in dfa.transitions[state] {
                    signature.append(edge.word)
                    signature.append(block[Int(edge.target)])
                }
                if let existing = signatures[signature] {
                    next[state] = existing
                } else {
                    let id = Int32(signatures.count)
                    signatures[signature] = id
                    next[state] = id
                }
            }
            block = next
            if signatures.count == blockCount { break }
            blockCount = signatures.count
        }
        // Renumber blocks from the start state in breadth-first order.
        var order: [Int32: Int32] = [block[Int(dfa.start)]: 0]
        var representatives: [Int] = [Int(dfa.start)]
        var cursor = 0
        var transitions: [[(word: Int32, target: Int32)]] = []
        var accepting = Set<Int32>()
        while cursor < representatives.count {
            let state = representatives[cursor]
            if dfa.accepting.contains(Int32(state)) { accepting.insert(Int32(cursor)) }
            var edges: [(word: Int32, target: Int32)] = []
            for edge in dfa.transitions[state] {
                let targetBlock = block[Int(edge.target)]
                let target: Int32
                if let known = order[targetBlock] {
                    target = known
                } else {
                    target = Int32(representatives.count)
                    order[targetBlock] = target
                    representatives.append(Int(edge.target))
                }
                edges.append((edge.word, target))
            }
            transitions.append(edges)
            cursor += 1
        }
        return WordGraph(transitions: transitions, accepting: accepting, start: 0, words: dfa.words)
    }
}

extension WordGraph {
    /// The sentences of the graph that differ from `words` in exactly one word: for each
    /// position, the other words the graph allows there with the rest of `words` unchanged.
    /// Empty when `words` is not a sentence of the graph.
    package func substitutions(of words: [String]) -> [(position: Int, word: String)] {
        let ids = Dictionary(self.words.enumerated().map { ($1, Int32($0)) }, uniquingKeysWith: { first, _ in first })
        var path: [Int32] = []
        for word in words {
            guard let id = ids[word] else { return [] }
            path.append(id)
        }
        var found: [(position: Int, word: String)] = []
        var state = start
        for (position, id) in path.enumerated() {
            for transition in transitions[Int(state)] where transition.word != id {
                if accepts(path[(position + 1)...], from: transition.target) {
                    found.append((position, self.words[Int(transition.word)]))
                }
            }
            guard let next = transitions[Int(state)].first(where: { $0.word == id }) else { return [] }
            state = next.target
        }
        return accepting.contains(state) ? found : []
    }

    /// The sentences of the graph that differ from `words` in one stretch of at most
    /// `maximumLength` words, replaced by another number of words, at most `maximumLength`
    /// ("twenty one" for "twelve", "living room" for "bedroom", "twenty" for "twenty one"),
    /// with the words before and after it unchanged. One word replaced by one word is
    /// ``substitutions(of:)``. Empty when `words` is not a sentence of the graph.
    package func spanSubstitutions(of words: [String], maximumLength: Int = 2) -> [WordSpanSubstitution] {
        let ids = Dictionary(self.words.enumerated().map { ($1, Int32($0)) }, uniquingKeysWith: { first, _ in first })
        var path: [Int32] = []
        for word in words {
            guard let id = ids[word] else { return [] }
            path.append(id)
        }
        var states = [start]
        for id in path {
            guard let next = transitions[Int(states[states.count - 1])].first(where: { $0.word == id }) else {
                return []
            }
            states.append(next.target)
        }
        guard accepting.contains(states[states.count - 1]), maximumLength > 0 else { return [] }
        var found: [WordSpanSubstitution] = []
        for position in path.indices {
            for length in 1...maximumLength where position + length <= path.count {
                let heard = Array(path[position..<(position + length)])
                let rest = path[(position + length)...]
                var replacements: [[Int32]] = []
                var frontier: [(words: [Int32], state: Int32)] = [([], states[position])]
                for _ in 1...maximumLength {
                    frontier = frontier.flatMap { partial in
                        transitions[Int(partial.state)].map { (partial.words + [$0.word], $0.target) }
                    }
                    for candidate in frontier where candidate.words != heard && accepts(rest, from: candidate.state) {
                        replacements.append(candidate.words)
                    }
                }
                for replacement in replacements where replacement.count != length {
                    found.append(
                        WordSpanSubstitution(
                            position: position, length: length,
                            words: replacement.map { self.words[Int($0)] }))
                }
            }
        }
        return found
    }

    /// Whether the graph has longer sentences that begin with `words`: more words may follow
    /// them in a phrase of the grammar. False when `words` begin no sentence of the graph.
    package func continues(after words: [String]) -> Bool {
        var state = start
        for word in words {
            guard let next = transitions[Int(state)].first(where: { self.words[Int($0.word)] == word }) else {
                return false
            }
            state = next.target
        }
        return !transitions[Int(state)].isEmpty
    }

    /// Whether `rest` leads from `state` to an accepting state (the graph is deterministic).
    private func accepts(_ rest: ArraySlice<Int32>, from state: Int32) -> Bool {
        var state = state
        for id in rest {
            guard let next = transitions[Int(state)].first(where: { $0.word == id }) else { return false }
            state = next.target
        }
        return accepting.contains(state)
    }
}

/// A stretch of a transcript and other words the grammar allows in its place.
package struct WordSpanSubstitution: Sendable, Hashable {
    /// The first word of the stretch.
    package var position: Int
    /// How many words the stretch has.
    package var length: Int
    /// The words in its place.
    package var words: [String]
}
