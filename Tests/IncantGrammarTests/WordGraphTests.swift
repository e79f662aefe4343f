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

    @Test("a transcript continues when the grammar has longer phrases that begin with it")
    func continues() throws {
        let catalog = try DemoPhrases.catalog()
        let graph = try #require(GrammarCompiler.compile(catalog).graph)
        let words = { (text: String) in text.split(separator: " ").map(String.init) }
        // The start of a phrase, and the empty transcript, go on.
        #expect(graph.continues(after: words("turn on the")))
        #expect(graph.continues(after: []))
        // A whole phrase that no longer phrase begins with does not.
        #expect(!graph.continues(after: words("turn on the kitchen lights")))
        // Words no phrase begins with do not.
        #expect(!graph.continues(after: words("kitchen turn")))
        #expect(!graph.continues(after: words("no such words")))
    }

    @Test("stretches of up to two words are set against the other words the grammar allows there")
    func spanSubstitutions() throws {
        let catalog = try DemoPhrases.catalog()
        let graph = try #require(GrammarCompiler.compile(catalog).graph)
        let words = { (text: String) in text.split(separator: " ").map(String.init) }
        let described = { (text: String) in
            Set(
                graph.spanSubstitutions(of: words(text)).map {
                    "\($0.position)+\($0.length):\($0.words.joined(separator: " "))"
                })
        }
        let room = described("turn on the bedroom lights")
        // A room of two words for a room of one, and the other way round.
        #expect(room.contains("3+1:living room"))
        #expect(described("turn on the living room lights").contains("3+2:bedroom"))
        // As many words for as many words is left out: one for one is substitutions(of:), and
        // "the kitchen" for "the bedroom" is "kitchen" for "bedroom".
        #expect(!room.contains { $0.hasPrefix("3+1:") && !$0.contains(" ") })
        #expect(!room.contains("2+2:the kitchen"))
        #expect(!described("set a timer for twenty one minutes").contains("4+2:thirty two"))
        let timer = described("set a timer for twelve minutes")
        #expect(timer.contains("4+1:twenty one"))
        // A word more or a word less: "twenty" and "twenty one" are both numbers of minutes.
        #expect(described("set a timer for twenty minutes").contains("4+1:twenty one"))
        #expect(described("set a timer for twenty one minutes").contains("4+2:twenty"))
        // Every replacement leaves a sentence of the grammar.
        for substitution in graph.spanSubstitutions(of: words("set a timer for twelve minutes")) {
            var sentence = words("set a timer for twelve minutes")
            sentence.replaceSubrange(
                substitution.position..<(substitution.position + substitution.length), with: substitution.words)
            // Not a sentence of the graph: no neighbours (a number always has some).
            #expect(!graph.substitutions(of: sentence).isEmpty, "\(sentence)")
        }
        #expect(graph.spanSubstitutions(of: words("turn on the kitchen")).isEmpty)
    }
}
