import Foundation
import IncantCapture
import IncantTestSupport
import Testing

@testable import IncantRecognition

@Suite("Voicing")
struct VoicingTests {
    /// `seconds` of a vowel-like sound: harmonics of `pitch` Hz with falling amplitudes.
    static func vowel(pitch: Double, seconds: Double = 1) -> [Int16] {
        (0..<Int(seconds * 16_000)).map { index in
            let time = Double(index) / 16_000
            let value = (1...8).reduce(0.0) { sum, harmonic in
                sum + sin(2 * .pi * pitch * Double(harmonic) * time) / Double(harmonic)
            }
            return Int16(value * 6_000)
        }
    }

    /// Seeded white noise of about −20 dBFS.
    static func noise(seconds: Double = 1) -> [Int16] {
        var state: UInt64 = 0x5EED
        return (0..<Int(seconds * 16_000)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int16(truncatingIfNeeded: Int(state >> 33) % 6_000 - 3_000)
        }
    }

    @Test("a vowel at speaking pitch is voiced, low or high", arguments: [85.0, 140, 220, 380])
    func vowelIsVoiced(pitch: Double) {
        let voicing = Voicing(samples: Self.vowel(pitch: pitch))
        #expect(voicing.voicedShare(of: 5..<90) > 0.95)
        #expect(voicing.periodicity(atFrame: 50) > 0.9)
    }

    @Test("white noise and silence are not voiced")
    func noiseIsNot() {
        #expect(Voicing(samples: Self.noise()).voicedShare(of: 5..<90) < 0.05)
        let silence = Voicing(samples: [Int16](repeating: 0, count: 16_000))
        #expect(silence.periodicity(atFrame: 50) == 0)
        // Frames beyond the audio are not voiced either.
        #expect(silence.voicedShare(of: [500, 501]) == 0)
        #expect(silence.voicedShare(of: []) == 0)
    }

    @Test("synthesized speech is voiced in a good share of its loud frames")
    func speech() throws {
        let samples = try Speech.synthesize("turn off the lights in the kitchen")
        let levels = FrameLevels(samples: samples)
        let loud = levels.levels.indices.filter { levels.isAudible($0, gate: 20) }
        let share = Voicing(samples: samples).voicedShare(of: loud)
        #expect(share > 0.4, "voiced share \(share) of \(loud.count) frames")
    }

    @Test("recorded speech is voiced in most of its loud frames", arguments: PocketSphinxDecoderTests.coffeeClips)
    func recordedSpeech(clip: String) throws {
        let samples = try SharedSpeech.samples(of: clip)
        let levels = FrameLevels(samples: samples)
        let loud = levels.levels.indices.filter { levels.isAudible($0, gate: 20) }
        let share = Voicing(samples: samples).voicedShare(of: loud)
        #expect(loud.count > 50)
        #expect(share > 0.5, "voiced share \(share) of \(loud.count) frames")
    }

    @Test("kitchen noise is voiced in few of its frames")
    func kitchenNoise() throws {
        // The shared two-minute recording: clatter, running water, a few ringing dishes.
        let noise = try WAVFile.readSamples(path: NoiseRejectionTests.noise.path)
        let levels = FrameLevels(samples: noise)
        let heard = levels.levels.indices.filter { levels.isAudible($0, gate: 0) }
        let share = Voicing(samples: noise).voicedShare(of: heard)
        // Measured: 13% of its 11,058 frames.
        #expect(share < 0.2, "voiced share \(share) of \(heard.count) frames")
    }

    @Test("the policy rejects words that are hardly voiced, and only then")
    func policy() {
        var evidence = AcousticEvidence(
            utteranceMargin: -10, worstWordMargin: -20, meanWordMargin: -20, coverage: 1, speechFrames: 100,
            wordFrames: 100, support: 1)
        #expect(evidence.voicing == 1)
        let policy = AcceptancePolicy.phrases
        #expect(policy.confidence(evidence) > 0.99)
        evidence.voicing = policy.minimumVoicing - 0.01
        #expect(policy.confidence(evidence) == 0)
        evidence.voicing = policy.minimumVoicing
        #expect(policy.confidence(evidence) > 0.99)
    }
}
