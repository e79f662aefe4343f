import Foundation
import IncantCapture
import IncantPhrases
import IncantSpeech
import IncantTestSupport
import Testing

@testable import IncantRecognition

@Suite("Clipping")
struct ClippingTests {
    /// `samples` amplified `decibels` and cut off at 16 bits, as an overdriven microphone does.
    static func overdriven(_ samples: [Int16], by decibels: Double) -> [Int16] {
        let gain = pow(10, decibels / 20)
        return samples.map { Int16(clamping: Int((Double($0) * gain).rounded())) }
    }

    /// `samples` amplified until the loudest would be `decibels` past 16-bit full scale, clipped.
    static func overdriven(_ samples: [Int16], pastFullScaleBy decibels: Double) -> [Int16] {
        let peakGain = 20 * log10(32_767 / Double(samples.map { abs(Int($0)) }.max() ?? 1))
        return overdriven(samples, by: peakGain + decibels)
    }

    /// `samples` scaled so that the loudest is `fraction` of full scale, nothing clipped.
    static func normalized(_ samples: [Int16], to fraction: Double) -> [Int16] {
        let peak = samples.map { abs(Double($0)) }.max() ?? 1
        return samples.map { Int16((Double($0) * fraction * 32_767 / peak).rounded()) }
    }

    @Test("a vowel just short of full scale is not clipped; overdriven, most of it is")
    func vowel() {
        // A steady vowel's peaks recur every period, so some samples lie near full scale.
        let vowel = Self.normalized(VoicingTests.vowel(pitch: 140), to: 0.99)
        #expect(Clipping.share(of: vowel) < 0.1)
        let clipped = Self.overdriven(vowel, by: 18)
        #expect(Clipping.share(of: clipped) > 0.5, "\(Clipping.share(of: clipped))")
    }

    @Test("silence around the clipped audio does not dilute it, and quiet frames do not count")
    func onlyLoudFramesCount() {
        let clipped = Self.overdriven(Self.normalized(VoicingTests.vowel(pitch: 140), to: 0.99), by: 18)
        let alone = Clipping.share(of: clipped)
        let silence = [Int16](repeating: 0, count: 32_000)
        #expect(abs(Clipping.share(of: silence + clipped + silence) - alone) < 1e-9)
        // A murmur 40 dB below the loudest frame lies outside the loud range.
        let murmur = VoicingTests.vowel(pitch: 140, seconds: 2).map { $0 / 100 }
        #expect(abs(Clipping.share(of: murmur + clipped) - alone) < 1e-9)
    }

    @Test("silence and audio shorter than a frame have no share")
    func nothingToMeasure() {
        #expect(Clipping.share(of: []) == 0)
        #expect(Clipping.share(of: [Int16](repeating: 0, count: 16_000)) == 0)
        #expect(Clipping.share(of: [32_767, -32_768, 32_767]) == 0)
        // The most negative sample counts as full scale.
        #expect(Clipping.share(of: [Int16](repeating: .min, count: 160)) == 1)
    }

    @Test(
        "a real order is hardly clipped as recorded and at full scale; overdriven, well past the limit",
        .enabled(if: SharedSpeech.isAvailable), arguments: PocketSphinxDecoderTests.coffeeClips)
    func recordedOrder(clip: String) throws {
        let samples = try SharedSpeech.samples(of: clip)
        #expect(Clipping.share(of: samples) == 0)
        #expect(Clipping.share(of: Self.normalized(samples, to: 0.99)) < 0.02)
        let limit = try #require(RecognizerOptions().maximumClippedShare)
        #expect(Clipping.share(of: Self.overdriven(samples, pastFullScaleBy: 24)) > limit)
    }
}

/// An overdriven recording is rejected with the reason, whatever the decoder made of it; the
/// same recording at full scale is decided as before.
@Suite("Overdriven microphone", .serialized, .tags(.slow), .skippedWhenFast)
struct OverdrivenRecognitionTests {
    @Test(.enabled(if: SharedSpeech.isAvailable))
    func overdrivenOrderIsRejectedAsClipped() async throws {
        let clip = PocketSphinxDecoderTests.coffeeClips[1]
        let samples = try SharedSpeech.samples(of: clip)
        let catalog = try CoffeeRecordingsTests.catalog()
        let recognizer = try GrammarRecognizer(catalog: catalog)
        let full = try await recognizer.recognize(ClippingTests.normalized(samples, to: 0.99))
        #expect(full.rejection == nil, "\(full.transcript): \(String(describing: full.rejection))")
        let overdriven = try await recognizer.recognize(ClippingTests.overdriven(samples, pastFullScaleBy: 24))
        guard case .overdriven(let share) = overdriven.rejection else {
            Issue.record("not rejected as overdriven: \(String(describing: overdriven.rejection))")
            return
        }
        #expect(share > Clipping.standardLimit)
        // What is said to the person names the clipping and what to do about it.
        let match = PhraseMatcher(catalog: catalog).match(overdriven.transcript)
        let decision = SpeechDecision.decide(overdriven.result, match)
        guard case .rejected(let reason) = decision else {
            Issue.record("decided \(decision)")
            return
        }
        #expect(reason.description.contains("clipped") && reason.description.contains("gain"), "\(reason)")
    }
}
