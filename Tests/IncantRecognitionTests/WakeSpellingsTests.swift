import Foundation
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// The keyphrase search proposes the wake phrase in every pronunciation its words have, not
/// only in the dictionary's main ones.
@Suite("Wake phrase spellings")
struct WakeSpellingsTests {
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

    @Test("a non-rhotic accent leaves out an R that no vowel follows and says such an ER as AH")
    func nonRhotic() {
        let variant = NonRhoticPronunciation.variant(of:)
        #expect(variant("S M AA R T") == "S M AA T")
        #expect(variant("M IH R ER") == "M IH R AH", "the R before a vowel stays")
        #expect(variant("K AH M P Y UW T ER") == "K AH M P Y UW T AH")
        #expect(variant("JH AA R V IH S") == "JH AA V IH S")
        #expect(variant("F AO R") == "F AO")
        #expect(variant("R EY D IY OW") == nil, "a word-initial R before a vowel is said")
        #expect(variant("AH L EH K S AH") == nil)
    }

    @Test("the wake phrase is listened for in its non-rhotic pronunciations too, unless told not to")
    func nonRhoticSpellings() throws {
        let detector = try PocketSphinxWakeWordDetector(phrase: "smart mirror")
        #expect(detector.decoder.pronunciations(of: "smart") == [["S", "M", "AA", "R", "T"], ["S", "M", "AA", "T"]])
        #expect(detector.decoder.pronunciations(of: "mirror") == [["M", "IH", "R", "ER"], ["M", "IH", "R", "AH"]])
        #expect(
            detector.spellings == ["smart mirror", "smart mirror(2)", "smart(2) mirror", "smart(2) mirror(2)"])
        #expect(try PocketSphinxWakeWordDetector(phrase: "alexa").spellings == ["alexa"])
        var rhotic = WakeWordOptions()
        rhotic.addsNonRhoticPronunciations = false
        #expect(try PocketSphinxWakeWordDetector(phrase: "smart mirror", options: rhotic).spellings == ["smart mirror"])
        // A word an override file pronounces is said as the file says.
        try PronunciationOverrideTests.withOverrideFile("smart S M AA R T\n") { file in
            var options = WakeWordOptions()
            options.dictionaryFiles = [file]
            let overridden = try PocketSphinxWakeWordDetector(phrase: "smart mirror", options: options)
            #expect(overridden.decoder.pronunciations(of: "smart") == [["S", "M", "AA", "R", "T"]])
            #expect(overridden.spellings == ["smart mirror", "smart mirror(2)"])
        }
    }

    @Test("the detector proposes the dictionary's alternates and an override file's, unless told not to")
    func detectorSpellings() throws {
        #expect(
            try PocketSphinxWakeWordDetector(phrase: "hey jarvis").spellings == [
                "hey jarvis", "hey jarvis(2)", "hey jarvis(3)", "hey jarvis(4)",
            ])
        var mainOnly = WakeWordOptions()
        mainOnly.spottedPronunciations = 1
        #expect(try PocketSphinxWakeWordDetector(phrase: "hey jarvis", options: mainOnly).spellings == ["hey jarvis"])
        try PronunciationOverrideTests.withOverrideFile("radio R EY D IY OW\nradio(2) W AY R L AH S\n") { file in
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
        try PronunciationOverrideTests.withOverrideFile("radio R EY D IY OW\nradio(2) W AY R L AH S\n") { file in
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
