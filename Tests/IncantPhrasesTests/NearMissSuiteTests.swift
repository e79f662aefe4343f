import Foundation
import Testing

@testable import IncantPhrases

/// The generated near-miss suite over the shipped phrase sets: no wrong action, ever.
@Suite("Near-miss suite")
struct NearMissSuiteTests {
    static let phraseSets = ["home", "demo"]

    static func catalog(_ name: String) -> PhraseCatalog {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let result = DefinitionLoader.check(path: root.appendingPathComponent("phrases/\(name)").path)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return PhraseCatalog(shortcuts: result.shortcuts)
    }

    @Test(arguments: phraseSets)
    func noWrongActions(phraseSet: String) {
        let catalog = Self.catalog(phraseSet)
        let cases = NearMissGenerator(catalog: catalog).cases()
        #expect(cases.count > 100)
        #expect(Set(cases.map(\.kind)) == Set(NearMissCase.Kind.allCases))
        let matcher = PhraseMatcher(catalog: catalog)
        var outcomes: [NearMissCase.Outcome: Int] = [:]
        for near in cases {
            let result = matcher.match(near.query)
            let outcome = near.judge(result, catalog: catalog)
            outcomes[outcome, default: 0] += 1
            #expect(
                outcome != .wrongAction,
                "\(near.kind.rawValue): \"\(near.query)\" expected \(near.expected), got \(result.decision) \(result.best.map { "\($0.shortcutID) \($0.parameters)" } ?? "-"): \(result.reason)"
            )
        }
        // Every exact sentence still runs.
        for near in cases where near.kind == .exact {
            #expect(near.judge(matcher.match(near.query), catalog: catalog) == .right, "\(near.query)")
        }
        print("near misses \(phraseSet): \(cases.count) cases, \(outcomes)")
    }

    @Test func theSuiteCatchesTheOldMatcher() {
        let catalog = Self.catalog("home")
        let cases = NearMissGenerator(catalog: catalog).cases()
        let old = PhraseMatcher(catalog: catalog, options: MatchOptions(guardsNearMisses: false))
        let wrong = cases.filter { $0.judge(old.match($0.query), catalog: catalog) == .wrongAction }
        #expect(!wrong.isEmpty)
    }

    @Test func judgingNamesWrongActions() throws {
        let catalog = Self.catalog("demo")
        let matcher = PhraseMatcher(catalog: catalog)
        let accepted = matcher.match("show me the weather in paris")
        let right = NearMissCase(
            query: "", kind: .swappedValue,
            expected: .run(shortcutID: "open-weather", parameters: ["city": .text("paris")]),
            phrase: "")
        #expect(right.judge(accepted, catalog: catalog) == .right)
        let otherValue = NearMissCase(
            query: "", kind: .swappedValue,
            expected: .run(shortcutID: "open-weather", parameters: ["city": .text("berlin")]),
            phrase: "")
        #expect(otherValue.judge(accepted, catalog: catalog) == .wrongAction)
        // The city has a default: accepting without it would open the default, not ask.
        let unset = matcher.match("show me the weather")
        let unknown = NearMissCase(
            query: "", kind: .unknownValue,
            expected: .askOrReject(shortcutID: "open-weather", parameter: "city", said: [:]),
            phrase: "")
        #expect(unknown.judge(unset, catalog: catalog) == .wrongAction)
        #expect(unknown.judge(matcher.match("show me the weather in tokyo"), catalog: catalog) == .right)
    }
}
