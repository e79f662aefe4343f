/// Reusable buffers for aligning a query with phrase automata.
struct AlignmentScratch {
    var cost: [Int32]
    var previous: [Int32]
    var operation: [UInt8]
    var edge: [Int32]

    init(capacity: Int) {
        cost = Array(repeating: 0, count: capacity)
        previous = Array(repeating: 0, count: capacity)
        operation = Array(repeating: 0, count: capacity)
        edge = Array(repeating: 0, count: capacity)
    }

    mutating func reset(count: Int) {
        if cost.count < count {
            self = AlignmentScratch(capacity: count)
        }
        for index in 0..<count { cost[index] = Int32.max }
    }
}

/// Steps of an alignment path.
enum AlignmentStep: UInt8 {
    case free = 0
    case match
    case substitute
    case delete
    case insert
    case skipSlot
    case number
    case text
    case valueWord
}

extension PhraseMatcher {
    /// One edit; free text costs a tenth of an edit per word so specific phrases win ties.
    static let editCost: Int32 = 10
    static let textWordCost: Int32 = 1

    /// Aligns the query with one phrase (dynamic programming over query position × state).
    func align(
        _ phrase: CompiledPhrase, query: Query, transcript: String, scratch: inout AlignmentScratch
    ) -> MatchCandidate? {
        let n = query.ids.count
        let states = phrase.stateCount
        let cells = (n + 1) * states
        scratch.reset(count: cells)
        let edit = Self.editCost
        scratch.cost[0] = 0

        @inline(__always)
        func relax(
            _ target: Int, _ value: Int32, from source: Int, _ step: AlignmentStep, _ edgeIndex: Int32,
            _ s: inout AlignmentScratch
        ) {
            if value < s.cost[target] {
                s.cost[target] = value
                s.previous[target] = Int32(source)
                s.operation[target] = step.rawValue
                s.edge[target] = edgeIndex
            }
        }

        for i in 0...n {
            let row = i * states
            for state in 0..<states {
                let cell = row + state
                let current = scratch.cost[cell]
                if current == Int32.max { continue }
                if i < n {
                    relax(cell + states, current + edit, from: cell, .insert, -1, &scratch)
                }
                for (edgeIndex, edge) in phrase.edges[state].enumerated() {
                    let target = Int(edge.target)
                    let index = Int32(edgeIndex)
                    switch edge.kind {
                    case .epsilon, .slotOpen, .slotClose:
                        relax(row + target, current, from: cell, .free, index, &scratch)
                    case .skipSlot:
                        relax(row + target, current + edit, from: cell, .skipSlot, index, &scratch)
                    case .word(let word):
                        if i < n {
                            if query.ids[i] == word {
                                relax(row + states + target, current, from: cell, .match, index, &scratch)
                            } else {
                                relax(row + states + target, current + edit, from: cell, .substitute, index, &scratch)
                            }
                        }
                        relax(row + target, current + edit, from: cell, .delete, index, &scratch)
                    case .valueWord(let word):
                        if i < n, query.ids[i] == word {
                            relax(row + states + target, current, from: cell, .valueWord, index, &scratch)
                        }
                    case .number(let slot):
                        if i < n, Self.numberFits(query, at: i, parameter: phrase.slots[slot].parameter) {
                            relax(row + states + target, current, from: cell, .number, index, &scratch)
                        }
                    case .text:
                        if i < n {
                            for length in 1...(n - i) {
                                relax(
                                    (i + length) * states + target, current + Int32(length) * Self.textWordCost,
                                    from: cell, .text, index, &scratch)
                            }
                        }
                    }
                }
            }
        }
        let finalCell = n * states + Int(phrase.finalState)
        guard scratch.cost[finalCell] != Int32.max else { return nil }
        return candidate(phrase, query: query, transcript: transcript, finalCell: finalCell, scratch: scratch)
    }

    static func numberFits(_ query: Query, at index: Int, parameter: ParameterDefinition) -> Bool {
        switch parameter.type {
        case .integer(let range):
            guard let value = query.integers[index] else { return false }
            return range?.contains(value) ?? true
        case .number(let range):
            guard let value = query.numbers[index] else { return false }
            return range?.contains(value) ?? true
        default:
            return false
        }
    }

    /// Reads the best path back: parameter values, edits and the explanation.
    func candidate(
        _ phrase: CompiledPhrase, query: Query, transcript: String, finalCell: Int, scratch: AlignmentScratch
    ) -> MatchCandidate {
        let states = phrase.stateCount
        var path: [(cell: Int, step: AlignmentStep, edge: Int32)] = []
        var cell = finalCell
        while cell != 0 {
            path.append((cell, AlignmentStep(rawValue: scratch.operation[cell]) ?? .free, scratch.edge[cell]))
            cell = Int(scratch.previous[cell])
        }
        path.reverse()

        let entry = catalog.entries[phrase.entryIndex]
        var parameters = entry.fixedParameters
        var substituted = 0
        var deleted = 0
        var inserted = 0
        var skipped: [String] = []
        var literalMatches = 0
        var templateUnits = 0
        var textSpans: [Int: [String]] = [:]
        var previousCell = 0
        for (cell, step, edgeIndex) in path {
            let sourceState = previousCell % states
            let position = previousCell / states
            defer { previousCell = cell }
            let edge = edgeIndex >= 0 ? phrase.edges[sourceState][Int(edgeIndex)] : nil
            switch step {
            case .free:
                if case .slotClose(let slot, let value)? = edge?.kind {
                    parameters[phrase.slots[slot].parameter.name] = phrase.slots[slot].values[value]
                    templateUnits += 0
                }
            case .match:
                literalMatches += 1
                templateUnits += 1
            case .substitute:
                substituted += 1
                templateUnits += 1
            case .delete:
                deleted += 1
                templateUnits += 1
            case .insert:
                inserted += 1
            case .skipSlot:
                if case .skipSlot(let slot)? = edge?.kind { skipped.append(phrase.slots[slot].parameter.name) }
                templateUnits += 1
            case .valueWord:
                templateUnits += 1
            case .number:
                if case .number(let slot)? = edge?.kind {
                    let parameter = phrase.slots[slot].parameter
                    if case .integer = parameter.type, let value = query.integers[position] {
                        parameters[parameter.name] = .integer(value)
                    } else if let value = query.numbers[position] {
                        parameters[parameter.name] = .number(value)
                    }
                }
                templateUnits += 1
            case .text:
                if case .text(let slot)? = edge?.kind {
                    let end = cell / states
                    textSpans[slot, default: []] += query.tokens[position..<end]
                    templateUnits += end - position
                }
            }
        }
        for (slot, words) in textSpans {
            parameters[phrase.slots[slot].parameter.name] = .text(words.joined(separator: " "))
        }
        let cost = Double(scratch.cost[finalCell]) / Double(Self.editCost)
        let denominator = Double(max(query.ids.count, templateUnits, 1))
        let confidence = max(0, min(1, 1 - cost / denominator))
        let edits = substituted + deleted + inserted + skipped.count

        var differences: [String] = []
        if substituted > 0 { differences.append("\(substituted) word\(substituted == 1 ? "" : "s") different") }
        if deleted > 0 { differences.append("\(deleted) word\(deleted == 1 ? "" : "s") missing") }
        if inserted > 0 { differences.append("\(inserted) extra word\(inserted == 1 ? "" : "s")") }
        if !skipped.isEmpty { differences.append("no value for " + skipped.map { "{\($0)}" }.joined(separator: ", ")) }
        let reason =
            differences.isEmpty
            ? "exact match of \(entry.label)"
            : "close to \(entry.label): " + differences.joined(separator: ", ")

        return MatchCandidate(
            shortcutID: entry.shortcutID, parameters: parameters, confidence: confidence, reason: reason,
            phrase: entry, edits: edits, literalMatches: literalMatches, transcript: transcript)
    }
}
