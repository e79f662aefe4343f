import Foundation

/// Adds background noise to speech at a signal-to-noise ratio, as the published Picovoice
/// speech-to-intent benchmark does: a random noise segment of the clip's length is scaled so
/// that the ratio of the loudest 2048-sample frame energy of the speech to that of the noise
/// segment equals the SNR, added, and the peak of the sum is normalized to 0.5 of full scale.
/// With ``Level/averagePower`` the ratio is that of the two signals' mean power instead.
public struct NoiseMixer: Sendable {
    /// What the SNR compares.
    public enum Level: Sendable {
        /// The loudest 2048-sample frame of each (the Picovoice benchmark's measure). A noise
        /// that never pauses, such as a babble, is then far louder on average than speech.
        case loudestFrame
        /// The mean power of each over the whole clip (the usual measure for babble).
        case averagePower
    }

    /// The noise recording, as floats in [-1, 1].
    public let noise: [Float]
    /// Frame length of the energy measure.
    public static let frameLength = 2048

    public init(noise samples: [Int16]) {
        noise = samples.map { Float($0) / 32_768 }
    }

    /// The seed of the noise mixed into the coffee clip at index `i` (by file name) is
    /// `coffeeSeed &+ i`, in every benchmark, so that they all hear the same noisy clips.
    public static let coffeeSeed: UInt64 = 0x5EED_0000

    /// `speech` with noise at `snr` dB; the noise segment is chosen with a generator seeded
    /// from `seed`, so a clip gets the same noise in every run.
    public func mix(_ speech: [Int16], snr: Double, seed: UInt64, level: Level = .loudestFrame) -> [Int16] {
        guard !speech.isEmpty, !noise.isEmpty else { return speech }
        var random = SplitMix64(seed: seed)
        let length = speech.count
        let offset = noise.count > length ? Int(random.next() % UInt64(noise.count - length)) : 0
        let clean = speech.map { Float($0) / 32_768 }
        let segment = (0..<length).map { noise[(offset + $0) % noise.count] }
        let measure = level == .loudestFrame ? Self.maximumFrameEnergy : Self.meanPower
        let speechEnergy = measure(clean)
        let noiseEnergy = max(measure(segment), 1e-12)
        let scale = Float((Double(speechEnergy) / (Double(noiseEnergy) * pow(10, snr / 10))).squareRoot())
        var mixed = [Float](repeating: 0, count: length)
        var peak: Float = 1e-9
        for index in 0..<length {
            mixed[index] = clean[index] + scale * segment[index]
            peak = max(peak, abs(mixed[index]))
        }
        let gain = 0.5 / peak
        return mixed.map { Int16(clamping: Int(($0 * gain * 32_767).rounded())) }
    }

    /// `count` stretches of the noise alone, as a listener hears a clatter in a quiet room: each
    /// 0.6–4 s long at a peak of 0.08–0.5 of full scale, between 0.3 s of faint room tone
    /// (deterministic for a seed).
    public func bursts(count: Int, seed: UInt64) -> [[Int16]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let length = min(noise.count, Int(16_000 * Double.random(in: 0.6...4, using: &random)))
            let offset = Int.random(in: 0...(noise.count - length), using: &random)
            let burst = noise[offset..<offset + length]
            let peak = max(burst.map { abs($0) }.max() ?? 1, 1e-6)
            let gain = Float.random(in: 0.08...0.5, using: &random) / peak
            let roomTone = (0..<4_800).map { _ in Int16.random(in: -30...30, using: &random) }
            return roomTone + burst.map { Int16(clamping: Int(($0 * gain * 32_767).rounded())) } + roomTone
        }
    }

    /// The mean of the squared samples.
    public static func meanPower(_ signal: [Float]) -> Float {
        signal.isEmpty ? 0 : signal.reduce(0) { $0 + $1 * $1 } / Float(signal.count)
    }

    /// The largest energy (sum of squares) of consecutive 2048-sample frames (or of the whole
    /// signal when it is shorter than one frame).
    public static func maximumFrameEnergy(_ signal: [Float]) -> Float {
        let frames = signal.count / frameLength
        guard frames > 0 else { return signal.reduce(0) { $0 + $1 * $1 } }
        var best: Float = 0
        for frame in 0..<frames {
            var energy: Float = 0
            for index in (frame * frameLength)..<((frame + 1) * frameLength) {
                energy += signal[index] * signal[index]
            }
            best = max(best, energy)
        }
        return best
    }
}
