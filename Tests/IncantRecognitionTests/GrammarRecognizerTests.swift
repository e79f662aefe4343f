import Foundation
import IncantGrammar
import IncantPhrases
import IncantSpeech
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// The shipped example shortcuts, as a user's catalog.
enum DemoCatalog {
    static let repository = DemoPhrases.repository

    static func load() throws -> PhraseCatalog {
        try DemoPhrases.catalog()
    }

    /// One recognizer for the suite: loading the model once is what production does too.
    static let recognizer: Result<GrammarRecognizer, any Error> = Result {
        try GrammarRecognizer(catalog: try load())
    }
}

@Suite("Speech recognition of the shipped phrases", .serialized, .tags(.accuracy), .skippedWhenFast)
struct GrammarRecognizerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var sentence: String
        var shortcut: String
        var parameters: [String: ParameterValue]
        var testDescription: String { sentence }
    }

    static let cases: [Case] = [
        Case(
            sentence: "order three four cheese pizzas", shortcut: "order-pizza",
            parameters: ["count": .integer(3), "kind": .text("four cheese")]),
        Case(sentence: "order me a pepperoni pizza", shortcut: "order-pizza", parameters: ["kind": .text("pepperoni")]),
        Case(
            sentence: "set a timer for twenty five minutes", shortcut: "set-timer",
            parameters: ["minutes": .integer(25)]),
        Case(
            sentence: "turn on the kitchen lights", shortcut: "lights",
            parameters: ["room": .text("kitchen"), "on": .boolean(true)]),
        Case(sentence: "show me the weather in paris", shortcut: "open-weather", parameters: ["city": .text("paris")]),
        Case(sentence: "good night", shortcut: "all-lights-off", parameters: [:]),
    ]

    /// espeak-ng voices and speaking rates: an American and a British voice, a female variant,
    /// a slower and a faster speaker; and flite's American female voice (`rate` nil).
    static let voices: [(voice: String, rate: Int?)] = [
        ("en-us", 160), ("en-gb", 140), ("en-us+f3", 190), ("slt", nil),
    ]

    /// Every voice is recognized as the right shortcut with the right parameters. Acoustic
    /// acceptance is calibrated on real speech (``AcceptancePolicy/phrases``), which fits the
    /// acoustic model better than espeak-ng does: a short phrase like "good night" said by the
    /// espeak-ng voices scores a mean word margin of −43 to −47 against the policy's centre of
    /// −45, and shares 0–1 of its 6 phones with the free loop (which lowers it further), so
    /// acceptance is required of at least one voice per sentence here (flite's scores −12), and
    /// of real recordings in `CoffeeRecordingsTests`.
    @Test(arguments: cases)
    func synthesizedPhraseRunsTheRightShortcut(_ testCase: Case) async throws {
        let recognizer = try DemoCatalog.recognizer.get()
        let interpreter = SpeechInterpreter(
            recognizer: recognizer, matcher: PhraseMatcher(catalog: try DemoCatalog.load()))
        var accepted: [String] = []
        for (voice, rate) in Self.voices {
            let samples =
                try rate.map { try Speech.synthesize(testCase.sentence, voice: voice, wordsPerMinute: $0) }
                ?? Speech.synthesizeWithFlite(testCase.sentence, voice: voice)
            let result = try await interpreter.interpret(samples)
            let matched = result.match.accepted
            #expect(
                matched?.shortcutID == testCase.shortcut,
                "\(voice): heard \"\(result.recognition.transcript)\": \(result.reason)")
            #expect(matched?.parameters == testCase.parameters, "\(voice): heard \"\(result.recognition.transcript)\"")
            if let candidate = result.accepted {
                #expect(candidate == matched, "\(voice)")
                accepted.append(voice)
            }
        }
        #expect(!accepted.isEmpty, "no voice accepted for \"\(testCase.sentence)\"")
    }

    @Test func unknownWordsGetPronunciations() throws {
        let yaml = """
            shortcuts:
              - id: wake
                phrases: ["wake up zorblax"]
                responses: { success: ok }
            """
        let catalog = PhraseCatalog(shortcuts: DefinitionLoader.parse(yaml, file: "w.yaml").shortcuts)
        let recognizer = try GrammarRecognizer(catalog: catalog)
        #expect(recognizer.addedWords.map(\.word) == ["zorblax"])
        #expect(recognizer.addedWords.first?.source == .guessed)
        let result = try recognizer.recognizeSynchronously(try Speech.synthesize("wake up zorblax"))
        #expect(result.transcript == "wake up zorblax")
    }

    @Test func unpronounceableWordIsNamed() throws {
        let yaml = """
            shortcuts:
              - id: droid
                phrases: ["call r2d2 now"]
                responses: { success: ok }
            """
        let catalog = PhraseCatalog(shortcuts: DefinitionLoader.parse(yaml, file: "d.yaml").shortcuts)
        #expect {
            try GrammarRecognizer(catalog: catalog)
        } throws: { error in
            "\(error)".contains("r2d2")
        }
    }

    @Test func unpronounceablePhrasesAreSkippedAndTheRestIsHeard() throws {
        let yaml = """
            shortcuts:
              - id: droid
                phrases: ["call r2d2 now"]
                responses: { success: ok }
              - id: leave
                parameters: [{ name: door, type: enum, values: [exit3, front] }]
                phrases: ["open the {door} door"]
                responses: { success: ok }
              - id: lights
                phrases: ["turn on the kitchen lights"]
                responses: { success: ok }
            """
        let catalog = PhraseCatalog(shortcuts: DefinitionLoader.parse(yaml, file: "d.yaml").shortcuts)
        let recognizer = try GrammarRecognizer(catalog: catalog)
        let skipped = recognizer.grammar.skipped
        #expect(skipped.map(\.entry.location.line) == [3, 7], "\(skipped)")
        #expect(skipped.first?.reason.contains("r2d2") == true)
        #expect(skipped.last?.reason.contains("exit3") == true)
        #expect(recognizer.grammar.phraseCount == 1)
        let found = try UnpronounceablePhrases.find(
            in: catalog, dictionary: recognizer.model.dictionary, resolver: PronunciationResolver())
        #expect(found.map(\.entry.location.line) == [3, 7])
        #expect(found.map { $0.words.map(\.word) } == [["r2d2"], ["exit3"]])
        guard Speech.canSynthesize else { return }
        let heard = try recognizer.recognizeSynchronously(try Speech.synthesize("turn on the kitchen lights"))
        #expect(heard.transcript == "turn on the kitchen lights")
        // Reloading keeps skipping them too.
        try recognizer.reload(catalog)
        #expect(recognizer.grammar.skipped.count == 2)
    }

    @Test func emptyCatalogIsRefused() {
        #expect(throws: GrammarError.self) { try GrammarRecognizer(catalog: PhraseCatalog(shortcuts: [])) }
    }
}

@Suite("Garbage path", .serialized)
struct GarbageModelTests {
    @Test func grammarGainsAPhoneLoopBranch() throws {
        let grammar = GrammarCompiler.compile(try DemoCatalog.load(), garbage: GarbageModel(phonePenalty: 0.03))
        let fsg = try #require(grammar.fsg)
        #expect(fsg.contains(" garbage_aa\n"))
        #expect(fsg.components(separatedBy: "garbage_").count - 1 == 2 * GarbageModel.words.count)
    }

    @Test func unrelatedSpeechFollowsTheGarbagePathAndPhrasesDoNot() async throws {
        var options = RecognizerOptions()
        options.garbage = GarbageModel(phonePenalty: 0.03)
        let recognizer = try GrammarRecognizer(catalog: try DemoCatalog.load(), options: options)
        let unrelated = try recognizer.recognizeSynchronously(try Speech.synthesize("can you tell me a joke"))
        #expect(unrelated.words.contains { GarbageModel.isGarbage($0.word) }, "heard \"\(unrelated.transcript)\"")
        #expect(unrelated.rejection == .filler)
        let phrase = try recognizer.recognizeSynchronously(try Speech.synthesize("order three four cheese pizzas"))
        #expect(phrase.rejection == nil)
        #expect(phrase.transcript == "order three four cheese pizzas")
        // Silence gives the phrase search no words at all (the garbage path finds some in the
        // comfort noise, and is rejected as filler).
        let silence = try DemoCatalog.recognizer.get().recognizeSynchronously([Int16](repeating: 0, count: 16_000))
        #expect(silence.rejection == .nothingHeard)
        #expect(silence.transcript.isEmpty)
    }
}

@Suite("Grammar reload", .serialized)
struct GrammarReloadTests {
    @Test("the phone loop on a second decoder at the same time gives the same recognition")
    func parallelPhoneLoopGivesTheSameResult() throws {
        guard Speech.canSynthesize else { return }
        let serial = try DemoCatalog.recognizer.get()
        let parallel = try Self.parallelRecognizer()
        for sentence in [
            "order a large pepperoni pizza", "what time is it in the kitchen", "set a timer for ten minutes",
        ] {
            let samples = try Speech.synthesize(sentence)
            let one = try serial.recognizeSynchronously(samples)
            let two = try parallel.recognizeSynchronously(samples)
            #expect(one.transcript == two.transcript, "\(sentence)")
            #expect(one.evidence == two.evidence, "\(sentence)")
            #expect(one.isRejected == two.isRejected, "\(sentence)")
            #expect(two.evidence != nil)
        }
    }

    /// The demo catalog's recognizer with the phone loop on a second decoder.
    static func parallelRecognizer() throws -> GrammarRecognizer {
        var options = RecognizerOptions()
        options.decodesPhoneLoopInParallel = true
        return try GrammarRecognizer(catalog: try DemoCatalog.load(), options: options)
    }

    @Test func reloadAddsWordsWithAlternatePronunciations() throws {
        func catalog(_ phrase: String) -> PhraseCatalog {
            let yaml = "shortcuts:\n  - id: a\n    phrases: [\"\(phrase)\"]\n    responses: { success: ok }\n"
            return PhraseCatalog(shortcuts: DefinitionLoader.parse(yaml, file: "r.yaml").shortcuts)
        }
        let recognizer = try GrammarRecognizer(catalog: catalog("good morning"))
        // "printer", "read" and "live" have several pronunciations in the CMU dictionary.
        try recognizer.reload(catalog("read the live printer"))
        #expect(recognizer.grammar.words.isSuperset(of: ["printer", "read", "live"]))
        #expect(recognizer.decoder.pronunciation(of: "printer") != nil)
        #expect(recognizer.decoder.pronunciation(of: "printer(2)") != nil)
    }
}
