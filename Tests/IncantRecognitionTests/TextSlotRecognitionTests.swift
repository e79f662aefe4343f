import Foundation
import IncantPhrases
import IncantSpeech
import IncantTestSupport
import Testing

@testable import IncantRecognition

@Suite("Free-text slot runs in a hypothesis")
struct TextSlotRunsTests {
    func segment(_ word: String, _ start: Int, _ end: Int) -> WordSegment {
        WordSegment(word: word, startFrame: start, endFrame: end, acousticScore: -1_000, languageScore: -10)
    }

    var hypothesis: RecognitionHypothesis {
        let words = [
            segment("<sil>", 0, 9), segment("take", 10, 29), segment("a", 30, 35), segment("note", 36, 59),
            segment("textslot_b", 60, 66), segment("<sil>", 67, 70), segment("textslot_ay", 71, 90),
            segment("textslot_m", 91, 99), segment("</s>", 100, 110),
        ]
        return RecognitionHypothesis(
            text: "take a note textslot_b textslot_ay textslot_m", score: 0, logPosterior: 0, posterior: 1,
            words: words,
            nbest: [], frameCount: 111, search: "incant")
    }

    @Test func placeholderPhonesAndTheFillersBetweenThemAreOneSlot() throws {
        let runs = try #require(TextSlotRuns(hypothesis))
        #expect(runs.runs.count == 1)
        #expect(runs.runs[0].words == 4...7)
        #expect(runs.runs[0].frames == 60...99)
        #expect(runs.carrier.spokenWords.map(\.word) == ["take", "a", "note"])
        #expect(runs.withTokens.text == "take a note {text}")
        let slot = try #require(runs.withTokens.spokenWords.last)
        #expect(slot.startFrame == 60 && slot.endFrame == 99)
        #expect(slot.acousticScore == -4_000)
    }

    @Test func thePhoneLoopsSpeechInsideTheSlotIsNotTheCarriersToExplain() throws {
        let runs = try #require(TextSlotRuns(hypothesis))
        var loop = hypothesis
        loop.words = [segment("T", 10, 20), segment("N", 58, 72), segment("AY", 70, 90), segment("M", 95, 105)]
        let masked = runs.maskingSlots(in: loop).words.map(\.word)
        #expect(masked == ["T", "SIL", "SIL", "M"])
    }

    @Test func aHypothesisWithoutPlaceholderPhonesHasNoSlots() {
        var plain = hypothesis
        plain.words = Array(plain.words.prefix(4))
        #expect(TextSlotRuns(plain) == nil)
    }

    @Test func slotsAreFilledInOrderAndAnEmptyOneIsShownAsAnEllipsis() {
        #expect(
            TextSlotRuns.filling("remind me to {text} at {text}", with: ["call bob", ""])
                == "remind me to call bob at …")
        #expect(TextSlotRuns.filling("take a note {text}", with: []) == "take a note …")
    }
}

@Suite("Free-text slots recognized from speech", .serialized, .tags(.slow, .accuracy), .skippedWhenFast)
struct TextSlotRecognitionTests {
    static let yaml = """
        shortcuts:
          - id: take-note
            parameters: [{ name: body, type: text }]
            phrases: ["take a note {body}"]
            responses: { success: "Noted." }
          - id: lights
            parameters: [{ name: room, type: enum, values: [kitchen, bedroom, living room] }]
            phrases: ["turn on the {room} lights", "turn off the {room} lights"]
            responses: { success: ok }
          - id: time
            phrases: ["what time is it"]
            responses: { success: ok }
        """

    static let catalog = PhraseCatalog(shortcuts: DefinitionLoader.parse(yaml, file: "notes.yaml").shortcuts)

    static let interpreter: Result<SpeechInterpreter, any Error> = Result {
        SpeechInterpreter(recognizer: try GrammarRecognizer(catalog: catalog), matcher: PhraseMatcher(catalog: catalog))
    }

    /// flite's American voice and espeak-ng's. espeak-ng's voices fit the acoustic model poorly
    /// (see `GrammarRecognizerTests`): its carrier may be rejected, but when accepted it must run
    /// the note with some text. flite's must be accepted with most of the body's words.
    static let voices: [(name: String, synthesize: @Sendable (String) throws -> [Int16])] = [
        ("flite slt", { try Speech.synthesizeWithFlite($0, voice: "slt") }),
        ("espeak-ng en-us", { try Speech.synthesize($0, voice: "en-us", wordsPerMinute: 150) }),
    ]

    @Test(arguments: ["buy milk and eggs on the way home", "call the dentist about my appointment"])
    func aNoteIsHeardWithMostOfItsWords(_ body: String) throws {
        guard Speech.canSynthesize, SharedDecoder.modelIsInstalled else { return }
        let interpreter = try Self.interpreter.get()
        for (name, synthesize) in Self.voices {
            let result = interpreter.interpret(
                try interpreter.recognizer.recognizeSynchronously(try synthesize("take a note " + body)))
            let heard = result.recognition.transcript
            let isFlite = name.hasPrefix("flite")
            #expect(heard.hasPrefix("take a note "), "\(name): heard \"\(heard)\": \(result.reason)")
            guard let accepted = result.accepted else {
                if isFlite { Issue.record("\(name): \"\(heard)\" not accepted: \(result.reason)") }
                continue
            }
            let slot = try #require(result.recognition.textSlots.first, "\(name): no slot in \"\(heard)\"")
            #expect(heard == "take a note " + slot.text)
            #expect(accepted.shortcutID == "take-note", "\(name): \(heard)")
            let captured = accepted.parameters["body"]?.description ?? ""
            #expect(!captured.isEmpty)
            guard isFlite else { continue }
            let said = body.split(separator: " ").map(String.init)
            let right = said.filter { captured.split(separator: " ").map(String.init).contains($0) }
            #expect(right.count * 2 > said.count, "\(name): body heard as \"\(captured)\"")
        }
    }

    @Test(arguments: [
        "what is the weather like in paris today", "i would like a large cappuccino please",
        "the train to london leaves at nine",
    ])
    func unrelatedSpeechIsNotTakenForANote(_ sentence: String) throws {
        guard Speech.canSynthesize, SharedDecoder.modelIsInstalled else { return }
        let interpreter = try Self.interpreter.get()
        for (name, synthesize) in Self.voices {
            let result = interpreter.interpret(
                try interpreter.recognizer.recognizeSynchronously(try synthesize(sentence)))
            #expect(
                result.accepted?.shortcutID != "take-note",
                "\(name): \"\(sentence)\" heard as \"\(result.recognition.transcript)\"")
        }
    }

    @Test func theCarrierAloneRunsNothingWithAnEmptyNote() throws {
        guard Speech.canSynthesize, SharedDecoder.modelIsInstalled else { return }
        let interpreter = try Self.interpreter.get()
        for (name, synthesize) in Self.voices {
            let result = interpreter.interpret(
                try interpreter.recognizer.recognizeSynchronously(try synthesize("take a note")))
            if let accepted = result.accepted {
                #expect(accepted.parameters["body"].map { !$0.description.isEmpty } == true, "\(name)")
            }
            if result.recognition.textSlots.contains(where: \.text.isEmpty) {
                #expect(result.recognition.result.rejection == .nothingDictated, "\(name)")
                guard case .rejected(.nothingDictated(let heard)) = result.decision else {
                    Issue.record("\(name): \(result.decision)")
                    continue
                }
                #expect(heard == "take a note …")
            }
        }
    }

    @Test func phrasesWithoutSlotsAreHeardAsBefore() throws {
        guard Speech.canSynthesize, SharedDecoder.modelIsInstalled else { return }
        let interpreter = try Self.interpreter.get()
        let result = interpreter.interpret(
            try interpreter.recognizer.recognizeSynchronously(
                try Speech.synthesizeWithFlite("turn on the kitchen lights")))
        #expect(result.recognition.transcript == "turn on the kitchen lights")
        #expect(result.recognition.textSlots.isEmpty)
        #expect(result.accepted?.shortcutID == "lights")
    }
}
