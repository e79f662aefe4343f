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
        var american = WakeWordOptions()
        american.accents = [.american]
        #expect(
            try PocketSphinxWakeWordDetector(phrase: "hey jarvis", options: american).spellings == [
                "hey jarvis", "hey jarvis(2)", "hey <sil> jarvis", "hey <sil> jarvis(2)",
            ])
        // By default a British spelling too (WakeWordOptions.accents), after the dictionary's.
        #expect(
            try PocketSphinxWakeWordDetector(phrase: "hey jarvis").spellings == [
                "hey jarvis", "hey jarvis(2)", "hey jarvis(3)", "hey <sil> jarvis", "hey <sil> jarvis(2)",
                "hey <sil> jarvis(3)",
            ])
        var mainOnly = WakeWordOptions()
        mainOnly.spottedPronunciations = 1
        mainOnly.spotsPausesBetweenWords = false
        #expect(try PocketSphinxWakeWordDetector(phrase: "hey jarvis", options: mainOnly).spellings == ["hey jarvis"])
        try PronunciationOverrideTests.withOverrideFile(Self.radioOverride) { file in
            var options = WakeWordOptions()
            options.dictionaryFiles = [file]
            let detector = try PocketSphinxWakeWordDetector(phrase: "radio", options: options)
            // The override file's word is left as the file says: no accent's spelling.
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

/// Words an accent says differently get that accent's pronunciation as an alternate, and the
/// phrase in those alternates is one more spelling.
@Suite("Accent variants of the wake phrase")
struct AccentVariantTests {
    @Test(
        "British mnemonics drop an R no vowel follows and say the broad A",
        arguments: [
            ("sm'A@t", "S M AA T", "S M AA R T"),
            ("m'Ir3", "M IH R AH", "M IH R ER"),
            ("k@mpj'u:t3r-", "K AH M P Y UW T AH", "K AH M P Y UW T ER"),
            ("gr'aash0p3", "G R AA S HH AA P AH", "G R AE S HH AA P ER"),
            ("t'3:mI2n,eIt3", "T ER M IH N EY T AH", "T ER M IH N EY T ER"),  // the stressed vowel stays ER
            ("f'aI@r-", "F AY AH", "F AY AH R"),
            ("De@", "DH EH", "DH EH R"), ("f'o@", "F AO", "F AO R"), ("n,i@3", "N IH AH", "N IH R"),
            ("a#l'Eks@", "AH L EH K S AH", "AH L EH K S AH"),  // nothing to change
        ])
    func britishMapping(espeak: String, british: String, american: String) throws {
        #expect(try Pronunciation(ESpeakPhonemeMap.phones(fromESpeak: espeak, accent: .british)).description == british)
        #expect(try Pronunciation(ESpeakPhonemeMap.phones(fromESpeak: espeak)).description == american)
    }

    @Test("espeak-ng's two voices give a variant only where the accent changes the word")
    func variantsFromESpeak() throws {
        let variants = try AccentVariants(accents: [.american, .british])
            .variants(of: ["jarvis", "terminator", "alexa", "hey", "water"])
        #expect(variants["jarvis"] == [Pronunciation("JH AA V IH S")!])
        #expect(variants["terminator"]?.first?.phones.last == .ah, "\(variants)")
        #expect(variants["alexa"] == nil && variants["hey"] == nil, "\(variants)")
        #expect(try AccentVariants(accents: [.american]).variants(of: ["jarvis"]).isEmpty)
    }

    @Test("the detector listens for the accent's variants after the dictionary's, as one more spelling")
    func detectorSpellings() throws {
        var options = WakeWordOptions()
        options.accents = [.american, .british]
        let detector = try PocketSphinxWakeWordDetector(phrase: "smart mirror", options: options)
        #expect(detector.pronunciations(of: "smart") == ["S M AA R T", "S M AA T"])
        #expect(detector.pronunciations(of: "mirror") == ["M IH R ER", "M IH R AH"])
        // The American combinations, then the accent's, each again with a pause.
        #expect(
            detector.spellings == [
                "smart mirror", "smart(2) mirror(2)", "smart <sil> mirror", "smart(2) <sil> mirror(2)",
            ])
        #expect(detector.accentSpellings == ["smart(2) mirror(2)", "smart(2) <sil> mirror(2)"])
        // A phrase no accent changes has none; an override file's word is left as the file says.
        #expect(try PocketSphinxWakeWordDetector(phrase: "alexa", options: options).accentSpellings.isEmpty)
        try PronunciationOverrideTests.withOverrideFile("smart S M AA R T\n") { file in
            options.dictionaryFiles = [file]
            let spelled = try PocketSphinxWakeWordDetector(phrase: "smart mirror", options: options)
            #expect(spelled.pronunciations(of: "smart") == ["S M AA R T"])
            #expect(spelled.accentSpellings.contains("smart mirror(2)"), "\(spelled.spellings)")
        }
    }

    @Test(
        "a place keeps each family's best score and its own span: an accent's proposal beside it does not widen the dictionary's"
    )
    func placeKeepsEachFamilysSpan() {
        typealias Spotted = PocketSphinxWakeWordDetector.Spotted
        var place = PocketSphinxWakeWordDetector.Place(
            Spotted(score: -900, frames: 81, range: 100...180), accent: false)
        place.add(Spotted(score: -700, frames: 120, range: 150...269), accent: true)
        place.add(Spotted(score: -800, frames: 71, range: 110...180), accent: false)
        place.add(Spotted(score: -750, frames: 80, range: 140...219), accent: true)
        // The best score of each family, over the union of that family's proposals alone.
        #expect(place.dictionary?.score == -800 && place.dictionary?.frames == 71)
        #expect(place.dictionary?.range == 100...180)
        #expect(place.accent?.score == -700 && place.accent?.frames == 120)
        #expect(place.accent?.range == 140...269)
        #expect(place.range == 100...269)
        // A place only an accent proposed has the accent's span as its own.
        let accentOnly = PocketSphinxWakeWordDetector.Place(
            Spotted(score: -600, frames: 31, range: 10...40), accent: true)
        #expect(accentOnly.dictionary == nil && accentOnly.accent?.range == 10...40 && accentOnly.range == 10...40)
    }

    @Test("without espeak-ng the phrase is listened for in the dictionary's spellings, and says why")
    func withoutESpeak() throws {
        var options = WakeWordOptions()
        options.searchPath = "/nonexistent-incant-folder"
        let detector = try PocketSphinxWakeWordDetector(phrase: "smart mirror", options: options)
        #expect(detector.accentSpellings.isEmpty)
        #expect(detector.spellings == ["smart mirror", "smart <sil> mirror"])
        let problem = try #require(detector.accentProblem)
        #expect("\(problem)".contains("espeak-ng"), "\(problem)")
    }

    @Test(
        "a phrase read by British voices is heard in their accent's spelling, and not in the dictionary's alone",
        .enabled(if: Speech.canSynthesize), .tags(.slow), .skippedWhenFast)
    func britishVoicesAreHeard() throws {
        let silence = [Int16](repeating: 0, count: 11_200)
        var options = WakeWordOptions()
        options.accents = [.american]
        let american = try PocketSphinxWakeWordDetector(phrase: "grasshopper", options: options)
        options.accents = [.american, .british]
        let both = try PocketSphinxWakeWordDetector(phrase: "grasshopper", options: options)
        for voice in ["en-gb", "en-gb-scotland"] {
            let said = silence + (try Speech.synthesize("grasshopper!", voice: voice, wordsPerMinute: 140)) + silence
            let heard = try both.candidates(in: said).map(\.confidence).max() ?? 0
            let unheard = try american.candidates(in: said).map(\.confidence).max() ?? 0
            // The accent's score counts less (accentEvidencePenalty), so the reading is not
            // always above the default threshold: it rises from nothing to near it.
            #expect(heard >= unheard + 0.3, "\(voice): \(heard) with the British spelling, \(unheard) without")
            #expect(unheard < options.threshold, "\(voice): \(unheard) with the dictionary's alone")
        }
        // An American reading is heard as well as without the accent's spelling.
        let said = silence + (try Speech.synthesize("grasshopper!", voice: "en-us", wordsPerMinute: 140)) + silence
        let withBoth = try both.candidates(in: said).map(\.confidence).max() ?? 0
        let alone = try american.candidates(in: said).map(\.confidence).max() ?? 0
        #expect(withBoth >= options.threshold && alone >= options.threshold, "\(withBoth), \(alone)")
    }
}
