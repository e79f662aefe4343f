import IncantPhrases
import IncantTestSupport
import Testing

@testable import IncantGrammar

@Suite("Grammar compilation")
struct GrammarCompilerTests {
    @Test func demoPhrasesCompileToAMinimalGraph() throws {
        let grammar = GrammarCompiler.compile(try DemoPhrases.catalog())
        #expect(grammar.phraseCount == 15)
        #expect(grammar.skipped.isEmpty)
        #expect(grammar.words.isSuperset(of: ["order", "pepperoni", "four", "cheese", "twenty", "kitchen", "timer"]))
        let fsg = try #require(grammar.fsg)
        #expect(fsg.hasPrefix("FSG_BEGIN incant\n"))
        #expect(fsg.contains("TRANSITION 0 "))
        #expect(grammar.jsgf.contains("public <command> ="))
        // Shared prefixes: far fewer states than the phrases' words spelled out one by one.
        #expect(grammar.fsgStates > 10 && grammar.fsgStates < 400)
    }

    @Test func sharedPrefixesAreMerged() throws {
        let yaml = """
            shortcuts:
              - id: a
                parameters: [{ name: room, type: enum, values: [kitchen, bedroom] }]
                phrases: ["turn on the {room} lights", "turn on the {room} fan", "turn off the {room} lights"]
                responses: { success: ok }
            """
        let result = DefinitionLoader.parse(yaml, file: "a.yaml")
        let grammar = GrammarCompiler.compile(PhraseCatalog(shortcuts: result.shortcuts))
        // turn → (on → the → {room} → lights|fan | off → the → {room} → lights): 9 states and the final one.
        #expect(grammar.fsgStates <= 10, "\(grammar.fsg ?? "")")
    }

    @Test func freeTextSlotsBecomePlaceholdersBetweenCarrierWords() throws {
        let yaml = """
            shortcuts:
              - id: note
                parameters: [{ name: text, type: text }]
                phrases: ["note {text}", "read my notes", "{text}", "[please] {text}", "(jot|note) [down] {text}"]
                responses: { success: ok }
            """
        let grammar = GrammarCompiler.compile(
            PhraseCatalog(shortcuts: DefinitionLoader.parse(yaml, file: "n.yaml").shortcuts))
        #expect(grammar.phraseCount == 3)
        #expect(grammar.hasTextSlots)
        // A phrase that can be said without a word of its own would take any speech for its slot.
        #expect(grammar.skipped.map(\.entry.location.line) == [4, 4], "\(grammar.skipped)")
        #expect(grammar.skipped.allSatisfy { $0.reason.contains("{text}") })
        let fsg = try #require(grammar.fsg)
        #expect(fsg.contains(" textslot_aa\n"))
        #expect(!fsg.contains(TextSlotPlaceholder.token))
        #expect(grammar.jsgf.contains("textslot_aa"))
        // The placeholder's phones are added by the recognizer, not looked up as words.
        #expect(!grammar.words.contains { TextSlotPlaceholder.isPlaceholder($0) || $0 == TextSlotPlaceholder.token })
        #expect(grammar.words.isSuperset(of: ["note", "read", "my", "notes", "jot", "down"]))
    }

    @Test func digitsAndNumbersAreSpokenAsWords() {
        #expect(
            GrammarCompiler.spokenWords("set 2 timers for 1.5 hours") == [
                "set", "two", "timers", "for", "one", "point", "five", "hours",
            ])
        #expect(GrammarCompiler.spokenWords("I'd like 21") == ["i'd", "like", "twenty", "one"])
    }
}
