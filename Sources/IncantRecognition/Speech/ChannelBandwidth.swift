import Foundation

/// How much of the spectrum an utterance's channel carries: the level of its loudest audio
/// above 5.5 kHz, and between 4.2 and 5.4 kHz, against that of its loudest audio between 1 and
/// 3 kHz.
///
/// A telephone line, a narrow-band headset or a microphone that cuts the highs leaves nothing
/// above 4–5 kHz, where the fricatives that tell "off" from "on" and "six" from "eight" carry
/// most of their energy; wide-band speech keeps its fricatives there. A telephone band also leaves
/// out 4.2–5.4 kHz, which a microphone that passes up to 5 kHz keeps. See
/// <doc:HowAcceptanceIsDecided> for what Incant does with it.
public struct ChannelBandwidth: Sendable, Hashable {
    /// The 95th percentile of the frames' level in 5.5–7.5 kHz minus that in 1–3 kHz, in dB
    /// (negative: the high band is quieter).
    public let highBandLevel: Double
    /// The 95th percentile of the frames' level in 4.2–5.4 kHz minus that in 1–3 kHz, in dB:
    /// what a telephone band (8 kHz sampling) leaves out and a microphone that passes up to
    /// 5 kHz keeps.
    public let upperBandLevel: Double

    /// Samples per analysis window (32 ms at 16 kHz), a power of two for the FFT.
    static let window = 512
    /// Samples between window starts (10 ms at 16 kHz).
    static let hop = 160

    /// Measures `samples` (16 kHz mono); nil when they are shorter than one window.
    public init?(samples: [Int16], sampleRate: Double = 16_000) {
        let size = Self.window
        guard samples.count >= size else { return nil }
        let binWidth = sampleRate / Double(size)
        let high = Int((5_500 / binWidth).rounded(.up))...Int(7_500 / binWidth)
        let upper = Int((4_200 / binWidth).rounded(.up))...Int(5_400 / binWidth)
        let speech = Int((1_000 / binWidth).rounded(.up))...Int(3_000 / binWidth)
        let hann = (0..<size).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size - 1)) }
        let fft = RealSpectrum(size: size)
        var highLevels: [Double] = []
        var upperLevels: [Double] = []
        var speechLevels: [Double] = []
        var start = 0
        while start + size <= samples.count {
            let power = fft.power(of: (0..<size).map { Double(samples[start + $0]) * hann[$0] })
            highLevels.append(10 * log10(high.reduce(0.0) { $0 + power[$1] } + 1))
            upperLevels.append(10 * log10(upper.reduce(0.0) { $0 + power[$1] } + 1))
            speechLevels.append(10 * log10(speech.reduce(0.0) { $0 + power[$1] } + 1))
            start += Self.hop
        }
        let speechLevel = Self.percentile95(speechLevels)
        highBandLevel = Self.percentile95(highLevels) - speechLevel
        upperBandLevel = Self.percentile95(upperLevels) - speechLevel
    }

    static func percentile95(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
    }
}
