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

    /// The decision on `heard`, accepted by the recognizer with `contested` words.
    static func decide(_ heard: String, _ contested: [ContestedWord], matcher: PhraseMatcher) -> SpeechDecision {
        let result = RecognitionResult(
            transcripts: [heard], confidence: 0.9, rejection: nil, audioSeconds: 2, decodeSeconds: 0,
            contestedWords: contested)
        return UtteranceInterpreter(
            recognizer: PocketSphinxRecognizer(try! DemoCatalog.recognizer.get()), matcher: matcher
        )
        .interpret(result).decision
    }

    @Test("a contested word that means another action asks which was said; one that means the same does not")
    func contestedWordsDecide() throws {
        let catalog = try DemoCatalog.load()
        let matcher = PhraseMatcher(catalog: catalog)
        let decide = { (contested: [ContestedWord]) in
            Self.decide("turn on the kitchen lights", contested, matcher: matcher)
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

    @Test(
        "a stretch of two words is aligned against other stretches the grammar allows; clearly said, it fits better",
        arguments: [
            ("turn on the living room lights", 3, 2), ("set a timer for twenty one minutes", 4, 2),
            ("set a timer for twelve minutes", 4, 1),
        ])
    func clearStretchesWin(sentence: String, position: Int, length: Int) throws {
        let catalog = try DemoCatalog.load()
        let recognizer = try GrammarRecognizer(catalog: catalog)
        let recognition = try recognizer.recognizeSynchronously(try Speech.synthesize(sentence))
        try #require(recognition.transcript == sentence, "heard \"\(recognition.transcript)\"")
        let words = sentence.split(separator: " ").map(String.init)
        let stretches = recognition.contrasts.filter { $0.position == position && $0.length == length }
        try #require(!stretches.isEmpty, "\(recognition.contrasts)")
        for contrast in stretches {
            #expect(contrast.heard == words[position..<(position + length)].joined(separator: " "))
            #expect(contrast.margin > 0, "the said words should fit better than \"\(contrast.rival)\": \(contrast)")
            var alternative = words
            alternative.replaceSubrange(position..<(position + length), with: [contrast.rival])
            #expect(contrast.alternative == alternative.joined(separator: " "))
        }
        // Some stretch's rival has another number of words than the stretch.
        #expect(recognition.contrasts.contains { $0.rival.split(separator: " ").count != $0.length })
        #expect(recognition.contested.isEmpty, "\(recognition.contested)")
    }

    @Test("contested stretches of several words: asked about, answered and resolved by their words")
    func contestedStretchesDecide() throws {
        let catalog = try DemoCatalog.load()
        let matcher = PhraseMatcher(catalog: catalog)
        let decide = { (heard: String, contested: [ContestedWord]) in
            Self.decide(heard, contested, matcher: matcher)
        }
        let room = ContestedWord(
            position: 3, length: 2, heard: "living room", rival: "bedroom", alternative: "turn on the bedroom lights")
        let onOff = ContestedWord(
            position: 1, heard: "on", rival: "off", alternative: "turn off the living room lights")
        guard case .uncertain(let choice) = decide("turn on the living room lights", [onOff, room]) else {
            Issue.record("a room heard as another was acted on")
            return
        }
        try #require(choice.contests.count == 2)
        let contest = choice.contests[1]
        #expect(contest.parameter == "room")
        #expect(contest.span == 3..<5)
        #expect(choice.question(for: contest) == "Did you say turn on the living room or bedroom lights?")
        #expect(contest.alternative(answering: "the bedroom please")?.word == "bedroom")
        #expect(contest.alternative(answering: "living room")?.word == "living room")
        // "room" alone names neither.
        #expect(contest.alternative(answering: "room") == nil)
        // Both contests settled: the room of two words is replaced by one, on by off.
        let resolved = choice.resolve([choice.contests[0].alternatives[1], contest.alternatives[1]], matcher: matcher)
        #expect(resolved?.parameters["room"] == .text("bedroom"))
        #expect(resolved?.parameters["on"] == .boolean(false))

        let minutes = ContestedWord(
            position: 4, length: 2, heard: "twenty one", rival: "twenty",
            alternative: "set a timer for twenty minutes")
        guard case .uncertain(let timer) = decide("set a timer for twenty one minutes", [minutes]) else {
            Issue.record("twenty one heard where twenty fits as well was acted on")
            return
        }
        let number = try #require(timer.contests.first)
        #expect(number.parameter == "minutes")
        // "twenty" said inside "twenty one" names only "twenty one".
        #expect(number.alternative(answering: "twenty one")?.word == "twenty one")
        #expect(number.alternative(answering: "I said twenty")?.word == "twenty")
        #expect(timer.resolve([number.alternatives[1]], matcher: matcher)?.parameters["minutes"] == .integer(20))
    }
}
