import Foundation
import IncantCapture
import Testing

@testable import IncantRecognition

/// ``AcceptancePolicy/backgroundRun(_:)``: words at the edge of a transcript as quiet as the
/// sound around the speaker.
@Suite("background words: the run at a transcript's edge")
struct BackgroundRunTests {
    /// Evidence with these words' levels, the floor and the surroundings, in dB below the peak.
    static func evidence(_ below: [Double], floor: Double, outside: Double? = nil) -> AcousticEvidence {
        var evidence = AcousticEvidence(
            utteranceMargin: -40, worstWordMargin: -50, meanWordMargin: -40, coverage: 1, speechFrames: 100,
            wordFrames: 100)
        evidence.eachWordBelowPeak = below
        // The floor as the words' median level below the peak plus their height above the floor.
        evidence.wordsBelowPeak = AcousticEvidence.median(below)
        evidence.wordsAboveBackground = floor - evidence.wordsBelowPeak
        evidence.outsideBelowPeak = outside
        return evidence
    }

    static let policy = AcceptancePolicy.phrases

    @Test("the last words at the level of the noise, well below the speaker's, are a background run")
    func trailingRun() throws {
        // "a coffee with whole milk": the order at 0–4 dB below the peak, "with whole milk" at
        // the noise's level, 24 dB below it.
        let run = Self.policy.backgroundRun(Self.evidence([2, 0, 22, 25, 24], floor: 26))
        #expect(run == 2..<5)
        #expect(Self.policy.backgroundRun(Self.evidence([22, 25, 2, 0, 3], floor: 26)) == 0..<2, "at the start")
    }

    @Test("a speaker's quieter last words in a quiet room stand far above its silence")
    func quietRoom() {
        // 12 dB below the rest, but 40 dB above the silence around the command.
        #expect(Self.policy.backgroundRun(Self.evidence([2, 0, 12, 14, 13], floor: 53, outside: 50)) == nil)
    }

    @Test("behind talk that pauses, the level of the talk around the words is the reference, not its pauses")
    func pausingTalk() {
        // The floor lies in the talkers' pauses, 40 dB down; the talk around the words at 23.
        let words: [Double] = [3, 1, 0, 24, 26, 22]
        #expect(Self.policy.backgroundRun(Self.evidence(words, floor: 40, outside: 23)) == 3..<6)
        #expect(Self.policy.backgroundRun(Self.evidence(words, floor: 40)) == nil)
    }

    @Test("behind other people talking, no run is looked for: a speaker's last words sink to their level too")
    func voicedSurroundings() {
        var evidence = Self.evidence([2, 0, 22, 25, 24], floor: 26)
        let voicing = try? #require(Self.policy.backgroundRunVoicing)
        evidence.outsideVoicing = (voicing ?? 0) + 0.05
        #expect(Self.policy.backgroundRun(evidence) == nil)
        evidence.outsideVoicing = (voicing ?? 0) - 0.05
        #expect(Self.policy.backgroundRun(evidence) == 2..<5)
    }

    @Test("one quiet word, a small gap, or no word left besides the run is no background run")
    func notARun() {
        #expect(Self.policy.backgroundRun(Self.evidence([2, 0, 1, 24], floor: 26)) == nil, "one word")
        #expect(Self.policy.backgroundRun(Self.evidence([6, 4, 5, 10, 11], floor: 14)) == nil, "5 dB gap")
        #expect(Self.policy.backgroundRun(Self.evidence([22, 24], floor: 26)) == nil, "every word")
        var unmeasured = Self.evidence([2, 0, 22, 25, 24], floor: 26)
        unmeasured.wordsAboveBackground = .infinity
        #expect(Self.policy.backgroundRun(unmeasured) == nil, "levels not measured")
        var off = Self.policy
        off.backgroundRunGap = nil
        #expect(off.backgroundRun(Self.evidence([2, 0, 22, 25, 24], floor: 26)) == nil, "off")
    }

    @Test("the level outside the words is measured from the frames no spoken word covers")
    func outsideLevel() {
        // Near silence over frames 0…49, the command at 8,000 over 50…99, then 1,000 over
        // 100…199 (about 18 dB below it), given to silence by the grammar.
        let levels = FrameLevels(samples: AcousticEvidenceTests.samples(speechLevel: 8_000, restLevel: 1_000))
        let evidence = AcousticEvidence(
            grammar: AcousticEvidenceTests.grammar, phoneLoop: AcousticEvidenceTests.phoneLoop, levels: levels,
            speechGate: 9)
        // 150 frames outside: 50 near silence, 100 at 1,000: their median is the louder.
        let outside = try? #require(evidence.outsideBelowPeak)
        #expect(outside.map { abs($0 - 18) < 1.5 } == true, "\(String(describing: outside))")
        // The floor is the near silence, 58 dB below.
        #expect(abs(evidence.floorBelowPeak - 58) < 1.5)
        #expect(
            AcousticEvidence(grammar: AcousticEvidenceTests.grammar, phoneLoop: AcousticEvidenceTests.phoneLoop)
                .outsideBelowPeak == nil)
    }
}
