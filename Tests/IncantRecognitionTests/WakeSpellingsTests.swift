import Foundation
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// The keyphrase search proposes the wake phrase in every pronunciation its words have, not
/// only in the dictionary's main ones.
@Suite("Wake phrase spellings")
struct WakeSpellingsTests {
    /// An override file giving "radio" a second pronunciation unlike its first ("wireless").
    static let radioOverride = "radio R EY D IY OW\nradio(2) W AY R L AH S\n"

    @Test("every combination of pronunciations, those with fewer alternates first, at most the limit")
    func combinations() {
        let spell = PocketSphinxWakeWordDetector.spellings(of:pronunciationCounts:limit:)
        #expect(spell(["hey", "jarvis"], [1, 2], 16) == ["hey jarvis", "hey jarvis(2)"])
        #expect(
            spell(["a", "b"], [2, 3], 16) == ["a b", "a b(2)", "a b(3)", "a(2) b", "a(2) b(2)", "a(2) b(3)"])
        #expect(spell(["a", "b"], [2, 3], 4) == ["a b", "a b(2)", "a b(3)", "a(2) b"])
        #expect(spell(["a", "b"], [2, 3], 1) == ["a b"])
        #expect(spell(["a", "b"], [2, 3], 0) == ["a b"], "the main pronunciations are always proposed")
        #expect(spell(["computer"], [1], 16) == ["computer"])
    }

    @Test("the detector proposes the dictionary's alternates and an override file's, unless told not to")
    func detectorSpellings() throws {
        // Each also with a pause between the words (spotsPausesBetweenWords), after those without.
        #expect(
            try PocketSphinxWakeWordDetector(phrase: "hey jarvis").spellings == [
                "hey jarvis", "hey jarvis(2)", "hey <sil> jarvis", "hey <sil> jarvis(2)",
            ])
        var mainOnly = WakeWordOptions()
        mainOnly.spottedPronunciations = 1
        mainOnly.spotsPausesBetweenWords = false
        #expect(try PocketSphinxWakeWordDetector(phrase: "hey jarvis", options: mainOnly).spellings == ["hey jarvis"])
        try PronunciationOverrideTests.withOverrideFile(Self.radioOverride) { file in
            var options = WakeWordOptions()
            options.dictionaryFiles = [file]
            let detector = try PocketSphinxWakeWordDetector(phrase: "radio", options: options)
            #expect(detector.spellings == ["radio", "radio(2)"])
            #expect(detector.decoder.pronunciations(of: "radio")[1] == ["W", "AY", "R", "L", "AH", "S"])
        }
    }

    @Test(
        "a wake word said in its second pronunciation is found by it, and not with the main pronunciation alone",
        .enabled(if: Speech.canSynthesize), .tags(.slow), .skippedWhenFast)
    func secondPronunciationIsHeard() throws {
        let silence = [Int16](repeating: 0, count: 8_000)
        try PronunciationOverrideTests.withOverrideFile(Self.radioOverride) { file in
            var options = WakeWordOptions()
            options.dictionaryFiles = [file]
            let both = try PocketSphinxWakeWordDetector(phrase: "radio", options: options)
            options.spottedPronunciations = 1
            let mainOnly = try PocketSphinxWakeWordDetector(phrase: "radio", options: options)
            for voice in ["en-us", "en-gb", "en-us+m3", "en-us+f2"] {
                let second = silence + (try Speech.synthesize("wireless", voice: voice)) + silence
                let heard = try both.candidates(in: second).map(\.confidence).max() ?? 0
                let unheard = try mainOnly.candidates(in: second).map(\.confidence).max() ?? 0
                #expect(heard >= both.options.threshold, "\(voice): \"wireless\" at \(heard)")
                #expect(unheard < mainOnly.options.threshold, "\(voice): \"wireless\" at \(unheard), main alone")
                // The main pronunciation is heard as well as with it alone.
                let main = silence + (try Speech.synthesize("radio", voice: voice)) + silence
                let withBoth = try both.candidates(in: main).map(\.confidence).max() ?? 0
                let alone = try mainOnly.candidates(in: main).map(\.confidence).max() ?? 0
                #expect(withBoth >= alone - 0.05, "\(voice): \"radio\" at \(withBoth), \(alone) main alone")
            }
        }
    }
}
