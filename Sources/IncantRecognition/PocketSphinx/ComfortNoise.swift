/// Adds a faint, fixed noise floor (about −66 dBFS) to audio before decoding.
///
/// pocketsphinx's feature pipeline (noise estimation, cepstral mean) misbehaves on exact
/// digital silence — synthesized speech, padded recordings, muted inputs — to the point of
/// decoding the same words differently depending on how many zero samples surround them.
/// Any real microphone has a noise floor well above this level, so for recorded speech it
/// changes nothing; for digital silence it makes decoding stable. The noise is generated
/// from a fixed seed, so decoding stays deterministic.
enum ComfortNoise {
    // Used by PocketSphinxDecoder for every sample it decodes.
    /// Peak amplitude of the added noise, in 16-bit sample units (16 ≈ −66 dBFS).
    static let amplitude: Int32 = 16

    static func apply(to samples: [Int16]) -> [Int16] {
        var state: UInt64 = 0x1234_5678_9ABC_DEF1
        return samples.map { sample in
            // xorshift64*: cheap and deterministic.
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            let random = Int32(truncatingIfNeeded: (state &* 0x2545_F491_4F6C_DD1D) >> 33)
            let noise = random % (2 * amplitude + 1) - amplitude
            return Int16(clamping: Int32(sample) + noise)
        }
    }
}
