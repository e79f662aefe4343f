import IncantCapture

/// Which 10 ms frames of an utterance are voiced: periodic at a speaking pitch (60–400 Hz), as
/// vowels and voiced consonants are and as clatter, hiss and running water are not.
///
/// A frame is voiced when the normalized autocorrelation of the audio around it peaks at
/// ``threshold`` or more at a lag of one pitch period. The audio is first halved to 8 kHz
/// (pairs of samples averaged), which keeps the pitch and its first harmonics and quarters the
/// work. Frames are numbered as ``FrameLevels`` numbers them (pocketsphinx's 10 ms frames).
public struct Voicing: Sendable {
    /// The least autocorrelation peak of a voiced frame.
    public static let threshold = 0.6

    /// Lags searched, in 8 kHz samples: 400 Hz down to 60 Hz.
    static let shortestPeriod = 20
    static let longestPeriod = 133
    /// Samples correlated per lag (20 ms at 8 kHz).
    static let span = 160

    private let samples: [Float]

    /// Prepares `samples` (16 kHz mono).
    public init(samples: [Int16]) {
        var halved = [Float](repeating: 0, count: samples.count / 2)
        for index in halved.indices {
            halved[index] = (Float(samples[2 * index]) + Float(samples[2 * index + 1])) * 0.5
        }
        self.samples = halved
    }

    /// The strongest normalized autocorrelation at a pitch lag around 10 ms frame `frame`
    /// (0 for silence or frames outside the audio).
    public func periodicity(atFrame frame: Int) -> Double {
        // pocketsphinx's frame f is a 25 ms window from sample 160 f (16 kHz): its centre is
        // at 80 f + 100 in 8 kHz samples. Correlate `span` samples around it with later ones.
        let needed = Self.span + Self.longestPeriod
        let start = 80 * frame + 100 - needed / 2
        guard start >= 0, start + needed <= samples.count else { return 0 }
        return samples.withUnsafeBufferPointer { all in
            let x = all.baseAddress! + start
            var energy: Float = 0
            for j in 0..<Self.span { energy += x[j] * x[j] }
            guard energy > Float(Self.span) else { return 0 }
            var best: Float = 0
            // Energy of the lagged window, updated as the lag grows.
            var lagged: Float = 0
            for j in Self.shortestPeriod..<(Self.shortestPeriod + Self.span) { lagged += x[j] * x[j] }
            for lag in Self.shortestPeriod...Self.longestPeriod {
                if lag > Self.shortestPeriod {
                    let leaving = x[lag - 1]
                    let entering = x[lag + Self.span - 1]
                    lagged += entering * entering - leaving * leaving
                }
                var product: Float = 0
                for j in 0..<Self.span { product += x[j] * x[j + lag] }
                if product > 0 {
                    let score = product / (energy * max(lagged, 1)).squareRoot()
                    best = max(best, score)
                }
            }
            return Double(best)
        }
    }

    /// Whether frame `frame` is voiced.
    public func isVoiced(atFrame frame: Int) -> Bool {
        periodicity(atFrame: frame) >= Self.threshold
    }

    /// The share of `frames` that are voiced (0 when there are none).
    public func voicedShare(of frames: some Collection<Int>) -> Double {
        guard !frames.isEmpty else { return 0 }
        return Double(frames.count { isVoiced(atFrame: $0) }) / Double(frames.count)
    }
}
