import Foundation
import IncantCapture
import Testing

/// Quiet audio raised to a working level: whole recordings (``QuietAudioGain``) and streams
/// (``QuietStreamGain``).
@Suite struct QuietAudioGainTests {
    /// A 440 Hz tone whose RMS level is `level` dBFS.
    static func tone(level: Double, seconds: Double) -> [Int16] {
        let amplitude = pow(10, level / 20) * 32768 * 2.0.squareRoot()
        return (0..<Int(seconds * 16_000)).map {
            Int16(clamping: Int((amplitude * sin(2 * .pi * 440 * Double($0) / 16_000)).rounded()))
        }
    }

    @Test func quietAudioIsRaisedToTheTarget() throws {
        let quiet = Self.tone(level: -50, seconds: 1)
        var meter = QuietAudioGain.Meter()
        meter.add(quiet)
        let level = try #require(meter.level)
        #expect(abs(level - -50) <= 0.5, "level \(level)")
        #expect(abs(QuietAudioGain.gain(for: quiet) - 20) <= 0.5)
        var raised = QuietAudioGain.Meter()
        raised.add(QuietAudioGain.raised(quiet))
        #expect(abs((raised.level ?? 0) - QuietAudioGain.target) <= 0.5, "\(raised.level ?? 0)")
    }

    @Test func audioAtTheTargetOrLouderIsLeftAlone() {
        let loud = Self.tone(level: -20, seconds: 0.5)
        #expect(QuietAudioGain.gain(for: loud) == 0)
        #expect(QuietAudioGain.raised(loud) == loud)
        #expect(QuietAudioGain.raised([]) == [])
    }

    @Test func theGainStopsAtItsLimitAndBeforeClipping() {
        // Nearly silent: no more than the limit.
        #expect(QuietAudioGain.gain(for: Self.tone(level: -90, seconds: 0.5)) == QuietAudioGain.limit)
        // Quiet frames with one loud click: the click's headroom (6 dB) caps the gain.
        var clicked = Self.tone(level: -60, seconds: 1)
        clicked[8_000] = 16_384
        let gain = QuietAudioGain.gain(for: clicked)
        #expect(abs(gain - 20 * log10(32767 / 16384.0)) < 0.01, "gain \(gain)")
        #expect(QuietAudioGain.raised(clicked).max() ?? 0 <= 32767)
    }

    @Test func aMeterFedInPiecesMeasuresAsWhole() {
        let audio = Self.tone(level: -45, seconds: 0.7) + Self.tone(level: -65, seconds: 1.3)
        var whole = QuietAudioGain.Meter()
        whole.add(audio)
        var pieces = QuietAudioGain.Meter()
        var start = 0
        for length in [7, 333, 160, 1, 4_000] where start < audio.count {
            pieces.add(Array(audio[start..<min(start + length, audio.count)]))
            start += length
        }
        pieces.add(Array(audio[min(start, audio.count)...]))
        #expect(pieces.level == whole.level && pieces.peak == whole.peak)
    }

    @Test func aQuietStreamIsRaisedAndALoudOneBroughtBackAtOnce() {
        var stream = QuietStreamGain()
        // A quiet room (-95 dBFS), then sound whose loudest frame is at -60 dBFS: the gain rises
        // to its limit (30 dB) at 100 dB a second.
        _ = stream.raise(Self.tone(level: -95, seconds: 0.5))
        #expect(stream.gain == 0)
        _ = stream.raise(Self.tone(level: -60, seconds: 0.15))
        #expect(abs(stream.gain - 15) < 0.5, "after 0.15 s: \(stream.gain)")
        _ = stream.raise(Self.tone(level: -60, seconds: 1.5))
        #expect(stream.gain == QuietAudioGain.limit)
        // Loud speech: the gain falls to 0 after its first frame.
        let (raised, factors) = stream.raise(Self.tone(level: -10, seconds: 0.1))
        #expect(factors.first ?? 0 > 30 && factors.last == 1, "\(factors.first ?? 0) … \(factors.last ?? 0)")
        #expect(stream.gain == 0)
        #expect(raised.suffix(1_000).map { Int16($0) } == Self.tone(level: -10, seconds: 0.1).suffix(1_000))
    }

    /// A loud microphone in a quiet room: nothing but the room's faint noise is heard, which a
    /// quiet microphone's silence would look like too. Without sound above the floor the gain
    /// does not move, so the first words are not heard through a raised stream.
    @Test func aQuietRoomIsNotRaised() {
        var stream = QuietStreamGain()
        let (_, factors) = stream.raise(Self.tone(level: -65, seconds: 5))
        #expect(Set(factors) == [1])
        #expect(stream.gain == 0)
    }

    @Test func howAStreamIsCutDoesNotChangeItsGains() {
        let audio =
            Self.tone(level: -95, seconds: 0.5) + Self.tone(level: -60, seconds: 1.2)
            + Self.tone(level: -20, seconds: 0.3) + Self.tone(level: -58, seconds: 0.5)
        func run(_ length: Int) -> [Float] {
            var stream = QuietStreamGain()
            var factors: [Float] = []
            for start in Swift.stride(from: 0, to: audio.count, by: length) {
                factors += stream.raise(Array(audio[start..<min(start + length, audio.count)])).factors
            }
            return factors
        }
        let fine = run(7)
        #expect(fine.count == audio.count)
        #expect(fine == run(333) && fine == run(audio.count))
        #expect(fine.max() ?? 0 > 10)
    }
}
