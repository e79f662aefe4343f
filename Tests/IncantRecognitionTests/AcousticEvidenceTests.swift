import Foundation
import IncantCapture
import Testing

@testable import IncantRecognition

@Suite("acoustic evidence: coverage of the heard speech")
struct AcousticEvidenceTests {
    /// 2 s of audio: 0.5 s of near silence, 0.5 s of the command at `speechLevel`, then 1 s of
    /// something else at `restLevel` (peak sample values), all one tone.
    static func samples(speechLevel: Double, restLevel: Double) -> [Int16] {
        samples(speechLevel: speechLevel) { restLevel * sin(Double($0) * 0.3) }
    }

    /// The same 0.5 s of near silence and 0.5 s of the command (a tone at `speechLevel`), then
    /// 1 s of `rest(sampleIndex)`.
    static func samples(speechLevel: Double, rest: (Int) -> Double) -> [Int16] {
        (0..<32_000).map { index in
            if index < 8_000 { return Int16(10 * sin(Double(index) * 0.3)) }
            if index < 16_000 { return Int16(speechLevel * sin(Double(index) * 0.3)) }
            return Int16(rest(index))
        }
    }

    static func word(_ word: String, _ start: Int, _ end: Int, score: Int32) -> WordSegment {
        WordSegment(word: word, startFrame: start, endFrame: end, acousticScore: score, languageScore: 0, posterior: 0)
    }

    /// The grammar heard one word over frames 50…99 and silence around it; the phone loop heard
    /// speech over all of 50…199, scoring the same as the word over the word's frames.
    static let grammar = RecognitionHypothesis(
        text: "lights", score: 0, logPosterior: 0, posterior: 1,
        words: [
            word("<sil>", 0, 49, score: -500), word("lights", 50, 99, score: -1_000),
            word("<sil>", 100, 199, score: -4_000),
        ],
        nbest: [], frameCount: 200, search: "incant")
    static let phoneLoop = RecognitionHypothesis(
        text: "SIL L AY T S AH", score: 0, logPosterior: 0, posterior: 1,
        words: [
            word("SIL", 0, 49, score: -500), word("L", 50, 74, score: -500), word("AY", 75, 99, score: -500),
            word("AH", 100, 199, score: -2_000),
        ],
        nbest: [], frameCount: 200, search: "_incant_phone_loop")

    static func coverage(speechLevel: Double, restLevel: Double, wordGate: Double?) -> Double {
        let levels = FrameLevels(samples: samples(speechLevel: speechLevel, restLevel: restLevel))
        return AcousticEvidence(
            grammar: grammar, phoneLoop: phoneLoop, levels: levels, speechGate: 9, wordRelativeGate: wordGate
        ).coverage
    }

    @Test("speech as loud as the phrase that the phrase leaves unexplained lowers coverage")
    func unexplainedSpeech() {
        #expect(Self.coverage(speechLevel: 8_000, restLevel: 6_000, wordGate: nil) < 0.4)
        #expect(Self.coverage(speechLevel: 8_000, restLevel: 6_000, wordGate: 6) < 0.4)
    }

    @Test("background well below the phrase's own words does not count against it with a word gate")
    func quieterBackground() {
        // 1,000 against 8,000 is 18 dB below the words: far above the room's floor, so the
        // floor gate alone counts it as speech the phrase failed to explain.
        #expect(Self.coverage(speechLevel: 8_000, restLevel: 1_000, wordGate: nil) < 0.4)
        #expect(Self.coverage(speechLevel: 8_000, restLevel: 1_000, wordGate: 6) == 1)
    }

    @Test("voiced coverage counts only voiced frames the words leave unexplained")
    func voicedCoverage() {
        // The command is a tone (periodic, so voiced); after it comes 1 s of either another
        // tone, as loud (speech the phrase left unexplained), or as loud a hiss (clatter).
        var random = UInt64(0x5EED)
        func hiss() -> Double {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(Int64(bitPattern: random >> 11) % 20_000 - 10_000)
        }
        func evidence(rest: (Int) -> Double) -> AcousticEvidence {
            let samples = Self.samples(speechLevel: 8_000, rest: rest)
            return AcousticEvidence(
                grammar: Self.grammar, phoneLoop: Self.phoneLoop, levels: FrameLevels(samples: samples), speechGate: 9,
                wordRelativeGate: 6, voicing: Voicing(samples: samples))
        }
        let tone = evidence { 6_000 * sin(Double($0) * 0.3) }
        #expect(tone.coverage < 0.4)
        #expect(tone.voicedCoverage < 0.4)
        // The second tone's 100 frames (1 s), all voiced and all unexplained.
        #expect(tone.unexplainedVoicedFrames > 90)
        let clatter = evidence { _ in hiss() }
        #expect(clatter.coverage < 0.4)
        #expect(clatter.voicedCoverage > 0.9)
        #expect(clatter.unexplainedVoicedFrames < 5)
        // Not measured without voicing.
        #expect(AcousticEvidence(grammar: Self.grammar, phoneLoop: Self.phoneLoop).voicedCoverage == 1)
    }

    @Test("with a voiced word gate, voiced frames well below the words' level are not counted against them")
    func voicedWordGate() {
        // After the command (a tone at 8,000) comes 1 s of another tone: as loud (unrelated
        // speech the phrase swallowed), or 5,000 (4 dB quieter: a voice behind the speaker).
        func evidence(restLevel: Double, gate: Double?) -> AcousticEvidence {
            let samples = Self.samples(speechLevel: 8_000) { restLevel * sin(Double($0) * 0.3) }
            return AcousticEvidence(
                grammar: Self.grammar, phoneLoop: Self.phoneLoop, levels: FrameLevels(samples: samples), speechGate: 9,
                wordRelativeGate: 6, voicedWordGate: gate, voicing: Voicing(samples: samples))
        }
        #expect(evidence(restLevel: 5_000, gate: nil).unexplainedVoicedFrames > 90)
        #expect(evidence(restLevel: 5_000, gate: 3).unexplainedVoicedFrames < 5)
        #expect(evidence(restLevel: 5_000, gate: 3).voicedCoverage > 0.9)
        #expect(evidence(restLevel: 8_000, gate: 3).unexplainedVoicedFrames > 90)
        #expect(AcceptancePolicy.phrases.noisyVoicedWordGate != nil)
    }

    /// Evidence of 200 word frames in noise (5 dB short of ``AcceptancePolicy/quietAbove``) that
    /// passes every check of `policy` but those on coverage and level the caller sets.
    static func noisyEvidence(_ policy: AcceptancePolicy, coverage: Double, speechFrames: Int) -> AcousticEvidence {
        var evidence = AcousticEvidence(
            utteranceMargin: -20, worstWordMargin: -30, meanWordMargin: policy.marginCenter + 20, coverage: coverage,
            speechFrames: speechFrames, wordFrames: 200, support: 1)
        evidence.voicing = 0.7
        evidence.phoneAgreement = 0.5
        evidence.wordsAboveBackground = policy.quietAbove - 5
        return evidence
    }

    @Test("in noise, unexplained frames count against the words only when voiced; in quiet, all of them")
    func noisyVoicedCoverage() throws {
        let policy = AcceptancePolicy.phrases
        let least = try #require(policy.minimumNoisyVoicedCoverage)
        #expect(policy.needsVoicing)
        var evidence = Self.noisyEvidence(policy, coverage: policy.minimumCoverage / 2, speechFrames: 400)
        evidence.voicedCoverage = least
        #expect(policy.confidence(evidence) > 0.5)
        evidence.voicedCoverage = least - 0.05
        evidence.unexplainedVoicedFrames = policy.noisyVoicedAllowance + 1
        #expect(policy.confidence(evidence) == 0)
        // A few voiced frames unexplained pass, however few frames the words cover.
        evidence.unexplainedVoicedFrames = policy.noisyVoicedAllowance
        #expect(policy.noisyVoicedAllowance > 0)
        #expect(policy.confidence(evidence) > 0.5)
        evidence.unexplainedVoicedFrames = policy.noisyVoicedAllowance + 1
        // In quiet the plain coverage decides, whatever the voicing.
        evidence.voicedCoverage = 1
        evidence.wordsAboveBackground = policy.quietAbove
        #expect(policy.confidence(evidence) == 0)
        evidence.coverage = policy.minimumCoverage
        #expect(policy.confidence(evidence) > 0.5)
        var off = policy
        off.minimumNoisyVoicedCoverage = nil
        evidence.wordsAboveBackground = policy.quietAbove - 5
        evidence.coverage = policy.minimumCoverage / 2
        #expect(off.confidence(evidence) == 0)
    }

    @Test("word frames are looked up in the audio through the frames pocketsphinx kept")
    func keptFrames() {
        // The search saw only audio frames 100…299: its frame 0 is audio frame 100.
        var shifted = Self.grammar
        shifted.audioFrames = Array(100..<300)
        #expect(shifted.audioFrame(0) == 100)
        #expect(shifted.audioFrame(199) == 299)
        #expect(shifted.audioFrame(200) == 300)
        let silentStart = [Int16](repeating: 0, count: 16_000) + Self.samples(speechLevel: 8_000, restLevel: 1_000)
        let levels = FrameLevels(samples: silentStart)
        let aligned = AcousticEvidence(
            grammar: shifted, phoneLoop: Self.phoneLoop, levels: levels, speechGate: 9, wordRelativeGate: 6)
        #expect(aligned.coverage == 1)
        // Read without the kept frames, the levels belong to other audio: the words' frames are
        // the silent lead-in, and every louder frame seems to be speech they failed to cover.
        let misaligned = AcousticEvidence(
            grammar: Self.grammar, phoneLoop: Self.phoneLoop, levels: levels, speechGate: 9, wordRelativeGate: 6)
        #expect(misaligned.coverage < 0.5)
    }

    @Test("the words' level above the background is measured with the levels")
    func wordsAboveBackground() {
        let levels = FrameLevels(samples: Self.samples(speechLevel: 8_000, restLevel: 1_000))
        let evidence = AcousticEvidence(grammar: Self.grammar, phoneLoop: Self.phoneLoop, levels: levels, speechGate: 9)
        // Words at a peak of 8,000 over a lead-in at 10: 20·log10(800) ≈ 58 dB.
        #expect(abs(evidence.wordsAboveBackground - 58) < 1.5)
        // The words are the loudest audio: none of it lies above their median level.
        #expect(abs(evidence.wordsBelowPeak) < 1.5)
        // Heard over the quiet lead-in, they lie as far below the command as it stands above.
        var early = Self.grammar
        early.words = [Self.word("lights", 0, 49, score: -500), Self.word("<sil>", 50, 199, score: -5_000)]
        let quietWords = AcousticEvidence(grammar: early, phoneLoop: Self.phoneLoop, levels: levels, speechGate: 9)
        #expect(quietWords.wordsBelowPeak > 50)
        #expect(AcousticEvidence(grammar: Self.grammar, phoneLoop: Self.phoneLoop).wordsAboveBackground == .infinity)
    }

    @Test("each word's level below the loudest audio is measured on its own")
    func eachWordBelowPeak() {
        // A command at 8,000 over frames 50…99, then 1 s at 1,000, about 18 dB below it.
        let levels = FrameLevels(samples: Self.samples(speechLevel: 8_000, restLevel: 1_000))
        var two = Self.grammar
        two.words = [
            Self.word("<sil>", 0, 49, score: -500), Self.word("lights", 50, 99, score: -1_000),
            Self.word("off", 100, 149, score: -1_000), Self.word("<sil>", 150, 199, score: -2_000),
        ]
        let evidence = AcousticEvidence(grammar: two, phoneLoop: Self.phoneLoop, levels: levels, speechGate: 9)
        #expect(evidence.eachWordBelowPeak.count == 2)
        #expect(abs(evidence.eachWordBelowPeak[0]) < 1.5)
        #expect(abs(evidence.eachWordBelowPeak[1] - 18) < 1.5)
        // Without levels, nothing is measured.
        #expect(AcousticEvidence(grammar: two, phoneLoop: Self.phoneLoop).eachWordBelowPeak.isEmpty)
    }

    @Test("in noise, words far below the utterance's loudest audio are rejected; in quiet, they are not")
    func noisyWordsBelowPeak() throws {
        let policy = AcceptancePolicy.phrases
        let most = try #require(policy.maximumNoisyWordsBelowPeak)
        #expect(policy.needsFrameLevels)
        var evidence = Self.noisyEvidence(policy, coverage: 1, speechFrames: 200)
        evidence.wordsBelowPeak = most
        #expect(policy.confidence(evidence) > 0.5)
        evidence.wordsBelowPeak = most + 1
        #expect(policy.confidence(evidence) == 0)
        evidence.wordsAboveBackground = policy.quietAbove
        #expect(policy.confidence(evidence) > 0.5)
        var off = policy
        off.maximumNoisyWordsBelowPeak = nil
        evidence.wordsAboveBackground = policy.quietAbove - 5
        #expect(off.confidence(evidence) > 0.5)
        // With voiced surroundings (other people talking) and the exemption on, the level check
        // is set aside for words that hold clearly against common words, and only for those.
        var voiced = policy
        voiced.voicedBackground = 0.3
        let background = 0.3
        let least = try #require(policy.voicedBackgroundWordLoopMargin)
        evidence.outsideVoicing = background - 0.01
        evidence.wordLoopMargin = least
        #expect(voiced.confidence(evidence) == 0)
        evidence.outsideVoicing = background
        #expect(voiced.confidence(evidence) > 0.5)
        evidence.wordLoopMargin = least - 1
        #expect(voiced.confidence(evidence) == 0)
        evidence.wordLoopMargin = nil
        #expect(voiced.confidence(evidence) == 0)
        // Not measured yet, the word loop is worth searching: the words could still pass.
        #expect(voiced.hopefulConfidence(evidence) > 0.5)
        var ungated = voiced
        ungated.voicedBackgroundWordLoopMargin = nil
        #expect(ungated.confidence(evidence) > 0.5)
        // Shipped, the exemption is off: such words are rejected however well they hold.
        #expect(policy.voicedBackground == nil)
        evidence.wordLoopMargin = least + 20
        #expect(policy.confidence(evidence) == 0)
        #expect(policy.hopefulConfidence(evidence) == 0)
    }

    @Test("words the phone loop explains far better must explain their frames at least as well as common words")
    func poorFitWordLoopFloor() throws {
        let policy = AcceptancePolicy.phrases
        let shipped = try #require(policy.minimumWordLoopMargin)
        #expect(policy.poorFitMargin == -35 && policy.poorFitWordLoopMargin == shipped + 4)
        var off = policy
        off.poorFitMargin = nil
        #expect(off.wordLoopFloor(meanWordMargin: -60) == shipped)
        #expect(policy.wordLoopFloor(meanWordMargin: -35) == shipped)
        #expect(policy.wordLoopFloor(meanWordMargin: -36) == shipped + 4)
        // Never below the floor for every phrase.
        var lower = policy
        lower.poorFitWordLoopMargin = shipped - 4
        #expect(lower.wordLoopFloor(meanWordMargin: -36) == shipped)
        // In quiet, a margin of −40 with good agreement passes the margin centre; the word loop decides.
        var evidence = Self.quietFitAtMinus40()
        evidence.wordLoopMargin = shipped + 2
        #expect(off.confidence(evidence) > 0.5)
        #expect(policy.confidence(evidence) == 0)
        evidence.wordLoopMargin = shipped + 4
        #expect(policy.confidence(evidence) > 0.5)
        // A margin above the poor fit keeps the shipped floor.
        evidence.meanWordMargin = -30
        evidence.wordLoopMargin = shipped + 2
        #expect(policy.confidence(evidence) > 0.5)
    }

    @Test("in quiet, words with one far below the phone loop must clearly beat common words")
    func poorWordWordLoopFloor() throws {
        let policy = AcceptancePolicy.phrases
        let margin = try #require(policy.poorWordMargin)
        let floor = policy.poorWordWordLoopMargin
        #expect(floor > policy.poorFitWordLoopMargin)
        var off = policy
        off.poorWordMargin = nil
        // A mean margin that passes the poor-fit floor, with one word far below the loop.
        var evidence = Self.quietFitAtMinus40()
        evidence.meanWordMargin = -30
        evidence.worstWordMargin = margin - 1
        evidence.wordLoopMargin = floor - 1
        #expect(off.confidence(evidence) > 0.5)
        #expect(policy.wordLoopFloor(evidence, quiet: true) == floor)
        #expect(policy.confidence(evidence) == 0)
        evidence.wordLoopMargin = floor
        #expect(policy.confidence(evidence) > 0.5)
        // A worst word at the margin keeps the other floors.
        evidence.worstWordMargin = margin
        evidence.wordLoopMargin = floor - 1
        #expect(policy.confidence(evidence) > 0.5)
        // In noise the floor does not apply: there every word sits further below the loop.
        evidence.worstWordMargin = margin - 1
        #expect(policy.wordLoopFloor(evidence, quiet: false) == policy.wordLoopFloor(meanWordMargin: -30))
        // Never below the other floors.
        var lower = policy
        lower.poorWordWordLoopMargin = -10
        evidence.meanWordMargin = -40
        #expect(lower.wordLoopFloor(evidence, quiet: true) == policy.wordLoopFloor(meanWordMargin: -40))
    }

    /// Words said in quiet with a mean margin of −40 and good agreement: past the margin centre,
    /// so the word loop decides.
    static func quietFitAtMinus40() -> AcousticEvidence {
        var evidence = AcousticEvidence(
            utteranceMargin: -40, worstWordMargin: -45, meanWordMargin: -40, coverage: 1, speechFrames: 100,
            wordFrames: 100, support: 1)
        evidence.voicing = 0.7
        evidence.phoneAgreement = 0.4
        evidence.wordsAboveBackground = 50
        return evidence
    }

    @Test("the word loop is searched while any check reads it, and only then")
    func wordLoopReaders() {
        var none = AcceptancePolicy.phrases
        none.minimumWordLoopMargin = nil
        none.poorFitMargin = nil
        none.poorWordMargin = nil
        none.voicedBackgroundWordLoopMargin = nil
        none.wordLoopWeight = 0
        #expect(!none.readsWordLoop)
        var floor = none
        floor.minimumWordLoopMargin = -4
        #expect(floor.readsWordLoop)
        // The floor of poor fits alone still needs the margin: without it nothing is checked.
        var poorFit = none
        poorFit.poorFitMargin = -35
        #expect(poorFit.readsWordLoop)
        var evidence = Self.quietFitAtMinus40()
        evidence.wordLoopMargin = poorFit.poorFitWordLoopMargin - 1
        #expect(none.confidence(evidence) > 0.5)
        #expect(poorFit.confidence(evidence) == 0)
        var poorWord = none
        poorWord.poorWordMargin = AcceptancePolicy.phrases.poorWordMargin
        #expect(poorWord.readsWordLoop)
        // The voiced-background exemption reads it only while the exemption is on.
        var gate = none
        gate.voicedBackground = 0.3
        gate.voicedBackgroundWordLoopMargin = 10
        #expect(gate.readsWordLoop)
        gate.voicedBackground = nil
        #expect(!gate.readsWordLoop)
    }

    @Test("in loud noise the margin must be closer to the phone loop's")
    func noisyCenter() throws {
        let policy = AcceptancePolicy.phrases
        let noisy = try #require(policy.noisyMarginCenter)
        #expect(noisy > policy.marginCenter)
        #expect(policy.center(wordsAboveBackground: .infinity) == policy.marginCenter)
        #expect(policy.center(wordsAboveBackground: policy.quietAbove) == policy.marginCenter)
        #expect(policy.center(wordsAboveBackground: policy.noisyBelow) == noisy)
        #expect(policy.center(wordsAboveBackground: 0) == noisy)
        let halfway = policy.center(wordsAboveBackground: (policy.noisyBelow + policy.quietAbove) / 2)
        #expect(abs(halfway - (noisy + policy.marginCenter) / 2) < 1e-9)
        // A margin between the two centres passes in quiet and fails in noise.
        var evidence = AcousticEvidence(
            utteranceMargin: -30, worstWordMargin: -60, meanWordMargin: (noisy + policy.marginCenter) / 2,
            coverage: 1, speechFrames: 100, wordFrames: 100, support: 1)
        evidence.voicing = 0.7
        evidence.wordsAboveBackground = 50
        #expect(policy.confidence(evidence) > 0.5)
        evidence.wordsAboveBackground = 8
        #expect(policy.confidence(evidence) < 0.5)
        var single = policy
        single.noisyMarginCenter = nil
        #expect(single.confidence(evidence) > 0.5)
    }

    @Test("phone agreement compares each word's closest pronunciation with the loop's phones over its frames")
    func phoneAgreement() {
        #expect(AcousticEvidence.editDistance(["K", "AE", "T"], ["K", "AE", "T"]) == 0)
        #expect(AcousticEvidence.editDistance(["K", "AE", "T"], ["B", "AE", "T", "S"]) == 2)
        #expect(AcousticEvidence.editDistance([], ["AH"]) == 1)
        let lexicon: [String: [[String]]] = [
            "lights": [["L", "AY", "T", "S"]], "on": [["AA", "N"], ["AO", "N"]],
        ]
        let words = [Self.word("lights", 0, 39, score: 0), Self.word("on", 40, 59, score: 0)]
        func agreement(_ loop: [(String, Int, Int)]) -> Double {
            AcousticEvidence.phoneAgreement(
                words: words, loop: loop.map { Self.word($0.0, $0.1, $0.2, score: 0) },
                pronunciations: { lexicon[$0] ?? [] })
        }
        // Every phone heard where the words are: full agreement, with "on"'s second pronunciation.
        #expect(
            agreement([("L", 0, 9), ("AY", 10, 19), ("T", 20, 29), ("S", 30, 39), ("AO", 40, 49), ("N", 50, 59)]) == 1)
        // One phone of six wrong, one missing: 4 of 6 left.
        #expect(
            abs(agreement([("L", 0, 9), ("EY", 10, 29), ("S", 30, 39), ("AA", 40, 49), ("N", 50, 59)]) - 4.0 / 6) < 1e-9
        )
        // A phone centred outside a word does not count for it; other speech agrees not at all.
        #expect(agreement([("S", 0, 19), ("K", 20, 39), ("AY", 40, 59)]) == 0)
        #expect(agreement([]) == 0)
        // Words the dictionary does not know are left out; none known: nothing to disagree with.
        #expect(
            AcousticEvidence.phoneAgreement(words: words, loop: [], pronunciations: { _ in [] }) == 1)
    }

    @Test("in quiet, phone agreement above its centre raises the margin and below it lowers it; in loud noise not")
    func agreementWeight() throws {
        let policy = AcceptancePolicy.phrases
        #expect(policy.agreementWeight > 0)
        // A margin 5 units below the centre: rejected on its own.
        var evidence = AcousticEvidence(
            utteranceMargin: -40, worstWordMargin: -60, meanWordMargin: policy.marginCenter - 5, coverage: 1,
            speechFrames: 100, wordFrames: 100, support: 1)
        evidence.voicing = 0.7
        evidence.wordsAboveBackground = 60
        evidence.phoneAgreement = policy.agreementCenter
        #expect(policy.score(evidence) == evidence.meanWordMargin)
        #expect(policy.confidence(evidence) < 0.5)
        // Agreement 10 / weight above the centre makes up 10 units: accepted.
        evidence.phoneAgreement = policy.agreementCenter + 10 / policy.agreementWeight
        #expect(abs(policy.score(evidence) - (evidence.meanWordMargin + 10)) < 1e-9)
        #expect(policy.confidence(evidence) > 0.5)
        // A margin 5 units above the centre with no phone in common: rejected.
        evidence.meanWordMargin = policy.marginCenter + 5
        evidence.phoneAgreement = 0
        #expect(policy.confidence(evidence) < 0.5)
        // Halfway between loud noise and quiet, half the weight; in loud noise, none.
        evidence.phoneAgreement = 1
        evidence.wordsAboveBackground = (policy.noisyBelow + policy.quietAbove) / 2
        let half = policy.agreementWeight / 2 * (1 - policy.agreementCenter)
        #expect(abs(policy.score(evidence) - (evidence.meanWordMargin + half)) < 1e-9)
        evidence.wordsAboveBackground = policy.noisyBelow
        #expect(policy.score(evidence) == evidence.meanWordMargin)
        var off = policy
        off.agreementWeight = 0
        evidence.wordsAboveBackground = 60
        #expect(off.score(evidence) == evidence.meanWordMargin)
    }

    @Test("in noise the loop must hear speech under more of the words than in quiet")
    func noisySupport() {
        let policy = AcceptancePolicy.phrases
        #expect(policy.minimumNoisySupport > policy.minimumSupport)
        var evidence = AcousticEvidence(
            utteranceMargin: -20, worstWordMargin: -30, meanWordMargin: policy.marginCenter + 20, coverage: 1,
            speechFrames: 200, wordFrames: 200, support: (policy.minimumSupport + policy.minimumNoisySupport) / 2)
        evidence.voicing = 0.7
        evidence.phoneAgreement = 0.5
        evidence.wordsAboveBackground = policy.quietAbove
        #expect(policy.confidence(evidence) > 0.5)
        evidence.wordsAboveBackground = policy.quietAbove - 1
        #expect(policy.confidence(evidence) == 0)
        evidence.support = policy.minimumNoisySupport
        #expect(policy.confidence(evidence) > 0.5)
        evidence.support = policy.minimumSupport / 2
        evidence.wordsAboveBackground = 60
        #expect(policy.confidence(evidence) == 0)
    }

    @Test("a short phrase needs a higher margin than a long one")
    func shortPhraseRaise() throws {
        let policy = AcceptancePolicy.phrases
        #expect(policy.shortPhraseRaise > 0)
        let long = policy.shortPhraseFrames
        let shortest = policy.shortestPhraseFrames
        #expect(policy.raise(wordFrames: long) == 0)
        #expect(policy.raise(wordFrames: long * 3) == 0)
        #expect(policy.raise(wordFrames: shortest) == policy.shortPhraseRaise)
        #expect(policy.raise(wordFrames: 1) == policy.shortPhraseRaise)
        #expect(abs(policy.raise(wordFrames: (long + shortest) / 2) - policy.shortPhraseRaise / 2) < 1)
        // A margin a little above the centre (and agreement at its own centre): accepted when
        // the words span a second, rejected when they span half a second.
        var evidence = AcousticEvidence(
            utteranceMargin: -40, worstWordMargin: -60, meanWordMargin: policy.marginCenter + 2, coverage: 1,
            speechFrames: long, wordFrames: long, support: 1)
        evidence.voicing = 0.7
        evidence.wordsAboveBackground = 60
        evidence.phoneAgreement = policy.agreementCenter
        #expect(policy.confidence(evidence) > 0.5)
        evidence.wordFrames = shortest
        evidence.speechFrames = shortest
        #expect(policy.confidence(evidence) < 0.5)
        var off = policy
        off.shortPhraseRaise = 0
        #expect(off.confidence(evidence) > 0.5)
        // In noise the centre does not rise for short phrases.
        #expect(policy.raise(wordFrames: shortest, wordsAboveBackground: policy.quietAbove) == policy.shortPhraseRaise)
        #expect(policy.raise(wordFrames: shortest, wordsAboveBackground: policy.quietAbove - 1) == 0)
    }

    @Test("in noise the words must share some phones with the loop; in quiet they need not")
    func noisyPhoneAgreement() {
        let policy = AcceptancePolicy.phrases
        #expect(policy.minimumNoisyPhoneAgreement > 0)
        var evidence = AcousticEvidence(
            utteranceMargin: -10, worstWordMargin: -20, meanWordMargin: -15, coverage: 1, speechFrames: 100,
            wordFrames: 100, support: 1)
        evidence.voicing = 0.7
        evidence.phoneAgreement = 0
        evidence.wordsAboveBackground = 60
        #expect(policy.confidence(evidence) > 0.5)
        evidence.wordsAboveBackground = policy.quietAbove - 1
        #expect(policy.confidence(evidence) == 0)
        evidence.phoneAgreement = policy.minimumNoisyPhoneAgreement
        #expect(policy.confidence(evidence) > 0.5)
        var off = policy
        off.minimumNoisyPhoneAgreement = 0
        evidence.phoneAgreement = 0
        #expect(off.confidence(evidence) > 0.5)
    }
}
