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
    case unknownValue
}

extension PhraseMatcher {
    /// One edit; free text costs a tenth of an edit per word so specific phrases win ties.
    static let editCost: Int32 = 10
    static let textWordCost: Int32 = 1
    /// Added to an edit that changes a distinguishing word, so a path avoids one when it can.
    static let distinguishingCost: Int32 = 1_000

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
                    let cost = edit + (query.distinguishing[i] ? Self.distinguishingCost : 0)
                    relax(cell + states, current + cost, from: cell, .insert, -1, &scratch)
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
                        let fixed = phrase.needsCarrierWords || distinguishing[Int(word)]
                        if i < n {
                            if query.ids[i] == word {
                                relax(row + states + target, current, from: cell, .match, index, &scratch)
                            } else {
                                let cost =
                                    edit + (fixed || query.distinguishing[i] ? Self.distinguishingCost : 0)
                                relax(row + states + target, current + cost, from: cell, .substitute, index, &scratch)
                            }
                        }
                        let cost = edit + (fixed ? Self.distinguishingCost : 0)
                        relax(row + target, current + cost, from: cell, .delete, index, &scratch)
                    case .valueWord(let word):
                        if i < n, query.ids[i] == word {
                            relax(row + states + target, current, from: cell, .valueWord, index, &scratch)
                        }
                    case .number(let slot):
                        if i < n, Self.numberFits(query, at: i, parameter: phrase.slots[slot].parameter) {
                            relax(row + states + target, current, from: cell, .number, index, &scratch)
                        }
                    case .unknownValue(let slot):
                        if i < n {
                            // One edit per word, less one tenth so it wins a tie with skip-and-insert.
                            for length in 1...min(phrase.slots[slot].unknownLength, n - i) {
                                if phrase.vocabulary.contains(query.ids[i + length - 1]) { break }
                                relax(
                                    (i + length) * states + target, current + Int32(length) * edit - 1,
                                    from: cell, .unknownValue, index, &scratch)
                            }
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
        var unknownWords = 0
        var objection: MatchResult.Reason?
        func object(_ reason: MatchResult.Reason) {
            if objection == nil { objection = reason }
        }
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
                if case .word(let word)? = edge?.kind,
                    phrase.needsCarrierWords || distinguishing[Int(word)] || query.distinguishing[position]
                {
                    object(
                        .distinguishingWordDiffers(
                            phrase: entry.label, heard: query.tokens[position], expected: vocabulary.words[Int(word)]))
                }
            case .delete:
                deleted += 1
                templateUnits += 1
                if case .word(let word)? = edge?.kind, phrase.needsCarrierWords || distinguishing[Int(word)] {
                    object(
                        .distinguishingWordDiffers(
                            phrase: entry.label, heard: nil, expected: vocabulary.words[Int(word)]))
                }
            case .insert:
                inserted += 1
                if query.distinguishing[position] {
                    object(
                        .distinguishingWordDiffers(phrase: entry.label, heard: query.tokens[position], expected: nil))
                }
            case .unknownValue:
                if case .unknownValue(let slot)? = edge?.kind {
                    let end = cell / states
                    let heard = query.tokens[position..<end].joined(separator: " ")
                    unknownWords += end - position
                    templateUnits += 1
                    object(Self.unknownValueReason(phrase.slots[slot], heard: heard, label: entry.label))
                }
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
        let textWords = textSpans.values.reduce(0) { $0 + $1.count }
        let edits = substituted + deleted + inserted + skipped.count + unknownWords
        let cost = Double(edits) + Double(textWords) * Double(Self.textWordCost) / Double(Self.editCost)
        let denominator = Double(max(query.ids.count, templateUnits, 1))
        let confidence = max(0, min(1, 1 - cost / denominator))
        if phrase.needsCarrierWords, literalMatches == 0,
            let slot = phrase.slots.first(where: { $0.parameter.type == .text })
        {
            object(.missingCarrier(phrase: entry.label, parameter: slot.parameter.name))
        }

        var differences: [String] = []
        if substituted > 0 { differences.append("\(substituted) word\(substituted == 1 ? "" : "s") different") }
        if deleted > 0 { differences.append("\(deleted) word\(deleted == 1 ? "" : "s") missing") }
        if inserted > 0 { differences.append("\(inserted) extra word\(inserted == 1 ? "" : "s")") }
        if !skipped.isEmpty { differences.append("no value for " + skipped.map { "{\($0)}" }.joined(separator: ", ")) }
        if unknownWords > 0 { differences.append("\(unknownWords) word\(unknownWords == 1 ? "" : "s") not a value") }
        return MatchCandidate(
            shortcutID: entry.shortcutID, parameters: parameters, confidence: confidence, differences: differences,
            phrase: entry, edits: edits, literalMatches: literalMatches, transcript: transcript, objection: objection)
    }

    /// Why words said in a slot are not its value: a number out of range, or not in the list.
    static func unknownValueReason(_ slot: CompiledPhrase.Slot, heard: String, label: String) -> MatchResult.Reason {
        let parameter = slot.parameter
        switch parameter.type {
        case .integer(let range?):
            if Double(heard) != nil {
                return .outOfRange(
                    phrase: label, parameter: parameter.name, heard: heard,
                    range: "\(range.lowerBound) to \(range.upperBound)")
            }
        case .number(let range?):
            if Double(heard) != nil {
                return .outOfRange(
                    phrase: label, parameter: parameter.name, heard: heard,
                    range: "\(range.lowerBound) to \(range.upperBound)")
            }
        default:
            break
        }
        let expected: [String]
        switch parameter.type {
        case .enumeration(let values): expected = values.map(\.spoken)
        case .boolean: expected = parameter.booleanWords.allWords
        case .integer: expected = ["a whole number"]
        case .number: expected = ["a number"]
        case .text: expected = []
        }
        return .valueNotInList(phrase: label, parameter: parameter.name, heard: heard, expected: expected)
    }
}
