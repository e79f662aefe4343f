import Foundation

/// Raises quiet audio to a working level.
///
/// A microphone with its gain turned down, or a speaker across the room, gives speech whose
/// loudest frames lie 30–50 dB below full scale. The denoisers are not level-independent:
/// DeepFilterNet 3 removes such speech as if it were noise. pocketsphinx's front end is not
/// either (its noise estimate, and the fixed comfort noise added before it). Raising the audio
/// first changes no recording that already reaches the target.
///
/// The level is the 95th percentile of the RMS levels of the audio's 10 ms frames (dBFS), so
/// that a click or a few loud frames do not set it. The gain is never negative, never more than
/// the limit, and never more than the loudest sample allows without clipping.
public enum QuietAudioGain {
    /// The level (dBFS) below which audio is raised, to it.
    public static let target = -30.0
    /// The most gain (dB) applied.
    public static let limit = 30.0

    /// Measures a recording piece by piece: the level of its 10 ms frames (a histogram in
    /// steps of 0.5 dB) and its loudest sample.
    public struct Meter: Sendable {
        /// Samples per level frame (10 ms at 16 kHz).
        static let frameLength = 160
        /// Histogram bins from -120 dBFS to 0 in steps of 0.5 dB.
        private var bins = [Int](repeating: 0, count: 241)
        private var frames = 0
        /// Samples of an unfinished frame carried to the next piece.
        private var carried: [Int16] = []
        /// The largest magnitude of any sample.
        public private(set) var peak = 0

        public init() {}

        /// Adds the next samples.
        public mutating func add(_ samples: [Int16]) {
            for sample in samples { peak = max(peak, abs(Int(sample))) }
            var pending = carried + samples
            var start = 0
            while pending.count - start >= Self.frameLength {
                let level = Endpointer.level(of: pending[start..<(start + Self.frameLength)])
                bins[min(bins.count - 1, Int(((level + 120) * 2).rounded()))] += 1
                frames += 1
                start += Self.frameLength
            }
            pending.removeFirst(start)
            carried = pending
        }

        /// The 95th percentile of the frames' levels (dBFS); nil before a whole frame.
        public var level: Double? {
            guard frames > 0 else { return nil }
            let rank = Int((Double(frames - 1) * 0.95).rounded())
            var seen = 0
            for (index, count) in bins.enumerated() {
                seen += count
                if seen > rank { return Double(index) / 2 - 120 }
            }
            return 0
        }

        /// The gain (dB, ≥ 0) that brings the audio measured up to `target` dBFS, at most
        /// `limit` dB and without clipping its loudest sample.
        public func gain(target: Double = QuietAudioGain.target, limit: Double = QuietAudioGain.limit) -> Double {
            guard let level, level < target else { return 0 }
            let headroom = peak > 0 ? 20 * log10(32767 / Double(peak)) : limit
            return max(0, min(target - level, limit, headroom))
        }
    }

    /// The gain (dB, ≥ 0) for `samples` (``Meter/gain(target:limit:)``).
    public static func gain(for samples: [Int16], target: Double = Self.target, limit: Double = Self.limit) -> Double {
        var meter = Meter()
        meter.add(samples)
        return meter.gain(target: target, limit: limit)
    }

    /// The gain (dB, ≥ 0) for the whole of `file`, measured piece by piece
    /// (``WAVFile/readOnce(inPiecesOf:_:)``).
    public static func gain(of file: WAVFile, target: Double = Self.target, limit: Double = Self.limit) -> Double {
        var meter = Meter()
        file.readOnce(inPiecesOf: AudioFormat.sampleRate * 10) { samples, _ in
            meter.add(samples)
            return true
        }
        return meter.gain(target: target, limit: limit)
    }

    /// `samples` made `decibels` louder (quieter when negative; clamped to 16 bits); the same
    /// samples for no gain.
    public static func applying(_ decibels: Double, to samples: [Int16]) -> [Int16] {
        guard abs(decibels) > 0.01 else { return samples }
        let factor = pow(10, decibels / 20)
        return samples.map { Int16(clamping: Int((Double($0) * factor).rounded())) }
    }

    /// `samples` raised by ``gain(for:target:limit:)``.
    public static func raised(_ samples: [Int16], target: Double = Self.target, limit: Double = Self.limit) -> [Int16] {
        applying(gain(for: samples, target: target, limit: limit), to: samples)
    }
}
