import Foundation
import IncantCapture
import Testing

/// When an utterance is heard as it came rather than through the front ends.
@Suite struct FrontEndBypassTests {
    /// One second of a 220 Hz tone at `amplitude` between half-second stretches of white noise
    /// at `noise` (peak amplitude), 16 kHz.
    static func utterance(amplitude: Double, noise: Double) -> [Int16] {
        var state: UInt64 = 0x5EED
        func noiseSample() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) / Double(1 << 53) * 2 - 1) * noise
        }
        return (0..<32_000).map { index in
            let tone = (8_000..<24_000).contains(index) ? amplitude * sin(2 * .pi * 220 * Double(index) / 16_000) : 0
            return Int16(clamping: Int((tone + noiseSample()).rounded()))
        }
    }

    @Test("speech in a quiet room is heard as it came; in noise, through the front ends")
    func quietRoomsBypass() {
        let bypass = FrontEndBypass()
        let processed = [Int16](repeating: 1, count: 32_000)
        // The tone stands about 50 dB above the noise, then about 10 dB.
        let quiet = Self.utterance(amplitude: 8_000, noise: 30)
        let noisy = Self.utterance(amplitude: 8_000, noise: 4_000)
        #expect(FrameLevels(samples: quiet).spread > 40)
        #expect(FrameLevels(samples: noisy).spread < 20)
        #expect(bypass.hearsAsItCame(quiet))
        #expect(!bypass.hearsAsItCame(noisy))
        #expect(bypass.heard(processed: processed, unprocessed: quiet) == quiet)
        #expect(bypass.heard(processed: processed, unprocessed: noisy) == processed)
    }

    @Test("without the audio as it came, or with none of it, the front ends' output is heard")
    func nothingToBypassWith() {
        let bypass = FrontEndBypass()
        #expect(bypass.heard(processed: [1, 2, 3], unprocessed: nil) == [1, 2, 3])
        #expect(bypass.heard(processed: [1, 2, 3], unprocessed: []) == [1, 2, 3])
        #expect(!bypass.hearsAsItCame([]))
    }

    @Test("the spread it needs is a setting: at 0 every utterance is heard as it came")
    func minimumSpread() {
        let noisy = Self.utterance(amplitude: 8_000, noise: 4_000)
        #expect(FrontEndBypass(minimumSpread: 0).hearsAsItCame(noisy))
        #expect(!FrontEndBypass(minimumSpread: 60).hearsAsItCame(Self.utterance(amplitude: 8_000, noise: 30)))
    }

    @Test("an overdriven utterance is heard as it came even in noise: a denoiser cannot restore it")
    func clippedBypasses() {
        // The tone driven far past full scale over loud noise: little spread, mostly clipped.
        let clipped = Self.utterance(amplitude: 200_000, noise: 4_000)
        #expect(FrameLevels(samples: clipped).spread < 40)
        #expect(Clipping.share(of: clipped) > Clipping.standardLimit)
        #expect(FrontEndBypass().hearsAsItCame(clipped))
        var bySpread = FrontEndBypass()
        bySpread.clippedShare = nil
        #expect(!bySpread.hearsAsItCame(clipped))
        // Loud but not clipped, in the same noise: through the front ends, as before.
        #expect(!FrontEndBypass().hearsAsItCame(Self.utterance(amplitude: 30_000, noise: 4_000)))
    }
}
