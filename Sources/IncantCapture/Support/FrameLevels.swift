import Foundation

/// The loudness of each 10 ms analysis frame of an utterance (a 25 ms window every 10 ms, as
/// the recognizer frames audio), its background level and the level of its loudest audio.
///
/// Used to tell speech from background noise: when measuring how much of the speech the
/// recognized words cover (in a noisy kitchen a phone loop follows the clatter between words as
/// readily as speech), and when choosing whether an utterance is heard through the front ends
/// (``FrontEndBypass``).
public struct FrameLevels: Sendable, Hashable {
    /// Level of each frame in dB (relative to one sample unit; only differences matter).
    public let levels: [Double]
    /// The background level: the 10th percentile of the frame levels.
    public let floor: Double
    /// The level of the utterance's loudest audio: the 98th percentile of the frame levels.
    public let peak: Double
    /// How far (dB) the loudest audio stands above the background: `peak - floor`.
    public var spread: Double { peak - floor }

    /// Samples between frame starts (10 ms at 16 kHz).
    public static let hop = 160
    /// Samples in a frame's window (25 ms at 16 kHz).
    public static let window = 400

    /// Measures `samples` (16 kHz mono).
    public init(samples: [Int16]) {
        var levels: [Double] = []
        levels.reserveCapacity(samples.count / Self.hop + 1)
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + Self.window)
            var energy = 0.0
            for index in start..<end {
                let value = Double(samples[index])
                energy += value * value
            }
            levels.append(10 * log10(energy / Double(end - start) + 1))
            start += Self.hop
        }
        self.levels = levels
        let sorted = levels.sorted()
        floor = sorted.isEmpty ? 0 : sorted[sorted.count / 10]
        peak = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 98 / 100)]
    }

    /// The level of frame `index` (frames past the end count as infinitely loud).
    public func level(_ index: Int) -> Double {
        guard index >= 0, index < levels.count else { return .infinity }
        return levels[index]
    }

    /// Whether frame `index` is at least `gate` dB above the background (frames past the end
    /// count as audible, so that an unmeasured frame is never ignored).
    public func isAudible(_ index: Int, gate: Double) -> Bool {
        level(index) >= floor + gate
    }
}
