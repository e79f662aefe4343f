import Foundation
import IncantPhrases
import IncantSpeech
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// "Off" said in a reverberant room, band-limited to 200–5000 Hz (sox), against the home
/// phrases, where "on" means another action: the shortcut for "on" must never run.
@Suite("On and off in a reverberant room", .serialized, .tags(.slow, .accuracy), .skippedWhenFast)
struct OnOffInRoomTests {
    static let repository = DemoCatalog.repository

    static let recognizer: Result<(GrammarRecognizer, PhraseMatcher), any Error> = Result {
        let catalog = PhraseCatalog(
            shortcuts: try DefinitionLoader.load(path: repository.appendingPathComponent("phrases/home").path))
        let options = RecognizerOptions(
            dictionaryFiles: [repository.appendingPathComponent("models/dictionary.dict").path])
        return (try GrammarRecognizer(catalog: catalog, options: options), PhraseMatcher(catalog: catalog))
    }

    /// The decision on `sentence` spoken by espeak-ng's `voice` at `rate` words a minute, in the
    /// room or as synthesized, and what was heard.
    static func decision(
        _ sentence: String, voice: String, rate: Int, inRoom: Bool = true
    ) throws -> (SpeechDecision, String) {
        let (recognizer, matcher) = try recognizer.get()
        let dry = try Speech.synthesize(sentence, voice: voice, wordsPerMinute: rate)
        let samples = inRoom ? try Speech.inReverberantRoom(dry) : dry
        let match = SpeechInterpreter(recognizer: recognizer, matcher: matcher)
            .interpret(try recognizer.recognizeSynchronously(samples))
        return (match.decision, match.recognition.transcript)
    }

    /// Known defect (issue 24): the word contrast agrees with the phrase search on these clips
    /// ("on" fits the frames better than "off"), so neither margin 0 nor any margin that keeps
    /// right answers stops them (BENCHMARKS.md, "Wrong actions per source"). When this known
    /// issue stops being recorded, the defect is fixed: turn this back into a plain expectation.
    @Test(
        "\"off\" that the phrase search hears as \"on\" runs nothing, or runs \"off\"",
        .enabled(if: Speech.canSynthesize),
        arguments: [
            ("turn the bedroom lights off", "en-us+m3", 180),
            ("switch off the kitchen lights", "en-us+m3", 140),
            ("turn off the garage lights", "en-us", 180),
            ("turn off the television", "en-us+m3", 180),
        ])
    func offIsNeverRunAsOn(sentence: String, voice: String, rate: Int) throws {
        let (decision, heard) = try Self.decision(sentence, voice: voice, rate: rate)
        guard let accepted = decision.accepted else { return }
        withKnownIssue("\"off\" in a reverberant room is still run as \"on\" (issue 24)") {
            #expect(accepted.shortcutID != "lights-on", "\"\(sentence)\" ran as \"\(heard)\"")
            #expect(accepted.parameters["on"] != .boolean(true), "\"\(sentence)\" ran as \"\(heard)\"")
        }
    }

    /// Clips where a forced alignment of the rival fits the contested word's frames better
    /// than the word the phrase search heard: the decision asks which was said, naming both
    /// words and what each runs, instead of acting on either.
    @Test(
        "a contested \"on\" / \"off\" makes the decision uncertain, with both alternatives",
        .enabled(if: Speech.canSynthesize),
        arguments: [("turn the television on", "en-us+m3", 180, "television")])
    func contestedOnOffAsks(sentence: String, voice: String, rate: Int, expected: String) throws {
        let (decision, heard) = try Self.decision(sentence, voice: voice, rate: rate)
        guard case .uncertain(let choice) = decision else {
            Issue.record("\"\(sentence)\" heard as \"\(heard)\" was not asked about: \(decision)")
            return
        }
        let contest = try #require(choice.contests.first { Set($0.alternatives.map(\.word)) == ["on", "off"] })
        #expect(contest.alternatives.first?.word == heard.split(separator: " ")[contest.position].description)
        // One of the two runs what was said: a right answer to the question settles it.
        let said = contest.alternatives.first { $0.word == (sentence.hasSuffix("off") ? "off" : "on") }
        #expect(said?.candidate.shortcutID == expected)
        if expected == "television" {
            #expect(contest.parameter == "on")
            #expect(said?.candidate.parameters["on"] == .boolean(true))
        } else {
            #expect(contest.parameter == nil)
        }
    }

    @Test(
        "\"off\" and \"on\" said clearly are still acted on",
        .enabled(if: Speech.canSynthesize),
        arguments: [("turn the bedroom lights off", "lights-off"), ("turn on the kitchen lights", "lights-on")])
    func clearWordsAreActedOn(sentence: String, shortcut: String) throws {
        let (decision, heard) = try Self.decision(sentence, voice: "en-us", rate: 160, inRoom: false)
        #expect(decision.accepted?.shortcutID == shortcut, "heard \"\(heard)\": \(decision)")
    }
}
