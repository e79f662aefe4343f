import Foundation

/// How much of an utterance's loud audio sits at the converter's limit: a microphone whose
/// gain is set so high that speech is cut off at full scale.
///
/// ``share(of:)`` counts the samples at ``nearFullScale`` or more (in magnitude) among those of
/// the 10 ms frames within ``loudRange`` dB of the loudest frame, so that silence around the
/// words does not dilute it. Clipping flattens the peaks of every loud frame and spreads their
/// energy over the whole spectrum; the acoustic model hears other phones in it, and the
/// recognizer takes one slot value for another (BENCHMARKS.md, "An overdriven microphone").
/// ``HighPassFilter`` in front moves the flattened tops by what lies below its cutoff, so fewer
/// of them stay near full scale than the converter cut off.
public enum Clipping {
    /// The least magnitude counted as clipped: nine tenths of 16-bit full scale.
    public static let nearFullScale = 29_490

    /// Frames this many dB or less below the loudest frame are counted.
    public static let loudRange = 30.0

    /// The share past which an utterance is not decided on (`RecognizerOptions`'
    /// `maximumClippedShare`) and is heard as it came rather than through a denoiser
    /// (``FrontEndBypass/clippedShare``), which cannot restore what the converter cut off.
    public static let standardLimit = 0.2

    /// Samples per frame (10 ms at 16 kHz).
    static let frameLength = 160

    /// The share (0–1) of the loud frames' samples at ``nearFullScale`` or more; 0 for silence
    /// or audio shorter than a frame.
    public static func share(of samples: [Int16]) -> Double {
        let frames = samples.count / frameLength
        guard frames > 0 else { return 0 }
        var energies = [Double](repeating: 0, count: frames)
        var clipped = [Int](repeating: 0, count: frames)
        for frame in 0..<frames {
            var energy = 0.0
            var count = 0
            for sample in samples[(frame * frameLength)..<((frame + 1) * frameLength)] {
                let value = Int(sample)
                energy += Double(value * value)
                if abs(value) >= nearFullScale { count += 1 }
            }
            energies[frame] = energy
            clipped[frame] = count
        }
        guard let loudest = energies.max(), loudest > 0 else { return 0 }
        let least = loudest * pow(10, -loudRange / 10)
        var counted = 0
        var atLimit = 0
        for frame in 0..<frames where energies[frame] >= least {
            counted += frameLength
            atLimit += clipped[frame]
        }
        return Double(atLimit) / Double(counted)
    }
}
