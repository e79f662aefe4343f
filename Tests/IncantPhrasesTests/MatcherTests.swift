import Testing

@testable import IncantPhrases

@Suite("Matching")
struct MatcherTests {
    @Test func exactMatchFillsEnumSlot() throws {
        let result = try Fixtures.matcher().match("Order me a pepperoni pizza")
        #expect(result.decision == .accepted)
        let best = try #require(result.accepted)
        #expect(best.shortcutID == "order-pizza")
        #expect(best.parameters == ["kind": .text("pepperoni")])
        #expect(best.confidence == 1)
        #expect(best.reason.contains("exact match"))
    }

    @Test func multiWordValuesAndSpokenNumbers() throws {
        let matcher = try Fixtures.matcher()
        let words = try #require(matcher.match("order three four cheese pizzas").accepted)
        #expect(words.parameters == ["count": .integer(3), "kind": .text("four cheese")])
        let digits = try #require(matcher.match("order 3 four cheese pizzas").accepted)
        #expect(digits.parameters == words.parameters)
        let timer = try #require(matcher.match("set a timer for twenty five minutes").accepted)
        #expect(timer.parameters == ["minutes": .integer(25)])
    }

    @Test func integerOutsideRangeDoesNotFill() throws {
        let result = try Fixtures.matcher().match("set a timer for 500 minutes")
        #expect(result.accepted?.parameters["minutes"] == nil)
    }

    @Test func fillersAndPunctuationAreIgnored() throws {
        let result = try Fixtures.matcher().match("Um, please... order a MARGHERITA pizza, please!")
        #expect(result.accepted?.parameters == ["kind": .text("margherita")])
        #expect(result.accepted?.confidence == 1)
    }

    @Test func toleratesOneWrongOrMissingWord() throws {
        let matcher = try Fixtures.matcher()
        let forgiven = try #require(matcher.match("turn on kitchen lights").accepted)
        #expect(forgiven.shortcutID == "kitchen-lights-on")
        #expect(forgiven.edits == 1)
        let missing = try #require(matcher.match("set timer for 10 minute").accepted)
        #expect(missing.shortcutID == "set-timer")
        #expect(missing.parameters == ["minutes": .integer(10)])
        #expect(missing.confidence < 1 && missing.confidence >= 0.6)
        let extra = try #require(matcher.match("order a pepperoni pizza right now").accepted)
        #expect(extra.shortcutID == "order-pizza")
        #expect(extra.confidence < 1)
    }

    @Test func rejectsUnrelatedSpeech() throws {
        let matcher = try Fixtures.matcher()
        for query in ["what is the capital of france", "", "please", "pizza", "the weather is nice today"] {
            let result = matcher.match(query)
            #expect(result.decision == .rejected, "\(query) → \(result.reason)")
            #expect(result.accepted == nil)
        }
    }

    @Test func neverGuessesAParameterValue() throws {
        let result = try Fixtures.matcher().match("order a hawaiian pizza")
        #expect(result.accepted?.parameters["kind"] == nil)
    }

    @Test func unsaidSlotLeavesParameterMissing() throws {
        let result = try Fixtures.matcher().match("order me a pizza")
        let best = try #require(result.accepted)
        #expect(best.shortcutID == "order-pizza")
        #expect(best.parameters["kind"] == nil)
        #expect(best.reason.contains("{kind}"))
    }

    @Test func ambiguityBetweenShortcutsIsReported() throws {
        let yaml = """
            shortcuts:
              - id: kitchen-lights-on
                phrases: ["turn on the kitchen lights"]
              - id: garden-sprinkler-on
                phrases: ["turn on the garden sprinkler"]
            """
        let loaded = DefinitionLoader.parse(yaml, file: "/tmp/ambiguity.yaml")
        let matcher = PhraseMatcher(catalog: PhraseCatalog(shortcuts: loaded.shortcuts))
        let result = matcher.match("turn on the kitchen sprinkler")
        #expect(result.decision == .ambiguous)
        #expect(Set(result.candidates.prefix(2).map(\.shortcutID)) == ["kitchen-lights-on", "garden-sprinkler-on"])
        #expect(result.cause == .ambiguous(between: ["garden-sprinkler-on", "kitchen-lights-on"]))
        #expect(result.accepted == nil)
    }

    @Test func aWordThatTellsTwoShortcutsApartIsNotForgiven() throws {
        let matcher = try Fixtures.matcher()
        let light = matcher.match("turn on the kitchen light")
        #expect(light.accepted == nil)
        guard case .distinguishingWordDiffers(_, let heard, _) = light.cause else {
            Issue.record("expected a distinguishing word, got \(light.cause)")
            return
        }
        #expect(heard == "light")
        let missing = matcher.match("turn on the kitchen")
        #expect(missing.accepted == nil)
        #expect(missing.decision == .rejected)
    }

    @Test func freeTextSlot() throws {
        let best = try #require(try Fixtures.matcher().match("remind me to buy oat milk").accepted)
        #expect(best.parameters == ["task": .text("buy oat milk")])
    }

    @Test func booleanAndMappedEnumValues() throws {
        let matcher = try Fixtures.matcher()
        let on = try #require(matcher.match("turn the living room lights on").accepted)
        #expect(on.parameters == ["room": .text("living"), "on": .boolean(true)])
        let off = try #require(matcher.match("turn the bedroom lights off").accepted)
        #expect(off.parameters == ["room": .text("bedroom"), "on": .boolean(false)])
    }

    @Test func userPhraseWithFixedParameters() throws {
        let usual = UserPhrase(
            shortcut: "order-pizza", phrase: "order my usual pizza",
            parameters: ["kind": .text("four cheese"), "count": .integer(2)])
        let result = try Fixtures.matcher(userPhrases: [usual]).match("order my usual pizza")
        let best = try #require(result.accepted)
        #expect(best.shortcutID == "order-pizza")
        #expect(best.parameters == ["kind": .text("four cheese"), "count": .integer(2)])
        #expect(best.phrase.origin == .user(id: usual.id))
    }

    @Test func nBestTranscriptsPickTheOneThatMatches() throws {
        let result = try Fixtures.matcher().match(transcripts: ["order a pepper only pizza", "order a pepperoni pizza"])
        let best = try #require(result.accepted)
        #expect(best.parameters == ["kind": .text("pepperoni")])
        #expect(best.transcript == "order a pepperoni pizza")
        #expect(best.confidence < 1)
    }

    @Test func prunedMatchAgreesWithExhaustiveMatch() throws {
        let matcher = try Fixtures.matcher()
        let queries = [
            "order me a pepperoni pizza", "order two margherita pizzas", "turn on the kitchen fan",
            "set timer for five minutes", "remind me to call mum", "turn the bedroom lights on",
            "order pizza", "kitchen", "turn on the kitchen", "set a timer for ten minute",
        ]
        for query in queries {
            let fast = matcher.match(query)
            let slow = matcher.matchExhaustively(query)
            #expect(fast.decision == slow.decision, "\(query)")
            #expect(fast.best?.shortcutID == slow.best?.shortcutID, "\(query)")
            #expect(fast.best?.confidence == slow.best?.confidence, "\(query)")
            #expect(fast.best?.parameters == slow.best?.parameters, "\(query)")
        }
    }
}
