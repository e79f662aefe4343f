import Foundation
import IncantPhrases
import IncantSpeech
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// Telling a word from the words the grammar allows in its place, on real decoding.
@Suite("Word contrasts", .serialized, .tags(.slow), .skippedWhenFast)
struct WordContrastTests {
    @Test(
        "each word with rivals is aligned against the best of them; a clearly said word fits better",
        arguments: ["turn on the kitchen lights", "turn off the kitchen lights"])
    func clearWordsWin(sentence: String) throws {
        let catalog = try DemoCatalog.load()
        let recognizer = try GrammarRecognizer(catalog: catalog)
        let recognition = try recognizer.recognizeSynchronously(try Speech.synthesize(sentence))
        try #require(recognition.transcript == sentence, "heard \"\(recognition.transcript)\"")
        let onOff = try #require(recognition.contrasts.first { $0.position == 1 }, "\(recognition.contrasts)")
        #expect(onOff.heard == sentence.split(separator: " ")[1].description)
        #expect(onOff.rival == (onOff.heard == "on" ? "off" : "on"))
        #expect(onOff.margin > 0, "the said word should fit better than its opposite: \(onOff)")
        #expect(onOff.alternative.split(separator: " ").count == 5)
    }

    @Test("a contested word that means another action asks which was said; one that means the same does not")
    func contestedWordsDecide() throws {
        let catalog = try DemoCatalog.load()
        let matcher = PhraseMatcher(catalog: catalog)
        let heard = "turn on the kitchen lights"
        func decide(_ contested: [ContestedWord]) -> SpeechDecision {
            let result = RecognitionResult(
                transcripts: [heard], confidence: 0.9, rejection: nil, audioSeconds: 2, decodeSeconds: 0,
                contestedWords: contested)
            return UtteranceInterpreter(
                recognizer: PocketSphinxRecognizer(try! DemoCatalog.recognizer.get()), matcher: matcher
            )
            .interpret(result).decision
        }
        let onOff = ContestedWord(position: 1, heard: "on", rival: "off", alternative: "turn off the kitchen lights")
        guard case .uncertain(let choice) = decide([onOff]) else {
            Issue.record("an on/off coin toss was acted on")
            return
        }
        try #require(choice.contests.count == 1)
        let contest = choice.contests[0]
        #expect(contest.parameter == "on")
        #expect(contest.alternatives.map(\.word) == ["on", "off"])
        #expect(contest.alternatives.map { $0.candidate.parameters["on"] } == [.boolean(true), .boolean(false)])
        #expect(choice.question(for: contest) == "Did you say turn on or off the kitchen lights?")
        #expect(contest.alternative(answering: "off please")?.candidate.parameters["on"] == .boolean(false))
        #expect(contest.alternative(answering: "on or off") == nil)
        #expect(Contest.cancels("never mind"))
        #expect(choice.resolve([contest.alternatives[1]], matcher: matcher)?.parameters["on"] == .boolean(false))
        let synonym = ContestedWord(
            position: 0, heard: "turn", rival: "switch", alternative: "switch on the kitchen lights")
        #expect(decide([synonym]).accepted?.shortcutID == "lights")
        #expect(decide([]).accepted?.parameters["on"] == .boolean(true))
    }
}
