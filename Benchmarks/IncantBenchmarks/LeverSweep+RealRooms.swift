import IncantPhrases

extension LeverSweep {
    /// Whether the condition `name` is to be run (every condition when no `--clips` filter).
    func wants(_ name: String) -> Bool { conditionFilter?.contains(name) ?? true }

    /// The conditions of ``RealRoomClips``, each only when wanted:
    /// - `wake` / `wakeNegatives`: the wake-word recordings against the home phrases with and
    ///   without the wake phrases; `wakeReverb` / `wakeReverbNegatives` the same band-limited
    ///   with reverb;
    /// - `babble9dB` / `babbleNegatives9dB` (for each of ``babbleSNRs``): the scored coffee
    ///   orders with a babble of four other orders, against their own phrases and the home phrases;
    /// - `babbleAlone`: the same babble with no one speaking to Incant (a room where others
    ///   talk), against the coffee phrases, where every accept is false;
    /// - `proseBabble9dB` / `proseBabbleNegatives9dB` / `proseBabbleAlone` (for each of
    ///   ``babbleSNRs``): the same with a babble of four synthetic voices reading prose
    ///   (``proseTalkers(paths:)``), whose words are mostly not the phrases';
    /// - `reverb` / `reverbNegatives`: the coffee orders band-limited with reverb.
    func appendRealRoomConditions(
        to conditions: inout [(String, [SpeechClip], PhraseCatalog)], coffee: [SpeechClip],
        coffeeCatalog: PhraseCatalog, homeCatalog: PhraseCatalog, paths: BenchmarkPaths
    ) throws {
        let room = RealRoomClips(paths: paths)
        let wakeNames = ["wake", "wakeNegatives", "wakeReverb", "wakeReverbNegatives"]
        if wakeNames.contains(where: wants) {
            let all = try room.wakeWords()
            let clips = all.enumerated().filter { $0.offset % stride == offset % stride }.map(\.element)
            let with = try room.catalog(withWakePhrases: true)
            let without = try room.catalog(withWakePhrases: false)
            if wants("wake") { conditions.append(("wake", clips, with)) }
            if wants("wakeNegatives") { conditions.append(("wakeNegatives", clips.map(\.asNegative), without)) }
            if wants("wakeReverb") || wants("wakeReverbNegatives") {
                let reverberant = try RealRoomClips.bandLimitedReverb(clips, cacheName: "wakeword")
                if wants("wakeReverb") { conditions.append(("wakeReverb", reverberant, with)) }
                if wants("wakeReverbNegatives") {
                    conditions.append(("wakeReverbNegatives", reverberant.map(\.asNegative), without))
                }
            }
        }
        if wants("babbleAlone") {
            let alone = coffee.indices.map { index in
                SpeechClip(
                    name: "babble-\(coffee[index].name)", samples: RealRoomClips.babble(for: index, among: coffee),
                    expected: nil)
            }
            conditions.append(("babbleAlone", alone, coffeeCatalog))
        }
        for snr in babbleSNRs {
            let name = "babble\(Int(snr))dB"
            let negatives = "babbleNegatives\(Int(snr))dB"
            guard wants(name) || wants(negatives) else { continue }
            let mixed = RealRoomClips.withBabble(coffee, snr: snr)
            if wants(name) { conditions.append((name, mixed, coffeeCatalog)) }
            if wants(negatives) { conditions.append((negatives, mixed.map(\.asNegative), homeCatalog)) }
        }
        let proseNames = babbleSNRs.flatMap { ["proseBabble\(Int($0))dB", "proseBabbleNegatives\(Int($0))dB"] }
        if (proseNames + ["proseBabbleAlone"]).contains(where: wants) {
            let talkers = try Self.proseTalkers(paths: paths)
            let babbles = coffee.indices.map { index in
                RealRoomClips.babble(
                    length: coffee[index].samples.count, talkers: talkers, seed: 0x5BAB_B1E0 &+ UInt64(index))
            }
            if wants("proseBabbleAlone") {
                let alone = coffee.indices.map {
                    SpeechClip(name: "prose-\(coffee[$0].name)", samples: babbles[$0], expected: nil)
                }
                conditions.append(("proseBabbleAlone", alone, coffeeCatalog))
            }
            for snr in babbleSNRs {
                let mixed = coffee.indices.map { NoiseMixer(noise: babbles[$0]).mix(coffee[$0], snr: snr, seed: 0) }
                if wants("proseBabble\(Int(snr))dB") {
                    conditions.append(("proseBabble\(Int(snr))dB", mixed, coffeeCatalog))
                }
                if wants("proseBabbleNegatives\(Int(snr))dB") {
                    conditions.append(("proseBabbleNegatives\(Int(snr))dB", mixed.map(\.asNegative), homeCatalog))
                }
            }
        }
        if wants("reverb") || wants("reverbNegatives") {
            let reverberant = try RealRoomClips.bandLimitedReverb(coffee, cacheName: "coffee")
            if wants("reverb") { conditions.append(("reverb", reverberant, coffeeCatalog)) }
            if wants("reverbNegatives") {
                conditions.append(("reverbNegatives", reverberant.map(\.asNegative), homeCatalog))
            }
        }
    }

    /// Talkers for the prose babble: 48 passages of Debian's `fortunes` (``FortunePassages``),
    /// read by the synthetic voices in turn (the passages of `incant-bench wake --passages 48`,
    /// so the same synthesis cache serves both).
    static func proseTalkers(paths: BenchmarkPaths) throws -> [[Int16]] {
        let synthesizer = try SpeechSynthesizer(cacheDirectory: paths.synthesisCache)
        let voices = SyntheticVoice.all
        let requests = try FortunePassages.load(count: 48, excluding: []).enumerated().map {
            (text: $0.element, voice: voices[$0.offset % voices.count])
        }
        try synthesizer.prepare(requests) { _, _ in }
        return try requests.map { try synthesizer.samples($0.text, voice: $0.voice) }
    }
}
