import Testing

@testable import IncantPhrases

@Suite("Phrase templates")
struct TemplateTests {
    @Test func parsesWordsOptionalsAlternativesAndSlots() throws {
        let template = try PhraseTemplate("order [me] [a|an] {kind} (pizza|pie)")
        #expect(
            template.root
                == .sequence([
                    .word("order"), .optional(.word("me")), .optional(.choice([.word("a"), .word("an")])),
                    .slot("kind"), .choice([.word("pizza"), .word("pie")]),
                ]))
        #expect(template.slotNames == ["kind"])
        #expect(template.root.templateText == "order [me] [a|an] {kind} (pizza|pie)")
    }

    @Test func expandsEveryCombination() throws {
        let template = try PhraseTemplate("(turn|switch) [the] lights {state}")
        let expansions = template.expansions().map { tokens in
            tokens.map { token -> String in
                switch token {
                case .word(let word): return word
                case .slot(let name): return "{\(name)}"
                }
            }.joined(separator: " ")
        }
        #expect(
            Set(expansions)
                == [
                    "turn lights {state}", "turn the lights {state}", "switch lights {state}",
                    "switch the lights {state}",
                ])
        #expect(template.root.expansionCount == 4)
    }

    @Test func nestedGroupsExpand() throws {
        let template = try PhraseTemplate("set [a [short]] timer")
        #expect(Set(template.expansions().map(\.count)) == [2, 3, 4])
    }

    @Test func expansionIsLimited() throws {
        let text = (0..<20).map { "[w\($0)]" }.joined(separator: " ") + " end"
        let template = try PhraseTemplate(text)
        #expect(template.root.expansionCount == 1 << 20)
        #expect(template.expansions(limit: 100).count == 100)
    }

    @Test(arguments: [
        ("order (a|b pizza", "missing ')'", 7),
        ("order a|b) pizza", "unmatched ')'", 10),
        ("order [] pizza", "empty group", 8),
        ("order {} pizza", "empty slot", 7),
        ("order {kind pizza", "missing '}'", 7),
        ("order (a|) pizza", "empty alternative", 10),
        ("   ", "empty phrase", 1),
        ("order (a] pizza", "expected ')'", 9),
        ("{kind name}", "may only hold", 1),
    ])
    func reportsSyntaxErrorsWithColumn(text: String, message: String, column: Int) {
        #expect {
            try PhraseTemplate(text)
        } throws: { error in
            guard let error = error as? TemplateSyntaxError else { return false }
            return error.message.contains(message) && error.column == column
        }
    }
}

@Suite("Text normalization and spoken numbers")
struct NormalizationTests {
    let normalizer = TextNormalizer()

    @Test func lowercasesStripsPunctuationAndFillers() {
        #expect(normalizer.tokens("  Please, uh, ORDER me a Pizza!!  ") == ["order", "me", "a", "pizza"])
        #expect(normalizer.tokens("I'd like what's up") == ["i'd", "like", "what's", "up"])
    }

    @Test func rewritesSpokenNumbersAsDigits() {
        #expect(normalizer.tokens("order twenty one pizzas") == ["order", "21", "pizzas"])
        #expect(normalizer.tokens("one hundred and five") == ["105"])
        #expect(normalizer.tokens("two thousand three hundred") == ["2300"])
        #expect(normalizer.tokens("two point five degrees") == ["2.5", "degrees"])
        #expect(normalizer.tokens("twenty-five minutes") == ["25", "minutes"])
        #expect(normalizer.tokens("two twenty") == ["2", "20"])
        #expect(normalizer.tokens("rock and roll") == ["rock", "and", "roll"])
        #expect(normalizer.tokens("one and two") == ["1", "and", "2"])
    }

    @Test func parsesAndWritesNumbers() {
        #expect(SpokenNumber.parseInteger("twenty one") == 21)
        #expect(SpokenNumber.parseInteger("21") == 21)
        #expect(SpokenNumber.parseInteger("nine hundred ninety nine") == 999)
        #expect(SpokenNumber.parseInteger("minus three") == -3)
        #expect(SpokenNumber.parseInteger("pizza") == nil)
        #expect(SpokenNumber.parseInteger("twenty pizza") == nil)
        for value in [0, 7, 13, 20, 21, 99, 100, 105, 999, 1_000, 1_234, 20_021] {
            #expect(SpokenNumber.parseInteger(SpokenNumber.words(for: value)) == value)
        }
    }
}
