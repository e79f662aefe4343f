import Foundation
import IncantCapture
import IncantPhrases

/// Clips for measuring acceptance on channels and backgrounds the coffee recordings do not
/// have (issue 24): the shared wake-word recordings (many speakers, their own microphones) as
/// short commands, coffee orders with a babble of other coffee orders behind them, and either
/// of them band-limited with a room's reverb.
struct RealRoomClips {
    let paths: BenchmarkPaths

    /// The wake-word folder (`alexa/*.flac`, `smart-mirror/*.wav`).
    var wakeWordFolder: String { paths.sharedSpeech + "/wakeword" }

    /// Short home commands that both wake-word phrase sets hold beside the home phrases: short
    /// phrases are the ones unrelated short speech is most easily forced onto.
    static let shortCommandsYAML = """
        shortcuts:
          - id: next
            phrases: ["next"]
          - id: never-mind
            phrases: ["never mind", "nevermind"]
          - id: timer-status
            phrases: ["timer status"]
          - id: stop
            phrases: ["stop"]
        """

    /// The two wake phrases as shortcuts of their own.
    static let wakePhrasesYAML = """
        shortcuts:
          - id: alexa
            phrases: ["alexa"]
          - id: smart-mirror
            phrases: ["smart mirror"]
        """

    /// The home phrases and a few short commands, with the wake phrases (`withWakePhrases`) or
    /// without them (the recordings are then short speech that must be rejected).
    func catalog(withWakePhrases: Bool) throws -> PhraseCatalog {
        var shortcuts = try DefinitionLoader.load(path: paths.homePhrases)
        for (yaml, wanted) in [(Self.shortCommandsYAML, true), (Self.wakePhrasesYAML, withWakePhrases)] where wanted {
            let parsed = DefinitionLoader.parse(yaml, file: "wake.yaml")
            if parsed.hasErrors { throw BenchmarkError("wake phrases: \(parsed.diagnostics.prefix(3))") }
            shortcuts += parsed.shortcuts
        }
        return PhraseCatalog(shortcuts: shortcuts)
    }

    /// Every wake-word recording (by folder, then file name), each expecting its own shortcut.
    /// FLAC files are converted once with sox into a cache; those that do not decode whole are
    /// left out (``DamagedRecordings``).
    func wakeWords() throws -> [SpeechClip] {
        let cache = (NSTemporaryDirectory() as NSString).appendingPathComponent("incant-bench-wakeword")
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        var clips: [SpeechClip] = []
        for (folder, shortcut) in [("alexa", "alexa"), ("smart-mirror", "smart-mirror")] {
            let directory = wakeWordFolder + "/" + folder
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasSuffix(".wav") || $0.hasSuffix(".flac") }.sorted()
            for name in try DamagedRecordings.leftOut(of: names, in: directory) {
                let path = directory + "/" + name
                let samples: [Int16]
                if name.hasSuffix(".wav") {
                    samples = try WAVFile.readSamples(path: path)
                } else {
                    let raw = cache + "/\(folder)-\(name).raw"
                    try CacheFile.make(raw) { part in try Self.sox([path] + Self.raw16k + [part]) }
                    samples = try Data(contentsOf: URL(fileURLWithPath: raw)).withUnsafeBytes {
                        Array($0.bindMemory(to: Int16.self))
                    }
                }
                clips.append(
                    SpeechClip(
                        name: "\(folder)/\(name)", samples: samples,
                        expected: Expectation(shortcutID: shortcut, parameters: [:])))
            }
        }
        return clips
    }

    /// `clips` band-limited to 200–5000 Hz with a room's reverb (sox), cached by name.
    static func bandLimitedReverb(_ clips: [SpeechClip], cacheName: String) throws -> [SpeechClip] {
        try throughSox(
            clips, effects: ["sinc", "200-5000", "reverb", "50", "50", "100"], cacheName: "reverb-" + cacheName)
    }

    /// `clips` through a telephone-band channel: sampled at 8 kHz and back (nothing above 4 kHz,
    /// as a Bluetooth headset's narrow-band mode or a phone line carries); cached like
    /// ``bandLimitedReverb(_:cacheName:)``.
    static func telephoneBand(_ clips: [SpeechClip], cacheName: String) throws -> [SpeechClip] {
        try throughSox(clips, effects: ["rate", "8000", "rate", "16000"], cacheName: "phone-" + cacheName)
    }

    /// A channel the benchmarks pass clips through (`--adapt-channel`, `--channel`).
    enum Channel: String, CaseIterable {
        /// Sampled at 8 kHz and back (``RealRoomClips/telephoneBand(_:cacheName:)``).
        case phone
        /// Band-limited to 200–5000 Hz with reverb (``RealRoomClips/bandLimitedReverb(_:cacheName:)``).
        case reverb
        /// Band-limited to 200–5000 Hz.
        case band
        /// Every frequency raised by 400 cents (a factor of 1.26, sox `pitch`): the pitch and
        /// the formants of a voice with a shorter vocal tract, as a child's.
        case higherVoice
        /// Every frequency lowered by 300 cents (a factor of 0.84): a deeper voice.
        case lowerVoice
        /// Mains hum added: 50 Hz at -30 dBFS with its second and third harmonics 6 and 12 dB
        /// below (a microphone near a power supply, a ground loop).
        case hum
        /// A DC offset of 3% of full scale added (-30 dBFS; a microphone's ADC off centre).
        case dcOffset
        /// Overdriven: the gain raised until the loudest sample would be 12 dB past full scale,
        /// and the rest cut off at 16 bits (a microphone's capture gain set too high).
        case clipped
        /// The same 24 dB past full scale.
        case clippedHard
        /// Spoken faster: the tempo raised by 30% with the pitch kept (sox `tempo -s 1.3`), a
        /// brisk talker.
        case faster
        /// Spoken slower: the tempo lowered to 75% with the pitch kept (sox `tempo -s 0.75`), a
        /// careful, deliberate talker.
        case slower

        /// The channel named `name`, or an error naming `option` and what it takes: the
        /// channels there are and the `others` it accepts besides.
        init(_ name: String, option: String, others: [String] = []) throws {
            guard let channel = Channel(rawValue: name) else {
                let names = Self.allCases.map(\.rawValue) + others
                throw BenchmarkError("\(option) expects \(names.joined(separator: ", ")), not \(name)")
            }
            self = channel
        }

        /// `clips` through this channel, cached under `cacheName`.
        func apply(_ clips: [SpeechClip], cacheName: String) throws -> [SpeechClip] {
            switch self {
            case .phone: try RealRoomClips.telephoneBand(clips, cacheName: cacheName)
            case .reverb: try RealRoomClips.bandLimitedReverb(clips, cacheName: cacheName)
            case .band:
                try RealRoomClips.throughSox(clips, effects: ["sinc", "200-5000"], cacheName: "band-" + cacheName)
            case .higherVoice:
                try RealRoomClips.throughSox(clips, effects: ["pitch", "400"], cacheName: "high-" + cacheName)
            case .lowerVoice:
                try RealRoomClips.throughSox(clips, effects: ["pitch", "-300"], cacheName: "low-" + cacheName)
            case .hum:
                clips.map { clip in
                    clip.adding { index in
                        let time = Double(index) / Double(AudioFormat.sampleRate)
                        return [(50.0, 1.0), (100, 0.5), (150, 0.25)].reduce(0.0) {
                            $0 + $1.1 * sin(2 * Double.pi * $1.0 * time)
                        } * 0.0316 * 32_767
                    }
                }
            case .dcOffset:
                clips.map { clip in clip.adding { _ in 0.0316 * 32_767 } }
            case .clipped: clips.map { $0.overdriven(by: 12) }
            case .clippedHard: clips.map { $0.overdriven(by: 24) }
            case .faster:
                try RealRoomClips.throughSox(clips, effects: ["tempo", "-s", "1.3"], cacheName: "faster-" + cacheName)
            case .slower:
                try RealRoomClips.throughSox(clips, effects: ["tempo", "-s", "0.75"], cacheName: "slower-" + cacheName)
            }
        }
    }

    /// `clips` through sox `effects`, cached under `cacheName` in the temporary folder. The
    /// conversion repeats (``ContrastSweep/sox(_:effects:)`` runs ``sox(_:)``), so every machine
    /// makes the same clips; the folder's `-R` suffix keeps clips cached before that apart.
    static func throughSox(_ clips: [SpeechClip], effects: [String], cacheName: String) throws -> [SpeechClip] {
        let cache = (NSTemporaryDirectory() as NSString).appendingPathComponent("incant-bench-\(cacheName)-R")
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        return try clips.map { clip in
            let file = cache + "/" + clip.name.replacingOccurrences(of: "/", with: "_") + ".raw"
            var converted = clip
            if let data = FileManager.default.contents(atPath: file) {
                converted.samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
            } else {
                converted.samples = try ContrastSweep.sox(clip.samples, effects: effects)
                try converted.samples.withUnsafeBufferPointer { Data(buffer: $0) }
                    .write(to: URL(fileURLWithPath: file), options: .atomic)
            }
            return converted
        }
    }

    /// sox's options for 16 kHz mono 16-bit raw output.
    static let raw16k = ["-t", "raw", "-r", "16000", "-e", "signed", "-b", "16", "-c", "1"]

    /// Runs sox with `arguments` (argv, no shell), the same every run (`-R`: sox dithers 16-bit
    /// output with clock-seeded noise otherwise).
    static func sox(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sox", "-R"] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("sox failed: \(arguments.joined(separator: " "))")
        }
    }
}

extension SpeechClip {
    /// The clip amplified until its loudest sample would be `decibels` past 16-bit full scale,
    /// clipped to 16 bits.
    func overdriven(by decibels: Double) -> SpeechClip {
        let peak = samples.map { abs(Double($0)) }.max() ?? 0
        guard peak > 0 else { return self }
        let gain = 32_767 * pow(10, decibels / 20) / peak
        var changed = self
        changed.samples = samples.map { Int16(clamping: Int((Double($0) * gain).rounded())) }
        return changed
    }

    /// The clip with `signal(sampleIndex)` added to each sample, clipped to 16 bits.
    func adding(_ signal: (Int) -> Double) -> SpeechClip {
        var changed = self
        changed.samples = samples.enumerated().map { index, sample in
            Int16(clamping: Int((Double(sample) + signal(index)).rounded()))
        }
        return changed
    }
}
