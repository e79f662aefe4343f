/// The one audio format Incant works in: 16 kHz, mono, signed 16-bit samples.
public enum AudioFormat {
    /// Samples per second.
    public static let sampleRate = 16_000

    /// Samples in one millisecond.
    public static let samplesPerMillisecond = sampleRate / 1_000

    /// The number of samples that cover `duration` (rounded down).
    public static func sampleCount(for duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * sampleRate + Int(attoseconds / (1_000_000_000_000_000_000 / Int64(sampleRate)))
    }

    /// The time covered by `sampleCount` samples.
    public static func duration(ofSamples sampleCount: Int) -> Duration {
        .microseconds(Int64(sampleCount) * 1_000_000 / Int64(sampleRate))
    }
}
