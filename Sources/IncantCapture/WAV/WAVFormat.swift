/// The encoding a WAV file declares in its `fmt ` chunk.
public struct WAVFormat: Sendable, Equatable {
    /// Samples per second per channel.
    public var sampleRate: Int
    /// Interleaved channels per frame.
    public var channelCount: Int
    /// Bits per sample (Incant reads 16-bit PCM only).
    public var bitsPerSample: Int

    public init(sampleRate: Int, channelCount: Int, bitsPerSample: Int) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.bitsPerSample = bitsPerSample
    }

    /// True when the file is already in Incant's format and needs no conversion.
    public var isNative: Bool {
        sampleRate == AudioFormat.sampleRate && channelCount == 1 && bitsPerSample == 16
    }

    /// Bytes per frame (one sample of every channel).
    var bytesPerFrame: Int { channelCount * bitsPerSample / 8 }
}
