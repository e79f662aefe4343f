import Foundation
import Testing

@testable import IncantPhrases

/// The phrase fuzz harnesses (Fuzz/Harness/Phrases, linked here as FuzzHarness/) run over their
/// seed corpus and a few thousand seeded mutations, plus the inputs fuzzing found crashes with.
@Suite("Fuzz regressions: definitions, templates, matcher")
struct PhrasesFuzzRegressionTests {
    @Test("the definitions harness survives its corpus and 1,500 mutations")
    func definitionsReplay() async throws {
        let seeds = try FuzzReplay.corpus("FuzzDefinitions")
        let tokens = try FuzzReplay.dictionary("yaml")
        let outcomes = try await FuzzReplay.onThread {
            var loaded = 0
            var refused = 0
            FuzzReplay.run(seeds: seeds, tokens: tokens, mutations: 1_500, maximumSize: 8192) { input in
                guard let count = DefinitionsFuzzTarget.run(input) else { return }
                if count > 0 { loaded += 1 } else { refused += 1 }
            }
            return (loaded, refused)
        }
        // The mutants reach both sides: files that still load, and files refused with errors.
        #expect(outcomes.0 > 10)
        #expect(outcomes.1 > 100)
    }

    @Test("the template harness survives its corpus and 5,000 mutations")
    func templatesReplay() async throws {
        let seeds = try FuzzReplay.corpus("FuzzTemplates")
        let tokens = try FuzzReplay.dictionary("template")
        let outcomes = try await FuzzReplay.onThread {
            var parsed = 0
            var refused = 0
            FuzzReplay.run(seeds: seeds, tokens: tokens, mutations: 5_000, maximumSize: 512) { input in
                if TemplatesFuzzTarget.run(input) { parsed += 1 } else { refused += 1 }
            }
            return (parsed, refused)
        }
        #expect(outcomes.0 > 1_000)
        #expect(outcomes.1 > 500)
    }

    @Test("the matcher harness survives its corpus and 600 mutations")
    func matcherReplay() async throws {
        let seeds = try FuzzReplay.corpus("FuzzMatcher")
        let tokens = try FuzzReplay.dictionary("template")
        let decisions = try await FuzzReplay.onThread {
            var decisions: [MatchResult.Decision: Int] = [:]
            FuzzReplay.run(seeds: seeds, tokens: tokens, mutations: 600, maximumSize: 1024) { input in
                if let decision = MatcherFuzzTarget.run(input, compareEvery: 1) { decisions[decision, default: 0] += 1 }
            }
            return decisions
        }
        #expect(decisions[.accepted, default: 0] > 20)
        #expect(decisions[.rejected, default: 0] > 20)
    }

    // MARK: - Inputs that crashed or hung

    @Test("two shortcuts with one id in one file: the second is an error and never matched (was a trap)")
    func duplicateIDInOneFile() throws {
        // Reduced from a FuzzDefinitions crash: a mangled home.yaml declared `lights-off` twice,
        // once with a {room} parameter. `parse` kept both, the catalog looked the id up as the
        // first definition, and a phrase of the second was matched with a parameter the first
        // does not declare.
        let text = """
            shortcuts:
              - id: lights-off
                title: All lights off
                phrases: ["lights off"]
              - id: lights-off
                title: Lights off in a room
                parameters:
                  - name: room
                    type: enum
                    values: [kitchen, hallway]
                phrases: ["lights off in the {room}"]
            """
        let result = DefinitionLoader.parse(text, file: "/fuzz/shortcuts.yaml")
        #expect(result.shortcuts.map(\.title) == ["All lights off"])
        let error = try #require(result.diagnostics.first { $0.message.contains("duplicate shortcut id 'lights-off'") })
        #expect(error.severity == .error)
        #expect(error.location.line == 5)
        #expect(error.message.contains("/fuzz/shortcuts.yaml:2"))

        // A catalog built from both (an embedding app can pass anything) keeps the first only.
        let first = try #require(result.shortcuts.first)
        var second = first
        second.title = "Lights off in a room"
        second.phrases = [try PhraseTemplate("lights off in the kitchen")]
        let catalog = PhraseCatalog(shortcuts: [first, second])
        #expect(catalog.shortcuts.count == 1)
        #expect(catalog.entries.count == 1)
        #expect(PhraseMatcher(catalog: catalog).match("lights off in the kitchen").accepted == nil)

        #expect(DefinitionsFuzzTarget.run(Array(text.utf8)) == 1)
    }

    @Test("a small expansion limit under nested optional groups returns what fits (was a trap)")
    func expansionLimitUnderNestedOptionals() throws {
        // `[[(a|b)]]` with limit 1 passed limit -1 down to the choice, which took a negative
        // prefix and trapped; any limit up to the nesting depth did.
        let template = try PhraseTemplate("[[(a|b)]]")
        #expect(template.expansions(limit: 1) == [[]])
        // The first three ways through: both groups left out, the inner one left out, then `a`.
        #expect(template.expansions(limit: 3) == [[], [.word("a")]])
        #expect(template.expansions(limit: 0).isEmpty)
        #expect(TemplatesFuzzTarget.run([0x01] + Array("[[(a|b)]]".utf8)))
    }

    @Test("expansion order and truncation are kept: first alternatives first, optional parts left out first")
    func expansionOrder() throws {
        let template = try PhraseTemplate("(turn|switch) [the] {room} (on|off)")
        let expected: [[TemplateToken]] = [
            [.word("turn"), .slot("room"), .word("on")], [.word("turn"), .slot("room"), .word("off")],
            [.word("turn"), .word("the"), .slot("room"), .word("on")],
            [.word("turn"), .word("the"), .slot("room"), .word("off")],
            [.word("switch"), .slot("room"), .word("on")],
        ]
        #expect(template.expansions(limit: 5) == expected)
        #expect(template.expansions().count == 8)
    }

    @Test("a template of over a thousand words and alternatives is refused with a clear error")
    func longTemplateIsRefused() throws {
        // `(a|b)` groups: the old expander copied every partial sequence at every step, about
        // 14 s for 300 groups and the default 10,000 expansions in a release build.
        let text = String(repeating: "(a|b) ", count: 600)
        #expect(throws: TemplateSyntaxError.self) { try PhraseTemplate(text) }
        do {
            _ = try PhraseTemplate(text)
        } catch let error as TemplateSyntaxError {
            #expect(error.column == 1)
            #expect(error.message == "phrase has 1200 words and slots; at most 1000 are allowed")
        }
        #expect(!TemplatesFuzzTarget.run([0xFF] + Array(text.utf8)))
    }

    @Test("a template at the 1,000 word-and-slot limit goes through the template harness")
    func templateAtTheUnitLimit() throws {
        // 499 `(x|y)` groups: 998 words, 2^499 ways to say it. It parses, and the harness
        // lowers the default limit of 10,000 expansions to its token budget (5 of them here).
        let text = String(repeating: "(x|y) ", count: 499)
        let template = try PhraseTemplate(text)
        #expect(template.root.words.count == 998)
        #expect(template.expansions(limit: 5).count == 5)
        #expect(template.expansions(limit: 5).allSatisfy { $0.count == 499 })
        #expect(TemplatesFuzzTarget.run([0xFF] + Array(text.utf8)))
        #expect(TemplatesFuzzTarget.run([0x3F] + Array((String(repeating: "w ", count: 960) + "(x|y) ").utf8)))
    }

    @Test("the longest allowed template expands to the full default limit")
    func longestAllowedTemplateExpands() throws {
        let template = try PhraseTemplate(String(repeating: "(a|b) ", count: 32))
        let expansions = template.expansions()
        #expect(expansions.count == 10_000)
        #expect(expansions.allSatisfy { $0.count == 32 })
        #expect(TemplatesFuzzTarget.run([0xFF] + Array(String(repeating: "[a|b] ", count: 32).utf8)))
    }
}
