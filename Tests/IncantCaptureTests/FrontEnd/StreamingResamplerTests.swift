import Foundation
import IncantCapture
import Testing

@Suite struct StreamingResamplerTests {
    /// A 16 kHz sweep of tones under 7 kHz.
    static func tones(count: Int) -> [Float] {
        (0..<count).map { index in
            let time = Double(index) / 16_000
            return Float(
                8_000 * sin(2 * .pi * 440 * time) + 4_000 * sin(2 * .pi * 3_100 * time)
                    + 2_000 * sin(2 * .pi * 6_500 * time))
        }
    }

    static func snr(_ signal: [Float], _ estimate: [Float]) -> Double {
        var power = 0.0
        var error = 0.0
        for (a, b) in zip(signal, estimate) {
            power += Double(a) * Double(a)
            error += Double(a - b) * Double(a - b)
        }
        return 10 * log10(power / max(error, 1e-12))
    }

    static func run(_ resampler: inout StreamingResampler, _ input: [Float], chunk: Int) -> [Float] {
        var output: [Float] = []
        var start = 0
        while start < input.count {
            output += resampler.process(Array(input[start..<min(start + chunk, input.count)]))
            start += chunk
        }
        return output + resampler.flush()
    }

    @Test func upThenDownGivesTheSignalBackAligned() {
        let input = Self.tones(count: 16_000)
        var up = StreamingResampler(factor: 3, direction: .up)
        var down = StreamingResampler(factor: 3, direction: .down)
        let high = Self.run(&up, input, chunk: 160)
        #expect(high.count == input.count * 3)
        let back = Self.run(&down, high, chunk: 480)
        #expect(back.count == input.count)
        // Away from the edges, where the stream starts and ends in silence.
        #expect(Self.snr(Array(input[200..<15_800]), Array(back[200..<15_800])) > 35)
    }

    @Test func upsampledToneIsTheToneAtTheHigherRate() {
        let input = (0..<4_800).map { Float(10_000 * sin(2 * .pi * 1_000 * Double($0) / 16_000)) }
        var up = StreamingResampler(factor: 3, direction: .up)
        let high = Self.run(&up, input, chunk: 333)
        let expected = (0..<14_400).map { Float(10_000 * sin(2 * .pi * 1_000 * Double($0) / 48_000)) }
        #expect(Self.snr(Array(expected[600..<13_800]), Array(high[600..<13_800])) > 45)
    }

    @Test func downsamplingRemovesWhatTheLowerRateCannotCarry() {
        // 12 kHz at 48 kHz is above the 8 kHz Nyquist frequency of 16 kHz.
        let input = (0..<48_000).map { Float(10_000 * sin(2 * .pi * 12_000 * Double($0) / 48_000)) }
        var down = StreamingResampler(factor: 3, direction: .down)
        let low = Self.run(&down, input, chunk: 480)
        let peak = low[100..<15_900].map { abs($0) }.max() ?? 0
        #expect(peak < 10)
    }

    @Test func chunkBoundariesDoNotChangeTheOutput() {
        let input = Self.tones(count: 7_001)
        for direction in [StreamingResampler.Direction.up, .down] {
            var whole = StreamingResampler(factor: 3, direction: direction)
            var pieces = StreamingResampler(factor: 3, direction: direction)
            #expect(Self.run(&whole, input, chunk: 7_001) == Self.run(&pieces, input, chunk: 7))
        }
    }

    @Test func holdsBackOnlyItsReachUntilFlushed() {
        var up = StreamingResampler(factor: 3, direction: .up)
        let first = up.process(Self.tones(count: 1_000))
        #expect(first.count == (1_000 - up.heldBack) * 3)
        #expect(up.flush().count == up.heldBack * 3)
    }
}
