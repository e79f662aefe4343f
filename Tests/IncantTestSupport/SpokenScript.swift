import IncantCapture

/// Audio that stands for speech in tests of the pipeline without a speech engine: each
/// "word" is a speech-like burst whose length says which transcript it stands for, so a
/// fake recognizer can tell them apart whatever gain or cut is applied.
public struct SpokenScript: Sendable {
    /// The transcripts, in the order of their burst lengths.
    public let transcripts: [String]

    public init(_ transcripts: [String]) {
        self.transcripts = transcripts
    }

    /// How long the burst for transcript number `index` lasts.
    public static func seconds(forIndex index: Int) -> Double { 0.5 + 0.3 * Double(index) }

    /// Background noise with the bursts of `said` (transcripts of this script) one after the
    /// other, `gap` seconds apart, starting at 0.5 s; `amplitude` scales them, `noiseLevel` (dBFS)
    /// sets the background.
    public func audio(_ said: [String], gap: Double = 1.2, amplitude: Double = 8_000, noiseLevel: Double = -62)
        -> [Int16]
    {
        let lengths = said.map { Self.seconds(forIndex: transcripts.firstIndex(of: $0)!) }
        let total = 0.5 + lengths.reduce(0) { $0 + $1 + gap } + 0.5
        var samples = TestAudio.noise(seconds: total, level: noiseLevel)
        var at = 0.5
        for length in lengths {
            TestAudio.mix(TestAudio.burst(seconds: length, amplitude: amplitude), into: &samples, at: Int(at * 16_000))
            at += length + gap
        }
        return samples
    }

    /// The RMS level of each whole 10 ms frame of `samples`, and the loudest of them; nil for
    /// silence (no frame above 100).
    public static func frameLevels(of samples: [Int16]) -> (levels: [Double], loudest: Double)? {
        let frame = AudioFormat.sampleRate / 100
        let levels = stride(from: 0, to: samples.count - frame + 1, by: frame).map { start -> Double in
            let slice = samples[start..<(start + frame)]
            return (slice.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frame)).squareRoot()
        }
        guard let loudest = levels.max(), loudest > 100 else { return nil }
        return (levels, loudest)
    }

    /// The transcript whose burst length is nearest the speech in `samples`; nil for silence.
    public func transcript(of samples: [Int16]) -> String? {
        guard let (levels, loudest) = Self.frameLevels(of: samples) else { return nil }
        let seconds = Double(levels.filter { $0 > loudest * 0.05 }.count) / 100
        let nearest = transcripts.indices.min {
            abs(Self.seconds(forIndex: $0) - seconds) < abs(Self.seconds(forIndex: $1) - seconds)
        }
        return nearest.map { transcripts[$0] }
    }
}
