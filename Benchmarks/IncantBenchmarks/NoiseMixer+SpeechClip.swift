import IncantRoomMixing

extension NoiseMixer {
    /// `clip` with its samples mixed with noise at `snr` dB (``mix(_:snr:seed:level:)``).
    func mix(_ clip: SpeechClip, snr: Double, seed: UInt64, level: Level = .loudestFrame) -> SpeechClip {
        var noisy = clip
        noisy.samples = mix(clip.samples, snr: snr, seed: seed, level: level)
        return noisy
    }
}
