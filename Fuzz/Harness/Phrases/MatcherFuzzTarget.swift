import Foundation

@testable import IncantPhrases

/// Fuzz harness for the phrase matcher.
///
/// An input whose first byte is even is a query (the rest, as text) against the shipped example
/// shortcuts (`phrases/demo` and `phrases/home`). An odd first byte builds a small catalog from
/// the input instead: each line but the last is a phrase template of a shortcut with one
/// parameter of every type, and the last line is the query.
///
/// Every result must be coherent: confidences in [0, 1], best first, decisions that agree with
/// the threshold, parameter values that the shortcut declares and allows, and the pruned search
/// finding as good a candidate as aligning every phrase.
///
/// Aligning every shipped phrase (the oracle for the pruned search) costs several times the
/// pruned match itself, so against the shipped catalog it runs for one input in
/// `compareEvery`, and the N-best match (which repeats the query) for every other input, picked
/// by a hash of the input (a finding still reproduces); a catalog made from the input is small
/// and always gets every check.
public enum MatcherFuzzTarget {
    /// The shipped example shortcuts, found from this file's place in the repository (the same
    /// depth under `Fuzz/Harness/` and under `Tests/<Module>/FuzzHarness/`).
    public static let shippedDirectories: [String] = {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return ["demo", "home"].map { root.appendingPathComponent("phrases").appendingPathComponent($0).path }
    }()

    /// The matcher over the shipped shortcuts, built once.
    public static let shipped: PhraseMatcher = {
        var shortcuts: [ShortcutDefinition] = []
        for directory in shippedDirectories {
            do {
                shortcuts += try DefinitionLoader.load(path: directory)
            } catch {
                fatalError("cannot load the shipped shortcuts at \(directory): \(error)")
            }
        }
        return PhraseMatcher(catalog: PhraseCatalog(shortcuts: shortcuts))
    }()

    /// The shortcut the input's own templates belong to: one parameter of each type.
    static let inputShortcut: ShortcutDefinition = {
        var shortcut = ShortcutDefinition(id: "fuzz", title: "Fuzz", location: SourceLocation(file: "<fuzz>"))
        shortcut.parameters = [
            ParameterDefinition(
                name: "kind",
                type: .enumeration([
                    EnumValue(spoken: "margherita"), EnumValue(spoken: "four cheese", value: "4-cheese"),
                    EnumValue(spoken: "twenty one"),
                ])),
            ParameterDefinition(name: "count", type: .integer(1...10)),
            ParameterDefinition(name: "any", type: .integer(nil)),
            ParameterDefinition(name: "level", type: .number(-1.5...2.5)),
            ParameterDefinition(name: "on", type: .boolean),
            ParameterDefinition(name: "what", type: .text),
        ]
        return shortcut
    }()

    /// Most templates taken from one input.
    static let templateLimit = 4

    /// Runs one input and returns the decision for the query (nil: empty input). Against the
    /// shipped catalog, the exhaustive search is compared for one input in `compareEvery` (1:
    /// all, with the N-best match too). Traps (a fuzzer finding) when an invariant does not hold.
    @discardableResult
    public static func run(_ bytes: [UInt8], compareEvery: Int = 8) -> MatchResult.Decision? {
        guard let first = bytes.first else { return nil }
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        if first & 1 == 0 {
            let slot = hash(bytes) % UInt64(max(1, compareEvery))
            return check(text, matcher: shipped, exhaustive: slot == 0, nBest: slot % 2 == 0)
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let query = lines.removeLast()
        var shortcut = inputShortcut
        shortcut.phrases = lines.prefix(templateLimit).compactMap { try? PhraseTemplate($0) }.filter {
            $0.slotNames.allSatisfy { inputShortcut.parameter(named: $0) != nil }
        }
        return check(query, matcher: PhraseMatcher(catalog: PhraseCatalog(shortcuts: [shortcut])))
    }

    /// FNV-1a of the input: which inputs get the exhaustive comparison.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }

    static func check(
        _ query: String, matcher: PhraseMatcher, exhaustive compare: Bool = true, nBest: Bool = true
    ) -> MatchResult.Decision {
        let result = matcher.match(query)
        check(result, catalog: matcher.catalog, options: matcher.options)
        if nBest {
            check(matcher.match(transcripts: [query, "", query]), catalog: matcher.catalog, options: matcher.options)
        }
        guard compare else { return result.decision }
        let exhaustive = matcher.matchExhaustively(query)
        check(exhaustive, catalog: matcher.catalog, options: matcher.options)
        // Pruning may skip phrases that cannot win, never the winner.
        if let best = exhaustive.best, best.confidence >= matcher.options.threshold {
            let pruned = result.best?.confidence ?? -1
            precondition(
                abs(pruned - best.confidence) < 1e-9,
                "pruned search found confidence \(pruned), aligning every phrase \(best.confidence) for \"\(query)\"")
        }
        return result.decision
    }

    /// Checks that `result` is coherent for `catalog`.
    static func check(_ result: MatchResult, catalog: PhraseCatalog, options: MatchOptions = MatchOptions()) {
        precondition(result.candidates.count <= options.maximumCandidates, "too many candidates")
        precondition(!result.reason.isEmpty, "result without a reason")
        for (index, candidate) in result.candidates.enumerated() {
            precondition(
                (0...1).contains(candidate.confidence), "confidence \(candidate.confidence) outside [0, 1]")
            if index > 0 {
                precondition(
                    candidate.confidence <= result.candidates[index - 1].confidence, "candidates not best first")
            }
            precondition(candidate.edits >= 0 && candidate.literalMatches >= 0, "negative counts")
            guard let shortcut = catalog.shortcut(candidate.shortcutID) else {
                preconditionFailure("candidate for unknown shortcut '\(candidate.shortcutID)'")
            }
            for (name, value) in candidate.parameters where candidate.phrase.fixedParameters[name] == nil {
                guard let parameter = shortcut.parameter(named: name) else {
                    preconditionFailure("value for undeclared parameter '\(name)' of '\(shortcut.id)'")
                }
                precondition(allows(parameter.type, value), "\(name) = \(value) is not a valid \(parameter.type)")
            }
        }
        switch result.decision {
        case .accepted:
            precondition(result.accepted != nil, "accepted without a candidate")
            precondition(result.candidates[0].confidence >= options.threshold, "accepted below the threshold")
        case .ambiguous:
            precondition(result.candidates.count >= 2, "ambiguous with fewer than two candidates")
        case .rejected:
            precondition(result.accepted == nil, "rejected with an accepted candidate")
        }
    }

    static func allows(_ type: ParameterType, _ value: ParameterValue) -> Bool {
        switch (type, value) {
        case (.enumeration(let values), .text(let text)): return values.contains { $0.value == text }
        case (.integer(let range), .integer(let number)): return range?.contains(number) ?? true
        case (.number(let range), .number(let number)): return range?.contains(number) ?? true
        case (.number(let range), .integer(let number)): return range?.contains(Double(number)) ?? true
        case (.boolean, .boolean), (.text, .text): return true
        default: return false
        }
    }
}
