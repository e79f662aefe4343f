import Foundation
import IncantCapture
import IncantPhrases
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// With ``RecognizerOptions/contrastSilenceGate`` set, a rival that explains the heard words'
/// speech with silence does not contest them.
@Suite("Rivals that silence speech")
struct ContrastSilenceTests {
    /// An alignment of `segments` (word, first frame, last frame).
    static func alignment(_ segments: [(String, Int, Int)]) -> RecognitionHypothesis {
        RecognitionHypothesis(
            text: segments.map(\.0).filter { !$0.hasPrefix("<") }.joined(separator: " "), score: 0, logPosterior: 0,
            posterior: 1,
            words: segments.map {
                WordSegment(word: $0.0, startFrame: $0.1, endFrame: $0.2, acousticScore: 0, languageScore: 0)
            },
            nbest: [], frameCount: (segments.last?.2 ?? -1) + 1, search: "contrast")
    }

    @Test("only the silence and fillers of the rival's alignment over the speech frames count")
    func silencedCountsFillersOverSpeech() {
        let speech = IndexSet(integersIn: 10..<50)
        let rival = Self.alignment([("call", 0, 9), ("bob", 10, 24), ("<sil>", 25, 44), ("[NOISE]", 45, 59)])
        #expect(GrammarRecognizer.silenced(speech, by: rival) == 25)
        let words = Self.alignment([("call", 0, 9), ("doctor", 10, 29), ("smith", 30, 59)])
        #expect(GrammarRecognizer.silenced(speech, by: words) == 0)
    }

    @Test("the heard words' speech is their frames within the gate of their median level")
    func speechFramesAreTheLoudWordFrames() throws {
        // 30 frames of silence, 40 of a loud burst, 30 of quiet noise: levels per 10 ms frame.
        let samples =
            TestAudio.noise(seconds: 0.3, level: -70) + TestAudio.burst(seconds: 0.4)
            + TestAudio.noise(seconds: 0.3, level: -55)
        let levels = FrameLevels(samples: samples)
        var options = RecognizerOptions()
        options.contrastSilenceGate = 10
        let recognizer = try GrammarRecognizer(catalog: try DemoCatalog.load(), options: options)
        // Words on the burst and on the noise after it: only the burst is within 10 dB of their median.
        let heard = Self.alignment([("<sil>", 0, 29), ("call", 30, 69), ("bob", 70, 99)])
        let speech = try #require(recognizer.speechFrames(of: heard, levels: levels))
        #expect(speech.isSubset(of: IndexSet(integersIn: 30..<72)))
        #expect(speech.count >= 30)
        let ungated = try #require(try DemoCatalog.recognizer.get())
        #expect(ungated.options.contrastSilenceGate == nil)
        #expect(ungated.speechFrames(of: heard, levels: levels) == nil)
    }

    @Test(
        "a contact's name is not contested by a shorter name followed by silence over the rest of it",
        .tags(.slow), .skippedWhenFast)
    func silenceIsNoRival() throws {
        // espeak-ng's British voice at 140 words a minute: aligned with silence after it, "bob"
        // fits the frames of "doctor smith" better than those words do.
        let samples = try Speech.synthesize("call doctor smith", voice: "en-gb", wordsPerMinute: 140)
        let home = PhraseCatalog(
            shortcuts: try DefinitionLoader.load(
                path: DemoCatalog.repository.appendingPathComponent("phrases/home").path))
        let ungated = try GrammarRecognizer(catalog: home)
        let before = try ungated.recognizeSynchronously(samples)
        try #require(before.transcript == "call doctor smith", "heard \"\(before.transcript)\"")
        let name = try #require(before.contrasts.first { $0.position == 1 && $0.length == 2 }, "\(before.contrasts)")
        try #require(name.margin < 0, "the rival should fit better by default: \(name)")

        var options = RecognizerOptions()
        options.contrastSilenceGate = 10
        let recognizer = try GrammarRecognizer(catalog: home, options: options)
        let after = try recognizer.recognizeSynchronously(samples)
        #expect(after.transcript == "call doctor smith")
        #expect(!after.contrasts.contains { $0.rival == name.rival }, "\(after.contrasts)")
        #expect(after.contested.isEmpty, "\(after.contested)")
    }
}
