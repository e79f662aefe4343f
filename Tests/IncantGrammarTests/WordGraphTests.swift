import IncantTestSupport
import Testing

@testable import IncantGrammar

/// The grammar's word graph: the sentences one word away from a transcript.
@Suite("Word graph")
struct WordGraphTests {
    @Test("the grammar's one-word neighbours of a transcript are found, and only they")
    func substitutions() throws {
        let catalog = try DemoPhrases.catalog()
        let graph = try #require(GrammarCompiler.compile(catalog).graph)
        let found = graph.substitutions(of: "turn on the kitchen lights".split(separator: " ").map(String.init))
        let words = Set(found.map { "\($0.position):\($0.word)" })
        // "switch" for "turn", "off" for "on" (same shortcut, another value), another room.
        #expect(words.contains("0:switch"))
        #expect(words.contains("1:off"))
        #expect(words.contains("3:bedroom"))
        // Not a sentence of the grammar: no neighbours.
        #expect(graph.substitutions(of: ["turn", "on", "the", "kitchen"]).isEmpty)
        #expect(graph.substitutions(of: ["no", "such", "words"]).isEmpty)
    }
}
