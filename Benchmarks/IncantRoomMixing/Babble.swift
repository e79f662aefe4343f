import Foundation
import IncantCapture

/// Other people talking: a babble summed from recordings of several talkers, the background
/// that benchmarks and tests put behind speech.
public enum Babble {
    /// Talkers summed into one babble.
    public static let talkers = 4

    /// `length` samples of ``talkers`` recordings of `pool` (never the one at `excluding`),
    /// each scaled to the same loudness, started at a random point and repeated, summed, the
    /// peak kept within 30,000 (deterministic for a seed). Silence when `pool` holds no more
    /// than ``talkers`` recordings.
    public static func mix(length: Int, talkers pool: [[Int16]], excluding: Int? = nil, seed: UInt64) -> [Int16] {
        var random = SplitMix64(seed: seed)
        var others: [Int] = []
        while others.count < talkers, pool.count > talkers {
            let other = Int(random.next() % UInt64(pool.count))
            if other != excluding, !others.contains(other) { others.append(other) }
        }
        var sum = [Float](repeating: 0, count: length)
        for other in others {
            let talker = pool[other].map { Float($0) }
            guard !talker.isEmpty else { continue }
            let rms = max((talker.reduce(0) { $0 + $1 * $1 } / Float(talker.count)).squareRoot(), 1)
            let start = Int(random.next() % UInt64(talker.count))
            for sample in 0..<length {
                sum[sample] += talker[(start + sample) % talker.count] / rms * 2_000
            }
        }
        let peak = max(sum.map { abs($0) }.max() ?? 1, 1)
        let gain = min(1, 30_000 / peak)
        return sum.map { Int16(clamping: Int(($0 * gain).rounded())) }
    }

    /// The babble behind each of `clips`, made of the others (``mix(length:talkers:excluding:seed:)``),
    /// each with its own seed, so that benchmarks and tests build the same. `voices` (one per
    /// clip; the clips themselves when nil) stand in for the others' audio.
    public static func behindEach(_ clips: [[Int16]], voices: [[Int16]]? = nil) -> [[Int16]] {
        let pool = voices ?? clips
        return clips.indices.map { index in
            mix(length: clips[index].count, talkers: pool, excluding: index, seed: 0xBAB_B1E0 &+ UInt64(index))
        }
    }

    /// `samples` with the 10 ms frames more than ``pauseDepth`` dB below their loudest frames
    /// (the 98th percentile) left out: a talker who never pauses, as in a room where several
    /// people talk, so that a babble of them has no silent gaps. Each frame's level is that of
    /// its own 10 ms, not of the 25 ms window of `FrameLevels`, so that a frame kept is one
    /// that is loud itself.
    public static func withoutPauses(_ samples: [Int16]) -> [Int16] {
        let hop = AudioFormat.sampleRate / 100
        let levels = Swift.stride(from: 0, to: samples.count, by: hop).map { start in
            let frame = samples[start..<min(samples.count, start + hop)]
            return 10 * log10(frame.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frame.count) + 1)
        }
        let sorted = levels.sorted()
        guard !sorted.isEmpty else { return samples }
        let loudest = sorted[sorted.count * 98 / 100]
        return levels.indices.filter { levels[$0] >= loudest - pauseDepth }.flatMap { frame in
            samples[(frame * hop)..<min(samples.count, frame * hop + hop)]
        }
    }

    /// How far below a talker's loudest frames a frame counts as a pause (``withoutPauses(_:)``).
    public static let pauseDepth = 30.0
}
