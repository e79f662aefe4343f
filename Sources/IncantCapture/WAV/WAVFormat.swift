/// The encoding a WAV file declares in its `fmt ` chunk.
public struct WAVFormat: Sendable, Equatable {
    /// How each sample is stored.
    public enum Encoding: Sendable, Equatable {
        /// Integer PCM: 8-bit unsigned, or 16-, 24- or 32-bit signed.
        case integer
        /// IEEE floating point, 32 or 64 bits, full scale at ±1 (louder samples are clipped,
        /// and samples that are not numbers read as silence).
        case float
        /// G.711 A-law, 8 bits.
        case aLaw
        /// G.711 µ-law, 8 bits.
        case muLaw
    }

    /// Samples per second per channel.
    public var sampleRate: Int
    /// Interleaved channels per frame.
    public var channelCount: Int
    /// Bits per sample.
    public var bitsPerSample: Int
    /// How each sample is stored.
    public var encoding: Encoding

    public init(sampleRate: Int, channelCount: Int, bitsPerSample: Int, encoding: Encoding = .integer) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.bitsPerSample = bitsPerSample
        self.encoding = encoding
    }

    /// True when the file is already in Incant's format and needs no conversion.
    public var isNative: Bool {
        sampleRate == AudioFormat.sampleRate && channelCount == 1 && bitsPerSample == 16 && encoding == .integer
    }

    /// Bytes per sample of one channel.
    var bytesPerSample: Int { bitsPerSample / 8 }

    /// Bytes per frame (one sample of every channel).
    var bytesPerFrame: Int { channelCount * bytesPerSample }

    /// The sample stored at `offset` in `raw`, in 16-bit units (full scale ±32768).
    func sample(in raw: UnsafeRawBufferPointer, at offset: Int) -> Float {
        switch (encoding, bitsPerSample) {
        case (.integer, 8):
            return (Float(raw[offset]) - 128) * 256
        case (.integer, 16):
            return Float(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int16.self)))
        case (.integer, 24):
            let value = Int32(raw[offset]) << 8 | Int32(raw[offset + 1]) << 16 | Int32(raw[offset + 2]) << 24
            return Float(value >> 8) / 256
        case (.integer, _):
            return Float(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int32.self))) / 65_536
        case (.float, 64):
            let bits = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let value = Double(bitPattern: bits)
            return value.isFinite ? Float(min(max(value, -2), 2) * 32_768) : 0
        case (.float, _):
            let bits = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let value = Float(bitPattern: bits)
            return value.isFinite ? min(max(value, -2), 2) * 32_768 : 0
        case (.aLaw, _):
            return Float(G711.aLaw(raw[offset]))
        case (.muLaw, _):
            return Float(G711.muLaw(raw[offset]))
        }
    }
}

/// G.711 companded samples expanded to 16-bit linear ones.
enum G711 {
    static func aLaw(_ byte: UInt8) -> Int16 {
        let value = byte ^ 0x55
        let exponent = Int((value & 0x70) >> 4)
        var magnitude = Int(value & 0x0F) << 4 + 8
        if exponent > 0 { magnitude = (magnitude + 0x100) << (exponent - 1) }
        return Int16(value & 0x80 != 0 ? magnitude : -magnitude)
    }

    static func muLaw(_ byte: UInt8) -> Int16 {
        let value = ~byte
        let exponent = Int((value & 0x70) >> 4)
        let magnitude = ((Int(value & 0x0F) << 3) + 0x84) << exponent - 0x84
        return Int16(value & 0x80 != 0 ? -magnitude : magnitude)
    }
}
