/// How much of each data set the speech benchmark uses: everything, or the `--quick` subset.
struct SpeechBenchmarkPlan: Sendable {
    /// Coffee clips used (first N by file name); nil for all.
    var coffeeClipLimit: Int?
    /// Every system decodes every Nth coffee clip (clean, and as negatives against the home
    /// set); Incant alone also decodes the rest, for its figure on all clips.
    var cleanComparisonStride: Int
    /// Kitchen-noise SNRs in dB.
    var snrs: [Double]
    /// The noisy conditions use every Nth coffee clip (every system decodes the same clips).
    var noisyClipStride: Int
    /// SNRs at which the noisy coffee clips are also decoded against the home set (negatives).
    var noisyNegativeSNRs: [Double]
    /// Voices that speak the synthetic sentences.
    var voices: [SyntheticVoice]
    /// The home sentences are decoded against the coffee set (a negative) every Nth clip.
    var homeNegativeStride: Int
    /// The non-command sentences are decoded against both sets every Nth clip.
    var nonCommandStride: Int
    /// Kitchen-noise bursts (no speech) decoded against the home set.
    var noiseBursts: Int
    /// The dictation baseline (generic language model, slow) runs on every Nth clip of a set.
    var dictationStride: Int
    /// SNRs at which the dictation baseline runs.
    var dictationSNRs: [Double]
    /// Phrase counts of the grammar-scaling measurement.
    var scalingSizes: [Int]
    /// Utterances decoded at each phrase count.
    var scalingUtterances: Int
    /// Worker threads, each with its own recognizers, decoding different clips at once.
    var workers: Int
    /// Words cut from the end of every compared clean order as a short command (``ShortCommands``).
    var shortCommandWords: Int
    /// SNRs at which the short commands are also decoded with kitchen noise (positives and negatives).
    var shortCommandSNRs: [Double]
    /// `incant listen` hears every Nth coffee clip in real time (end of speech → handler start).
    var listeningClipStride: Int

    static let full = SpeechBenchmarkPlan(
        coffeeClipLimit: nil, cleanComparisonStride: 2, snrs: [24, 21, 18, 15, 12, 9, 6], noisyClipStride: 10,
        noisyNegativeSNRs: [12, 9, 6], voices: SyntheticVoice.all, homeNegativeStride: 6, nonCommandStride: 3,
        noiseBursts: 100, dictationStride: 8,
        dictationSNRs: [],
        scalingSizes: [10, 100, 1_000, 10_000], scalingUtterances: 3, workers: 2, shortCommandWords: 2,
        shortCommandSNRs: [12, 6],
        listeningClipStride: 8)

    static let quick = SpeechBenchmarkPlan(
        coffeeClipLimit: 40, cleanComparisonStride: 1, snrs: [15, 6], noisyClipStride: 1, noisyNegativeSNRs: [6],
        voices: SyntheticVoice.quick,
        homeNegativeStride: 1,
        nonCommandStride: 1, noiseBursts: 40, dictationStride: 4, dictationSNRs: [6], scalingSizes: [10, 100, 1_000],
        scalingUtterances: 2, workers: 2, shortCommandWords: 2, shortCommandSNRs: [6], listeningClipStride: 5)
}
