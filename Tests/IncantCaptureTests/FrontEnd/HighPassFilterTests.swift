import Foundation
import IncantCapture
import Testing

/// The filter that takes a microphone's DC offset and mains hum away.
@Suite struct HighPassFilterTests {
    /// `seconds` of a sine at `frequency` Hz and `amplitude`, plus `offset`.
    static func tone(_ frequency: Double, amplitude: Double, offset: Double = 0, seconds: Double = 1) -> [Int16] {
        (0..<Int(seconds * Double(AudioFormat.sampleRate))).map {
            let time = Double($0) / Double(AudioFormat.sampleRate)
            return Int16(clamping: Int((offset + amplitude * sin(2 * Double.pi * frequency * time)).rounded()))
        }
    }

    /// The level (dB) of `after` against `before`, over their last half (past the filter's start).
    static func gain(_ before: [Int16], _ after: [Int16]) -> Double {
        func power(_ samples: [Int16]) -> Double {
            let tail = samples.suffix(samples.count / 2).map(Double.init)
            return tail.map { $0 * $0 }.reduce(0, +) / Double(max(1, tail.count))
        }
        return 10 * log10(power(after) / power(before))
    }

    @Test("a DC offset goes, hum at 50 and 60 Hz falls by 17 dB or more, speech frequencies pass")
    func response() {
        let filter = HighPassFilter()
        let offset = filter.wholeRecording(Self.tone(440, amplitude: 0, offset: 1_000))
        #expect(offset.suffix(8_000).allSatisfy { abs($0) <= 1 })
        for (frequency, least, most) in [
            (50.0, -.infinity, -20.0), (60, -.infinity, -17), (300, -0.5, 0.5), (1_000, -0.3, 0.3),
        ] {
            let tone = Self.tone(frequency, amplitude: 8_000)
            let gain = Self.gain(tone, filter.wholeRecording(tone))
            #expect(gain >= least && gain <= most, "\(frequency) Hz: \(gain) dB")
        }
        // At the cutoff, -3 dB.
        let atCutoff = Self.tone(HighPassFilter.standardCutoff, amplitude: 8_000)
        #expect(abs(Self.gain(atCutoff, filter.wholeRecording(atCutoff)) + 3) < 0.3)
    }

    @Test("a stream gives the same samples however it is chunked, and reset starts a new one")
    func chunking() {
        let input = Self.tone(180, amplitude: 6_000, offset: 500, seconds: 0.5)
        let whole = HighPassFilter().wholeRecording(input)
        let chunked = HighPassFilter()
        var output: [Int16] = []
        var start = 0
        for size in [1, 159, 160, 333, 4_000] where start < input.count {
            let end = min(input.count, start + size)
            output += chunked.process(Array(input[start..<end]))
            start = end
        }
        output += chunked.process(Array(input[start...]))
        #expect(output == whole)
        chunked.reset()
        #expect(chunked.process(input) == whole)
        #expect(chunked.latencySamples == 0 && chunked.flush().isEmpty)
    }
}
