import Foundation
import IncantCapture
import IncantGrammar
import IncantPhrases
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// Spoken answers against noise: a question asked in a kitchen must not be answered by the
/// clatter that follows it ("Did you say call doctor smith or bob?" answered "bob" by a dish).
@Suite("A noise burst is no answer", .serialized, .tags(.accuracy), .skippedWhenFast)
struct AnswerNoiseTests {
    static let choice = AnswerGrammar.choice(["doctor smith", "bob"])
    /// The margin and coverage alone: the answer checks before support and voicing.
    static let withoutSoundChecks = AnswerAcceptance(minimumSupport: 0, minimumVoicing: 0)

    /// A recognizer of the shipped home phrases, whose questions these are.
    static func recognizer() throws -> GrammarRecognizer {
        try GrammarRecognizer(
            catalog: PhraseCatalog(
                shortcuts: try DefinitionLoader.load(
                    path: DemoCatalog.repository.appendingPathComponent("phrases/home").path)))
    }

    /// Said answers, and the transcripts that mean them.
    static let answers: [(said: String, grammar: AnswerGrammar, meaning: Set<String>)] = [
        ("bob", choice, ["bob"]), ("doctor smith", choice, ["doctor smith"]), ("i said bob", choice, ["i said bob"]),
        ("never mind", choice, ["never mind"]), ("yes", .yesNo, ["yes", "yeah", "yep"]),
        ("no", .yesNo, ["no", "nope"]), ("yes please", .yesNo, ["yes please"]),
    ]

    @Test("kitchen noise is not heard as an answer; said answers still are")
    func noiseIsNoAnswer() throws {
        let recognizer = try Self.recognizer()
        var noise = (checked: [String](), unchecked: 0, tried: 0)
        for (index, burst) in try NoiseRejectionTests.bursts(count: 40).enumerated() {
            for grammar in [Self.choice, AnswerGrammar.yesNo] {
                noise.tried += 1
                let heard = try recognizer.recognizeAnswer(burst, to: grammar)
                if heard.rejection == nil { noise.checked.append("burst \(index): \"\(heard.transcript)\"") }
                let unchecked = try recognizer.recognizeAnswer(burst, to: grammar, acceptance: Self.withoutSoundChecks)
                if unchecked.rejection == nil { noise.unchecked += 1 }
            }
        }
        var spoken = (checked: 0, unchecked: 0, tried: 0)
        for (said, grammar, meaning) in Self.answers {
            let voices =
                try ["en-us", "en-gb", "en-us+f3", "en-us+m3"].map { try Speech.synthesize(said, voice: $0) }
                + ["slt", "rms", "kal"].map { try Speech.synthesizeWithFlite(said, voice: $0) }
            for samples in voices {
                spoken.tried += 1
                let heard = try recognizer.recognizeAnswer(samples, to: grammar)
                if heard.rejection == nil && meaning.contains(heard.transcript) { spoken.checked += 1 }
                let unchecked = try recognizer.recognizeAnswer(
                    samples, to: grammar, acceptance: Self.withoutSoundChecks)
                if unchecked.rejection == nil && meaning.contains(unchecked.transcript) { spoken.unchecked += 1 }
            }
        }
        print(
            "answers: noise bursts accepted \(noise.checked.count) of \(noise.tried) "
                + "(\(noise.unchecked) without the support and voicing checks); said answers understood "
                + "\(spoken.checked) of \(spoken.tried) (\(spoken.unchecked) without them)")
        // Without the checks most bursts answer something: the test measures what they stop.
        #expect(noise.unchecked * 4 >= noise.tried, "\(noise.unchecked) of \(noise.tried) without the checks")
        #expect(noise.checked.count * 40 <= noise.tried, "\(noise.checked)")
        #expect(spoken.checked == spoken.unchecked)
        #expect(spoken.checked * 4 >= spoken.tried * 3, "\(spoken.checked) of \(spoken.tried)")
    }

    @Test("kitchen noise is not dictated as a free-text answer; said sentences still are")
    func noiseIsNoDictation() throws {
        let recognizer = try Self.recognizer()
        var noise = (accepted: [String](), worded: 0, tried: 0)
        for (index, burst) in try NoiseRejectionTests.bursts(count: 40).enumerated() {
            noise.tried += 1
            let heard = try recognizer.transcribe(burst)
            // Before the voicing check, every burst given words was taken as the answer.
            if !heard.transcript.isEmpty { noise.worded += 1 }
            if heard.rejection == nil { noise.accepted.append("burst \(index): \"\(heard.transcript)\"") }
        }
        var spoken = (accepted: 0, tried: 0)
        let sentences = ["buy milk and eggs", "call the plumber tomorrow", "water the plants", "happy birthday"]
        for sentence in sentences {
            let voices =
                try ["en-us", "en-gb", "en-us+f3"].map { try Speech.synthesize(sentence, voice: $0) }
                + ["slt", "rms"].map { try Speech.synthesizeWithFlite(sentence, voice: $0) }
            for samples in voices {
                spoken.tried += 1
                if try recognizer.transcribe(samples).rejection == nil { spoken.accepted += 1 }
            }
        }
        print(
            "dictation: noise bursts taken as text \(noise.accepted.count) of \(noise.tried) "
                + "(\(noise.worded) given words); said sentences taken \(spoken.accepted) of \(spoken.tried)")
        #expect(noise.worded * 2 >= noise.tried, "\(noise.worded) of \(noise.tried) bursts given words")
        // Some clatter is voiced enough (a clink rings); the phrases' voicing check lets the
        // same through.
        #expect(noise.accepted.count * 5 <= noise.tried, "\(noise.accepted)")
        #expect(spoken.accepted == spoken.tried)
    }
}
