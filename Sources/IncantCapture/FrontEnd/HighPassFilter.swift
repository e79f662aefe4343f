import Foundation
import Synchronization

/// A front end that takes away what lies below speech: a microphone's DC offset and mains hum.
///
/// A fourth-order Butterworth high-pass (two biquad sections) at ``cutoff``: −3 dB there, about
/// −24 dB an octave below (50 Hz hum under the standard 100 Hz), and no delay to compensate
/// (``latencySamples`` 0). The acoustic model reads nothing below 130 Hz, but the levels that
/// utterance detection and acceptance measure read everything: a constant offset or a hum
/// raises the background they see, cutting the quiet ends of words and rejecting what was said.
/// The measurements are in BENCHMARKS.md ("Hum and a DC offset").
public final class HighPassFilter: AudioFrontEnd {
    /// The cutoff (Hz) that the listener uses unless told otherwise.
    public static let standardCutoff = 100.0

    /// The -3 dB frequency (Hz).
    public let cutoff: Double
    private let sections: [Coefficients]
    private let state: Mutex<[SectionState]>

    /// One biquad section's coefficients, normalised (a0 = 1).
    struct Coefficients {
        var b0, b1, b2, a1, a2: Double
    }

    /// One section's last two inputs and outputs.
    struct SectionState {
        var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0
    }

    /// A filter at `cutoff` Hz (clamped to 1 Hz … 2 kHz) for 16 kHz audio.
    public init(cutoff: Double = standardCutoff) {
        let cutoff = min(max(cutoff, 1), 2_000)
        self.cutoff = cutoff
        // A fourth-order Butterworth response from two second-order sections (Q of each pole pair).
        sections = [0.541_196_100_146_197, 1.306_562_964_876_376_6].map {
            Self.highPass(cutoff: cutoff, q: $0, sampleRate: Double(AudioFormat.sampleRate))
        }
        state = Mutex(Array(repeating: SectionState(), count: sections.count))
    }

    /// The coefficients of a second-order high-pass section (the bilinear transform, as in
    /// Robert Bristow-Johnson's audio EQ cookbook).
    static func highPass(cutoff: Double, q: Double, sampleRate: Double) -> Coefficients {
        let omega = 2 * Double.pi * cutoff / sampleRate
        let alpha = sin(omega) / (2 * q)
        let cosine = cos(omega)
        let a0 = 1 + alpha
        return Coefficients(
            b0: (1 + cosine) / 2 / a0, b1: -(1 + cosine) / a0, b2: (1 + cosine) / 2 / a0,
            a1: -2 * cosine / a0, a2: (1 - alpha) / a0)
    }

    public var name: String { "high-pass" }

    public var latencySamples: Int { 0 }

    public func process(_ samples: [Int16]) -> [Int16] {
        state.withLock { states in
            var output = [Int16](repeating: 0, count: samples.count)
            for index in samples.indices {
                var value = Double(samples[index])
                for section in sections.indices {
                    let c = sections[section]
                    var s = states[section]
                    let y = c.b0 * value + c.b1 * s.x1 + c.b2 * s.x2 - c.a1 * s.y1 - c.a2 * s.y2
                    s.x2 = s.x1
                    s.x1 = value
                    s.y2 = s.y1
                    s.y1 = y
                    states[section] = s
                    value = y
                }
                output[index] = Int16(clamping: Int(value.rounded()))
            }
            return output
        }
    }

    public func flush() -> [Int16] { [] }

    public func reset() {
        state.withLock { $0 = Array(repeating: SectionState(), count: sections.count) }
    }
}
