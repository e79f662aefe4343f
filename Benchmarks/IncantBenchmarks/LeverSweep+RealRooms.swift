import IncantPhrases
import IncantRoomMixing

extension LeverSweep {
    /// Whether the condition `name` is to be run (every condition when no `--clips` filter).
    func wants(_ name: String) -> Bool { conditionFilter?.contains(name) ?? true }

    /// The conditions of ``RealRoomClips``, each only when wanted:
    /// - `wake` / `wakeNegatives`: the wake-word recordings against the home phrases with and
    ///   without the wake phrases; `wakeReverb` / `wakeReverbNegatives` the same band-limited
    ///   with reverb, `wakeBand` / `wakeBandNegatives` band-limited alone;
    /// - `babble9dB` / `babbleNegatives9dB` (for each of ``babbleSNRs``): the scored coffee
    ///   orders with a babble of four other orders, against their own phrases and the home phrases;
    /// - `babbleAlone`: the same babble with no one speaking to Incant (a room where others
    ///   talk), against the coffee phrases, where every accept is false;
    /// - `proseBabble9dB` / `proseBabbleNegatives9dB` / `proseBabbleAlone` (for each of
    ///   ``babbleSNRs``): the same with a babble of four synthetic voices reading prose
    ///   (``proseTalkers(paths:)``), whose words are mostly not the phrases';
    /// - `averageBabble9dB` / `averageBabbleNegatives9dB` / `averageBabbleAlone`: the babble of
    ///   orders at an SNR of mean power over the clip (``NoiseMixer/Level/averagePower``) rather
    ///   than of the loudest frames, a gentler mix; `steadyBabble9dB` / `steadyBabbleNegatives9dB` /
    ///   `steadyBabbleAlone` the same with the talkers' pauses cut out
    ///   (`Babble.withoutPauses(_:)`), so that the babble never falls silent;
    ///   `steadyProseBabble9dB` / `steadyProseBabbleNegatives9dB` / `steadyProseBabbleAlone` the
    ///   same with the prose readers below as the talkers;
    /// - `reverb` / `reverbNegatives`: the coffee orders band-limited with reverb; `band` /
    ///   `bandNegatives` band-limited alone; `phone` / `phoneNegatives` the same through a
    ///   telephone band;
    /// - `wakePhone` / `wakePhoneNegatives`: the wake-word recordings through a telephone band
    ///   (sampled at 8 kHz and back, ``RealRoomClips/telephoneBand(_:cacheName:)``);
    /// - `wakeHigh` / `wakeHighNegatives` and `wakeLow` / `wakeLowNegatives`: the same
    ///   recordings with every frequency raised by 400 cents or lowered by 300
    ///   (``RealRoomClips/Channel/higherVoice``, ``RealRoomClips/Channel/lowerVoice``): voices
    ///   higher or deeper than the speakers';
    /// - `hum` / `humNegatives`, `dcOffset` / `dcOffsetNegatives` and `wakeHum` /
    ///   `wakeHumNegatives`, `wakeDCOffset` / `wakeDCOffsetNegatives`: the coffee orders and
    ///   the wake-word recordings with mains hum or a DC offset added
    ///   (``RealRoomClips/Channel/hum``, ``RealRoomClips/Channel/dcOffset``);
    /// - `clipped` / `clippedNegatives`, `clippedHard` / `clippedHardNegatives` and
    ///   `wakeClipped` / `wakeClippedNegatives`, `wakeClippedHard` / `wakeClippedHardNegatives`:
    ///   the same overdriven, 12 and 24 dB past full scale (``RealRoomClips/Channel/clipped``,
    ///   ``RealRoomClips/Channel/clippedHard``);
    /// - `faster` / `fasterNegatives`, `slower` / `slowerNegatives` and `wakeFaster` /
    ///   `wakeFasterNegatives`, `wakeSlower` / `wakeSlowerNegatives`: the same spoken 30% faster
    ///   or at 75% of the pace, the pitch kept (``RealRoomClips/Channel/faster``,
    ///   ``RealRoomClips/Channel/slower``);
    /// - `wake6dB` / `wakeNegatives6dB` (for each of the SNRs): the wake-word recordings in the
    ///   kitchen noise (`noise`), mixed as the coffee orders are.
    func appendRealRoomConditions(
        to conditions: inout [(String, [SpeechClip], PhraseCatalog)], coffee: [SpeechClip],
        coffeeCatalog: PhraseCatalog, homeCatalog: PhraseCatalog, noise: NoiseMixer, paths: BenchmarkPaths
    ) throws {
        let room = RealRoomClips(paths: paths)
        let channels: [(String, RealRoomClips.Channel)] = [
            ("wakeReverb", .reverb), ("wakeBand", .band), ("wakePhone", .phone), ("wakeHigh", .higherVoice),
            ("wakeLow", .lowerVoice),
            ("wakeHum", .hum), ("wakeDCOffset", .dcOffset), ("wakeClipped", .clipped),
            ("wakeClippedHard", .clippedHard), ("wakeFaster", .faster), ("wakeSlower", .slower),
        ]
        let noisyNames = snrs.map { ("wake\(Int($0))dB", "wakeNegatives\(Int($0))dB", $0) }
        let wakeNames = ["wake"] + channels.map(\.0)
        if wakeNames.contains(where: { wants($0) || wants($0 + "Negatives") })
            || noisyNames.contains(where: { wants($0.0) || wants($0.1) })
        {
            let all = try room.wakeWords()
            let clips = all.enumerated().filter { $0.offset % stride == offset % stride }.map(\.element)
            let with = try room.catalog(withWakePhrases: true)
            let without = try room.catalog(withWakePhrases: false)
            if wants("wake") { conditions.append(("wake", clips, with)) }
            if wants("wakeNegatives") { conditions.append(("wakeNegatives", clips.map(\.asNegative), without)) }
            for (name, channel) in channels {
                try appendChannel(name, to: &conditions, own: with, other: without) {
                    try channel.apply(clips, cacheName: "wakeword")
                }
            }
            for (name, negatives, snr) in noisyNames where wants(name) || wants(negatives) {
                let mixed = clips.enumerated().map { index, clip in
                    noise.mix(clip, snr: snr, seed: 0x3A4E_0000 &+ UInt64(index))
                }
                if wants(name) { conditions.append((name, mixed, with)) }
                if wants(negatives) { conditions.append((negatives, mixed.map(\.asNegative), without)) }
            }
        }
        // Each kind of talker and its babbles are made once, the first time a condition needs them.
        var orderBabbles: [[Int16]]?
        var prose: [[Int16]]?
        func ordersBehind() -> [[Int16]] {
            if let orderBabbles { return orderBabbles }
            let made = Babble.behindEach(coffee.map(\.samples))
            orderBabbles = made
            return made
        }
        func proseTalkers() throws -> [[Int16]] {
            if let prose { return prose }
            let made = try Self.proseTalkers(paths: paths)
            prose = made
            return made
        }
        // One babble of `talkers` behind each order (seeded by the order's index).
        func babbles(of talkers: [[Int16]]) -> [[Int16]] {
            coffee.indices.map { index in
                Babble.mix(
                    length: coffee[index].samples.count, talkers: talkers, seed: 0x5BAB_B1E0 &+ UInt64(index))
            }
        }
        try appendBabble(
            "babble", to: &conditions, coffee: coffee, coffeeCatalog: coffeeCatalog, homeCatalog: homeCatalog,
            babbles: ordersBehind)
        try appendBabble(
            "averageBabble", level: .averagePower, to: &conditions, coffee: coffee, coffeeCatalog: coffeeCatalog,
            homeCatalog: homeCatalog, babbles: ordersBehind)
        try appendBabble(
            "steadyBabble", level: .averagePower, to: &conditions, coffee: coffee, coffeeCatalog: coffeeCatalog,
            homeCatalog: homeCatalog
        ) {
            let orders = coffee.map(\.samples)
            return Babble.behindEach(orders, voices: orders.map(Babble.withoutPauses))
        }
        try appendBabble(
            "steadyProseBabble", level: .averagePower, to: &conditions, coffee: coffee,
            coffeeCatalog: coffeeCatalog, homeCatalog: homeCatalog
        ) { babbles(of: try proseTalkers().map(Babble.withoutPauses)) }
        try appendBabble(
            "proseBabble", to: &conditions, coffee: coffee, coffeeCatalog: coffeeCatalog, homeCatalog: homeCatalog
        ) { babbles(of: try proseTalkers()) }
        try appendChannel("reverb", to: &conditions, own: coffeeCatalog, other: homeCatalog) {
            try RealRoomClips.bandLimitedReverb(coffee, cacheName: "coffee")
        }
        try appendChannel("band", to: &conditions, own: coffeeCatalog, other: homeCatalog) {
            try RealRoomClips.Channel.band.apply(coffee, cacheName: "coffee")
        }
        try appendChannel("phone", to: &conditions, own: coffeeCatalog, other: homeCatalog) {
            try RealRoomClips.telephoneBand(coffee, cacheName: "coffee")
        }
        try appendChannel("hum", to: &conditions, own: coffeeCatalog, other: homeCatalog) {
            try RealRoomClips.Channel.hum.apply(coffee, cacheName: "coffee")
        }
        try appendChannel("dcOffset", to: &conditions, own: coffeeCatalog, other: homeCatalog) {
            try RealRoomClips.Channel.dcOffset.apply(coffee, cacheName: "coffee")
        }
        let channelsOfOrders: [(String, RealRoomClips.Channel)] = [
            ("clipped", .clipped), ("clippedHard", .clippedHard), ("faster", .faster), ("slower", .slower),
        ]
        for (name, channel) in channelsOfOrders {
            try appendChannel(name, to: &conditions, own: coffeeCatalog, other: homeCatalog) {
                try channel.apply(coffee, cacheName: "coffee")
            }
        }
    }

    /// `<name>` (the clips `make` gives, against their `own` phrases) and `<name>Negatives` (the
    /// same against `other` phrases, where every accept is false), each only when wanted; the
    /// clips are made once, and only when one of them is.
    func appendChannel(
        _ name: String, to conditions: inout [(String, [SpeechClip], PhraseCatalog)], own: PhraseCatalog,
        other: PhraseCatalog, make: () throws -> [SpeechClip]
    ) throws {
        guard wants(name) || wants(name + "Negatives") else { return }
        let clips = try make()
        if wants(name) { conditions.append((name, clips, own)) }
        if wants(name + "Negatives") { conditions.append((name + "Negatives", clips.map(\.asNegative), other)) }
    }

    /// The conditions of one kind of babble, each only when wanted: `<stem>Alone` (the babble
    /// behind each coffee order, alone, against the coffee phrases) and for each of
    /// ``babbleSNRs`` `<stem>N dB` / `<stem>NegativesN dB` (the orders with it behind them,
    /// against their own phrases and the home phrases), mixed at `level`. `babbles` makes one
    /// babble per order.
    private func appendBabble(
        _ stem: String, level: NoiseMixer.Level = .loudestFrame,
        to conditions: inout [(String, [SpeechClip], PhraseCatalog)], coffee: [SpeechClip],
        coffeeCatalog: PhraseCatalog, homeCatalog: PhraseCatalog, babbles: () throws -> [[Int16]]
    ) throws {
        let names = babbleSNRs.flatMap { ["\(stem)\(Int($0))dB", "\(stem)Negatives\(Int($0))dB"] }
        guard (names + ["\(stem)Alone"]).contains(where: wants) else { return }
        let made = try babbles()
        if wants("\(stem)Alone") {
            let alone = coffee.indices.map {
                SpeechClip(name: "\(stem)-\(coffee[$0].name)", samples: made[$0], expected: nil)
            }
            conditions.append(("\(stem)Alone", alone, coffeeCatalog))
        }
        for snr in babbleSNRs {
            let mixed = coffee.indices.map {
                NoiseMixer(noise: made[$0]).mix(coffee[$0], snr: snr, seed: 0, level: level)
            }
            if wants("\(stem)\(Int(snr))dB") { conditions.append(("\(stem)\(Int(snr))dB", mixed, coffeeCatalog)) }
            if wants("\(stem)Negatives\(Int(snr))dB") {
                conditions.append(("\(stem)Negatives\(Int(snr))dB", mixed.map(\.asNegative), homeCatalog))
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
