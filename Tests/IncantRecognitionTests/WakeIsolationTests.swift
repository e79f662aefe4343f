import Foundation
import IncantCapture
import Testing

@testable import IncantRecognition

/// How far a wake phrase stands above the audio just before and just after it.
@Suite("Wake-phrase isolation")
struct WakeIsolationTests {
    /// Levels (dB) made of runs of frames: each run a level and a count.
    static func levels(_ runs: [(Double, Int)]) -> FrameLevels {
        var samples: [Int16] = []
        for (level, frames) in runs {
            // A square wave whose power gives `level` dB (10 log10(amplitude² + 1)).
            let amplitude = Int16(min(32_000, (pow(10, level / 10) - 1).squareRoot().rounded()))
            for index in 0..<(frames * FrameLevels.hop) {
                samples.append(index % 2 == 0 ? amplitude : -amplitude)
            }
        }
        return FrameLevels(samples: samples)
    }

    @Test("a phrase after a pause stands out by the pause's depth; one inside speech at its level, not at all")
    func pauseOnOneSide() {
        // 50 frames of other speech at 70 dB, a 40-frame pause at 40 dB, the phrase at 70 dB, more speech.
        let paused = Self.levels([(70, 50), (40, 40), (70, 60), (70, 50)])
        let isolation = PocketSphinxWakeWordDetector.isolation(of: 90...149, in: paused)
        #expect(abs(isolation - 30) < 1)
        let running = Self.levels([(70, 90), (70, 60), (70, 50)])
        #expect(PocketSphinxWakeWordDetector.isolation(of: 90...149, in: running) < 1)
    }

    @Test("the quieter side counts: a command may follow the phrase in the same breath")
    func quieterSide() {
        let levels = Self.levels([(45, 90), (65, 60), (65, 50)])
        #expect(abs(PocketSphinxWakeWordDetector.isolation(of: 90...149, in: levels) - 20) < 1)
        let mirrored = Self.levels([(65, 90), (65, 60), (45, 50)])
        #expect(abs(PocketSphinxWakeWordDetector.isolation(of: 90...149, in: mirrored) - 20) < 1)
    }

    @Test("a phrase at the edge of the audio has its background beyond the edge; isolation stays within its bounds")
    func edgesAndBounds() {
        // The phrase starts the audio: before it lies the audio's background level (its 10th percentile).
        let levels = Self.levels([(75, 60), (75, 20), (20, 40)])
        let atStart = PocketSphinxWakeWordDetector.isolation(of: 0...59, in: levels)
        #expect(atStart >= 0 && atStart <= PocketSphinxWakeWordDetector.isolationCeiling)
        #expect(atStart == PocketSphinxWakeWordDetector.isolationCeiling)
        // Quieter than its surroundings (a look-alike in the gap between louder words): 0, never negative.
        let dip = Self.levels([(70, 40), (50, 40), (70, 40)])
        #expect(PocketSphinxWakeWordDetector.isolation(of: 40...79, in: dip) == 0)
    }
}
