import Foundation
import IncantCapture
import IncantDenoise
import IncantRecognition

/// `incant-bench wake`: the published wake-word benchmark's method. Each recording of a wake
/// phrase is mixed at 10 dB SNR into a stretch of continuous background; the background alone
/// is searched for false alarms. The miss rate is read at the threshold that gives at most one
/// false alarm per 10 hours of background, for the detector and for plain pocketsphinx keyword
/// spotting (its keyphrase search at a range of thresholds) in the same run.
///
///     incant-bench wake [--phrases "alexa,smart mirror,hey computer"] [--hours H] [--stride N]
///                       [--snr DB] [--dump FILE] [--background-pieces FILE] [--rss-minutes M] [--passages N]
///                       [--spotting-threshold T] [--spotted-pronunciations N] [--dictionary FILE]
///                       [--front-end NAME] [--both-views | --stream-on-demand | --on-demand]
///                       [--second-view-reach C] [--second-view-lead S] [--denoiser-restart fresh|warm]
///                       [--weights S,M,A,I,B]
///                       [--padding FRAMES] [--attenuation-limit DB]
///                       [--keywords-over stream|noise|kitchen|pink|brown|white|babble]
///                       [--pause-spellings on|off] [--speech-share X]
///                       [--accents american|british,...] [--accent-penalty E]
struct WakeBenchmark {
    var phrases = ["alexa", "smart mirror", "hey computer"]
    /// Hours of background per phrase.
    var hours = 10.0
    /// Every n-th keyword recording.
    var stride = 1
    var snr = 10.0
    /// Writes every scored candidate (TSV) for tuning; its `source` column names a keyword's
    /// recording or the voice that read it, and the stretch of background a candidate lies in.
    var dump: String?
    /// `--background-pieces FILE`: writes what each stretch of every phrase's background is
    /// (TSV: phrase, start and end in seconds, source) and searches nothing, so that a dump of
    /// the same background can be read by what its candidates were heard in.
    var backgroundPieces: String?
    /// Minutes of background `incant spot` searches for the memory and CPU figures (0: none).
    var rssMinutes = 5.0
    /// Passages of synthetic speech in the background (each read by one voice).
    var passages = 96
    /// The detector's keyphrase threshold for candidates (default: ``WakeWordOptions``'s).
    var spottingThreshold: Double?
    /// The keyphrase search's phone penalty (`--spotting-phone-penalty`); nil keeps the default.
    var spottingPhonePenalty: Double?
    /// The most spellings of the phrase the keyphrase search proposes (`--spotted-pronunciations`,
    /// 1: the main pronunciations alone); nil keeps the default.
    var spottedPronunciations: Int?
    /// `--dictionary FILE` (repeatable): pronunciation overrides read after the project's, as
    /// `incant spot --dictionary` reads them.
    var dictionaryFiles: [String] = []
    /// `--accents`: accents whose variants of the phrase's words are listened for too
    /// (``WakeWordOptions/accents``); nil keeps the default.
    var accents: [PhoneAccent]?
    /// `--accent-penalty`: evidence taken from a candidate proposed in an accent's spelling.
    var accentPenalty: Double?
    /// What the detector hears through (`--front-end`): the keywords' mixes and the background
    /// alike, as `incant listen` and `incant spot` hear a stream.
    var frontEndKind = FrontEndKind.identity
    /// What the detector hears: the audio through the front end alone; that and the audio
    /// before it, as two streams searched whole (`--both-views`); the two streams with the one
    /// through the front end searched only around the places of the other
    /// (`--stream-on-demand`), as `incant listen` does; or the audio as it is with the front
    /// end run only around its places (`--on-demand`), as `incant spot` does (plain keyword
    /// spotting hears the audio as it is in the last two).
    var views = Views.frontEnd

    enum Views {
        case frontEnd, twoStreams, streamOnDemand, onDemand
    }
    /// `--second-view-reach`, `--second-view-lead`: ``WakeWordOptions``' settings of the
    /// on-demand view; nil keeps the defaults.
    var secondViewReach: Double?
    var secondViewLead: Double?
    /// `--weights S,M,A,I,B`: the confidence's spotting scale, margin scale, agreement weight,
    /// isolation weight (per dB) and bias (``WakeWordOptions``); nil keeps the shipped ones.
    var weights: [Double]?
    /// `--attenuation-limit DB`: how far DeepFilterNet turns noise down.
    var attenuationLimit = FrontEndKind.standardAttenuationLimit
    /// `--keywords-over stream|noise`: what each keyword recording is mixed into (the
    /// background's stream, mostly speech; or a noise recording alone, as the published benchmark does).
    var keywordBackground = WakeBackground.KeywordBackground.stream
    /// `--speech-share X`: the share of the background's stretches that are speech (the
    /// published benchmark's background is speech about a fifth of the time).
    var speechShare = WakeBackground.standardSpeechShare
    /// `--pause-spellings on|off`: ``WakeWordOptions/spotsPausesBetweenWords``; nil keeps the default.
    var pauseSpellings: Bool?
    /// `--padding N`: ``WakeWordOptions/padding`` (frames either side of a candidate that its check searches).
    var padding: Int?
    /// `--denoiser-restart fresh|warm`: how the denoiser begins each stretch of a stream; nil
    /// is warm on demand (as `spot` runs it within a file) and fresh otherwise.
    var restart: DenoiserRestart?
    let paths = BenchmarkPaths()

    /// The keyphrase thresholds of the plain baseline.
    static let baselineThresholds: [Double] = [
        1e-1, 1e-3, 1e-5, 1e-8, 1e-10, 1e-12, 1e-15, 1e-18, 1e-20, 1e-25, 1e-30, 1e-35, 1e-40, 1e-50,
    ]

    init(arguments: [String]) throws {
        try BenchmarkOptions.parse(arguments) { option, value in
            switch option {
            case "--phrases": phrases = try value().split(separator: ",").map(String.init)
            case "--hours":
                guard let hours = Double(try value()), hours > 0 else { throw BenchmarkError("--hours must be > 0") }
                self.hours = hours
            case "--stride": stride = max(1, Int(try value()) ?? 1)
            case "--snr": snr = Double(try value()) ?? snr
            case "--dump": dump = try value()
            case "--background-pieces": backgroundPieces = try value()
            case "--rss-minutes": rssMinutes = Double(try value()) ?? rssMinutes
            case "--passages": passages = max(1, Int(try value()) ?? passages)
            case "--spotting-threshold":
                guard let threshold = Double(try value()), threshold > 0, threshold < 1 else {
                    throw BenchmarkError("--spotting-threshold must be in (0, 1)")
                }
                spottingThreshold = threshold
            case "--spotting-phone-penalty":
                guard let penalty = Double(try value()), penalty > 0, penalty <= 1 else {
                    throw BenchmarkError("--spotting-phone-penalty must be in (0, 1]")
                }
                spottingPhonePenalty = penalty
            case "--spotted-pronunciations":
                guard let count = Int(try value()), count >= 1 else {
                    throw BenchmarkError("--spotted-pronunciations must be a whole number ≥ 1")
                }
                spottedPronunciations = count
            case "--dictionary": dictionaryFiles.append(try value())
            case "--accents":
                let names = try value().split(separator: ",").map(String.init)
                accents = try names.map { name in
                    guard let accent = PhoneAccent(rawValue: name) else {
                        throw BenchmarkError(
                            "--accents: no accent named '\(name)' (\(PhoneAccent.allCases.map(\.rawValue).joined(separator: ", ")))"
                        )
                    }
                    return accent
                }
            case "--accent-penalty":
                guard let penalty = Double(try value()) else {
                    throw BenchmarkError("--accent-penalty takes a number (units of evidence)")
                }
                accentPenalty = penalty
            case "--weights":
                let given = try value().split(separator: ",").compactMap { Double($0) }
                guard given.count == 5, given[0] > 0, given[1] > 0 else {
                    throw BenchmarkError(
                        "--weights takes five numbers: spotting scale, margin scale (both > 0), agreement weight, isolation weight, bias"
                    )
                }
                weights = given
            case "--attenuation-limit":
                guard let limit = Float(try value()), limit > 0 else {
                    throw BenchmarkError("--attenuation-limit must be a number of dB > 0")
                }
                attenuationLimit = limit
            case "--keywords-over":
                switch try value() {
                case "stream": keywordBackground = .stream
                case "noise": keywordBackground = .noise
                case let name:
                    guard let index = Self.noiseNames.firstIndex(of: name) else {
                        throw BenchmarkError(
                            "--keywords-over must be stream, noise or one of \(Self.noiseNames.joined(separator: ", ")), not \(name)"
                        )
                    }
                    keywordBackground = .oneNoise(index)
                }
            case "--speech-share":
                guard let share = Double(try value()), share >= 0, share <= 1 else {
                    throw BenchmarkError("--speech-share must be in [0, 1]")
                }
                speechShare = share
            case "--pause-spellings":
                switch try value() {
                case "on": pauseSpellings = true
                case "off": pauseSpellings = false
                case let other: throw BenchmarkError("--pause-spellings must be on or off, not \(other)")
                }
            case "--padding":
                guard let frames = Int(try value()), frames >= 0 else {
                    throw BenchmarkError("--padding must be a whole number of frames ≥ 0")
                }
                padding = frames
            case "--both-views": views = .twoStreams
            case "--stream-on-demand": views = .streamOnDemand
            case "--on-demand": views = .onDemand
            case "--second-view-reach":
                guard let reach = Double(try value()), reach > 0, reach < 1 else {
                    throw BenchmarkError("--second-view-reach must be in (0, 1)")
                }
                secondViewReach = reach
            case "--second-view-lead":
                guard let lead = Double(try value()), lead >= 0 else {
                    throw BenchmarkError("--second-view-lead must be ≥ 0 seconds")
                }
                secondViewLead = lead
            case "--denoiser-restart":
                switch try value() {
                case "fresh": restart = .fresh
                case "warm": restart = .warm
                case let other: throw BenchmarkError("--denoiser-restart must be fresh or warm, not \(other)")
                }
            case "--front-end":
                let name = try value()
                do { frontEndKind = try FrontEndKind(name: name) } catch { throw BenchmarkError("\(error)") }
            default: throw BenchmarkError("unknown option \(option)")
            }
        }
    }

    struct PhraseResult {
        var phrase: String
        var source: String
        var positives: Int
        var backgroundHours: Double
        /// Best confidence over the keyword in each positive (0 when not found).
        var scores: [Double]
        /// Confidences of every candidate in the background.
        var falseAlarms: [Double]
        /// Per baseline threshold: positives found, false alarms.
        var baselineHits: [Int]
        var baselineAlarms: [Int]
        var decodeSeconds: Double
        var audioSeconds: Double
    }

    func run() throws {
        let cache = paths.synthesisCache + "/wake"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let synthesizer = try SpeechSynthesizer(cacheDirectory: paths.synthesisCache)
        let wakeFolder = paths.sharedSpeech + "/wakeword"
        let named = [
            "alexa": try Self.recordings(in: wakeFolder + "/alexa", cache: cache),
            "smart mirror": try Self.recordings(in: wakeFolder + "/smart-mirror", cache: cache),
        ]
        let coffeeClips = try CoffeeRecordings(paths: paths).clips(limit: nil)
        let coffee = coffeeClips.map(\.samples)
        let noises = try Self.noises(paths: paths, cache: cache)
        let passages = try FortunePassages.load(count: passages, excluding: phrases)
        let readers = SyntheticVoice.all
        let requests = passages.enumerated().map { (text: $0.element, voice: readers[$0.offset % readers.count]) }
        try synthesizer.prepare(requests) { done, total in
            FileHandle.standardError.write(Data("\rsynthesizing background \(done)/\(total)".utf8))
        }
        let synthetic = try requests.map { try synthesizer.samples($0.text, voice: $0.voice) }
        FileHandle.standardError.write(Data("\n".utf8))

        var results: [PhraseResult] = []
        var dumpLines = [
            "phrase\tkind\tconfidence\tmargin\tagreement\tspotting\tspottingFrames\tframes\tphones\tstart\tprocessed\tunprocessed\tisolation\twordMargins\taccent\tsource"
        ]
        var pieceLines = ["phrase\tstart\tend\tsource"]
        for phrase in phrases {
            let key = phrase.lowercased()
            // In the order of the phrases (a dictionary's order changes from run to run).
            let others = named.filter { $0.key != key }.sorted { $0.key < $1.key }
            let speech = coffee + others.flatMap { $0.value.map(\.samples) } + synthetic
            let speechNames =
                coffeeClips.map { "coffee order \($0.name)" }
                + others.flatMap { other in other.value.map { "\(other.key) \($0.name)" } }
                + requests.enumerated().map { "passage \($0.offset + 1) read by \($0.element.voice)" }
            if backgroundPieces != nil {
                pieceLines += Self.pieces(
                    phrase: phrase, hours: hours, speech: speech, noises: noises, speechShare: speechShare,
                    names: (speechNames, Self.noiseNames))
                continue
            }
            let positives: [(name: String, samples: [Int16])]
            let source: String
            if let real = named[key] {
                positives = real.enumerated().filter { $0.offset % stride == 0 }.map {
                    ("\(key) \($0.element.name)", $0.element.samples)
                }
                source = "real recordings"
            } else {
                let voices = Self.testVoices
                let texts = [phrase, phrase.capitalized + ".", phrase + "!"]
                let wanted = voices.flatMap { voice in texts.map { (text: $0, voice: voice) } }
                try synthesizer.prepare(wanted) { _, _ in }
                positives = try wanted.enumerated().filter { $0.offset % stride == 0 }.map {
                    (
                        "\"\($0.element.text)\" read by \($0.element.voice)",
                        try synthesizer.samples($0.element.text, voice: $0.element.voice)
                    )
                }
                source = "synthesized, \(voices.count) voices"
            }
            let result = try measure(
                phrase: phrase, source: source, positives: positives, speech: speech, noises: noises,
                pieceNames: (speech: speechNames, noise: Self.noiseNames), dump: &dumpLines)
            results.append(result)
        }
        if let backgroundPieces {
            try pieceLines.joined(separator: "\n").write(toFile: backgroundPieces, atomically: true, encoding: .utf8)
            return
        }
        if let dump { try dumpLines.joined(separator: "\n").write(toFile: dump, atomically: true, encoding: .utf8) }
        let cost = rssMinutes > 0 ? try spotCost(speech: coffee + synthetic, noises: noises, cache: cache) : nil
        print(report(results, cost: cost))
    }

    /// What each stretch of `hours` of the background that ``measure`` searches is, as TSV lines
    /// (phrase, start and end in seconds, source), without searching it.
    static func pieces(
        phrase: String, hours: Double, speech: [[Int16]], noises: [[Int16]], speechShare: Double,
        names: (speech: [String], noise: [String])
    ) -> [String] {
        var background = WakeBackground(speech: speech, noises: noises, seed: backgroundSeed, speechShare: speechShare)
        let total = Int(hours * 3600 * 16_000)
        while background.produced < total { _ = background.next(min(160_000, total - background.produced)) }
        return background.pieces.filter { $0.start < total }.map { piece in
            let source = name(of: piece.source, names: names)
            let start = String(format: "%.2f", Double(piece.start) / 16_000)
            let end = String(format: "%.2f", Double(piece.start + piece.length) / 16_000)
            return "\(phrase)\t\(start)\t\(end)\t\(source)"
        }
    }

    /// What a stretch of background is, for the dump and the list of stretches: the speech
    /// piece's name, or the noise's followed by "noise".
    static func name(of source: WakeBackground.Piece.Source, names: (speech: [String], noise: [String])) -> String {
        switch source {
        case .speech(let index): names.speech[index]
        case .noise(let index): "\(names.noise[index]) noise"
        }
    }

    /// The seed of the background searched for false alarms.
    static let backgroundSeed: UInt64 = 0xB0B

    /// Voices for the phrase that is only tested: none of them read the recordings tuned on. The
    /// neural voice's three paces come last, so the keywords before them keep their stretches of
    /// background (each keyword's follows the one before).
    static let testVoices: [SyntheticVoice] =
        ["en-us", "en-gb", "en-us+f1", "en-us+f4", "en-us+m1", "en-us+m5", "en-gb+f2", "en-gb+m4"].flatMap { name in
            [130, 170].map { SyntheticVoice(engine: .espeak, voice: name, rate: $0) }
        }
        + ["slt", "rms", "kal", "awb"].map { SyntheticVoice(engine: .flite, voice: $0, rate: nil) }
        + [SyntheticVoice(engine: .festival, voice: "default", rate: nil)] + SyntheticVoice.neural

    private func measure(
        phrase: String, source: String, positives: [(name: String, samples: [Int16])], speech: [[Int16]],
        noises: [[Int16]],
        pieceNames: (speech: [String], noise: [String]), dump: inout [String]
    ) throws -> PhraseResult {
        var options = WakeWordOptions()
        options.dictionaryFiles = [paths.dictionary] + dictionaryFiles
        if let spottingThreshold { options.spottingThreshold = spottingThreshold }
        if let spottingPhonePenalty { options.spottingPhonePenalty = spottingPhonePenalty }
        if let spottedPronunciations { options.spottedPronunciations = spottedPronunciations }
        if let accents { options.accents = accents }
        if let accentPenalty { options.accentEvidencePenalty = accentPenalty }
        if let secondViewReach { options.secondViewReach = secondViewReach }
        if let secondViewLead { options.secondViewLeadSeconds = secondViewLead }
        if let padding { options.padding = padding }
        if let pauseSpellings { options.spotsPausesBetweenWords = pauseSpellings }
        if let weights {
            options.spottingScale = weights[0]
            options.marginScale = weights[1]
            options.agreementWeight = weights[2]
            options.isolationWeight = weights[3]
            options.evidenceBias = weights[4]
        }
        let detector = try PocketSphinxWakeWordDetector(
            phrase: phrase, options: options, baselineThresholds: Self.baselineThresholds)
        let pronounced = detector.words.map { "\($0): " + detector.pronunciations(of: $0).joined(separator: " | ") }
        FileHandle.standardError.write(
            Data(
                "\(phrase): \(pronounced.joined(separator: "; ")); spotted as \(detector.spellings.count) spellings, \(detector.accentSpellings.count) in an accent\n"
                    .utf8))
        // On demand, the denoiser restarts warm for each stretch of a stream, as `spot` runs it
        // over a file (`--denoiser-restart` chooses).
        let restart = restart ?? (views == .onDemand ? .warm : .fresh)
        let frontEnd = try FrontEndBenchmark.frontEnd(
            frontEndKind, restart: restart, attenuationLimit: attenuationLimit)
        // Positives: each in its own stretch of background (a seed of its own).
        var mixer = WakeBackground(
            speech: speech, noises: noises, seed: 0xBEEF, speechShare: speechShare, keywordBackground: keywordBackground
        )
        var scores: [Double] = []
        var hits = [Int](repeating: 0, count: Self.baselineThresholds.count)
        for (number, (name, keyword)) in positives.enumerated() {
            let (mixed, start) = mixer.mix(keyword, snr: snr)
            let span = start..<(start + keyword.count)
            // On demand, each keyword's mix is a file of its own to `spot`: a new front end.
            let heardThrough =
                views == .onDemand
                ? try FrontEndBenchmark.frontEnd(frontEndKind, restart: restart, attenuationLimit: attenuationLimit)
                : frontEnd
            var scanner = WakeWordScanner(detector: detector, secondView: secondView(heardThrough))
            let heard = views == .onDemand ? mixed : frontEnd.wholeRecording(mixed)
            var found = try scanner.process(heard, unprocessed: mixed)
            found += try scanner.finish()
            let over = found.filter { $0.startSample < span.upperBound && span.lowerBound < $0.endSample }
            let best = over.max { $0.confidence < $1.confidence }
            scores.append(best?.confidence ?? 0)
            if let best {
                dump.append("\(phrase)\tkeyword\t" + Self.dumpFields(best) + "\t" + name)
            } else {
                dump.append("\(phrase)\tkeyword\t0\t\t\t\t\t\t\(detector.phoneCount)\t\t\t\t\t\t\t" + name)
            }
            for (index, spans) in scanner.baseline.enumerated()
            where spans.contains(where: { $0.lowerBound < span.upperBound && span.lowerBound < $0.upperBound }) {
                hits[index] += 1
            }
            if number % 20 == 0 {
                FileHandle.standardError.write(Data("\r\(phrase): keyword \(number + 1)/\(positives.count)   ".utf8))
            }
        }
        // Background: searched as one continuous stream.
        var background = WakeBackground(
            speech: speech, noises: noises, seed: Self.backgroundSeed, speechShare: speechShare)
        var scanner = WakeWordScanner(detector: detector, secondView: secondView(frontEnd))
        let total = Int(hours * 3600 * 16_000)
        let piece = 160_000
        var alarms: [WakeCandidate] = []
        var cpu = 0.0
        frontEnd.reset()
        while background.produced < total {
            let samples = background.next(min(piece, total - background.produced))
            let start = ThreadCPU.seconds
            let heard = views == .onDemand ? samples : frontEnd.process(samples)
            alarms += try scanner.process(heard, unprocessed: samples)
            cpu += ThreadCPU.seconds - start
            if background.produced % (piece * 36) == 0 {
                let done = Double(background.produced) / 16_000 / 3600
                FileHandle.standardError.write(
                    Data(
                        String(
                            format: "\r\(phrase): background %.2f/%.1f h, %d candidates   ", done, hours, alarms.count
                        ).utf8))
            }
        }
        let start = ThreadCPU.seconds
        if views != .onDemand { alarms += try scanner.process(frontEnd.flush()) }
        alarms += try scanner.finish()
        cpu += ThreadCPU.seconds - start
        FileHandle.standardError.write(Data("\n".utf8))
        for alarm in alarms {
            var source = ""
            if let piece = background.piece(at: alarm.startSample) {
                source = Self.name(of: piece.source, names: pieceNames)
                if alarm.startSample >= piece.start + piece.length { source = "the pause after " + source }
            }
            dump.append("\(phrase)\tbackground\t" + Self.dumpFields(alarm) + "\t" + source)
        }
        return PhraseResult(
            phrase: phrase, source: source, positives: positives.count, backgroundHours: hours, scores: scores,
            falseAlarms: alarms.map(\.confidence), baselineHits: hits, baselineAlarms: scanner.baseline.map(\.count),
            decodeSeconds: cpu, audioSeconds: hours * 3600)
    }

    /// How the scanner hears the front end's view besides the one it is given.
    private func secondView(_ frontEnd: any AudioFrontEnd) -> WakeWordScanner.SecondView {
        switch views {
        case .frontEnd: .none
        case .twoStreams: .stream
        case .streamOnDemand: .streamOnDemand
        case .onDemand: .onDemand(frontEnd)
        }
    }

    /// A candidate's measurements for the dump, tab-separated (the header's order); `start` is
    /// in seconds from the start of the searched audio; `processed` and `unprocessed` are the
    /// two views' confidences when both were searched; `accent` is `only` where only an accent's
    /// spellings proposed the candidate, their best score where the dictionary's did too, else empty.
    static func dumpFields(_ candidate: WakeCandidate) -> String {
        [
            "\(candidate.confidence)", "\(candidate.margin)", "\(candidate.phoneAgreement)",
            "\(candidate.spottingScore)", "\(candidate.spottingFrames)", "\(candidate.frameCount)",
            "\(candidate.phoneCount)", String(format: "%.2f", Double(candidate.startSample) / 16_000),
            candidate.viewConfidences.first.map { "\($0)" } ?? "", candidate.viewConfidences.last.map { "\($0)" } ?? "",
            String(format: "%.2f", candidate.isolation),
            candidate.wordMargins.map { String(format: "%.2f", $0) }.joined(separator: ","),
            candidate.spottedOnlyInAccent ? "only" : candidate.accentSpottingScore.map { "\($0)" } ?? "",
        ].joined(separator: "\t")
    }

    /// The WAV files of a folder (FLAC converted once with sox into `cache`), sorted by name;
    /// FLAC files that do not decode whole are left out (``DamagedRecordings``).
    static func recordings(in folder: String, cache: String) throws -> [(name: String, samples: [Int16])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".wav") || $0.hasSuffix(".flac") }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        return try DamagedRecordings.leftOut(of: names, in: folder).map { name in
            let path = folder + "/" + name
            guard name.hasSuffix(".flac") else { return (name, try WAVFile.readSamples(path: path)) }
            let converted = cache + "/" + (folder as NSString).lastPathComponent + "-" + name + ".wav"
            try CacheFile.make(converted, suffix: ".wav") { part in
                try SpeechSynthesizer(cacheDirectory: cache).run(
                    "/usr/bin/sox", [path, "-r", "16000", "-c", "1", "-b", "16", part])
            }
            return (name, try WAVFile.readSamples(path: converted))
        }
    }

    /// The noises of ``noises(paths:cache:)``, in order (`--keywords-over NAME`).
    static let noiseNames = ["kitchen", "pink", "brown", "white", "babble"]

    /// Kitchen noise and the noises of `scripts/synthetic-noise.sh` (made once into `cache`).
    static func noises(paths: BenchmarkPaths, cache: String) throws -> [[Int16]] {
        let folder = cache + "/noise"
        try CacheFile.make(folder) { part in
            try SpeechSynthesizer(cacheDirectory: cache).run(
                "/bin/bash", [paths.root + "/scripts/synthetic-noise.sh", part])
        }
        let files = [paths.kitchenNoise] + noiseNames.dropFirst().map { folder + "/\($0).wav" }
        return try files.map { try WAVFile.readSamples(path: $0) }
    }

    /// Peak resident memory and CPU of `incant spot` (the built binary beside this one)
    /// searching `rssMinutes` of background written to a WAV file.
    private func spotCost(speech: [[Int16]], noises: [[Int16]], cache: String) throws -> (
        rss: Int, cpu: Double, audio: Double
    )? {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "incant"
        ).path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            FileHandle.standardError.write(Data("no \(binary): build incant for the memory figure\n".utf8))
            return nil
        }
        var background = WakeBackground(speech: speech, noises: noises, seed: 0xC057)
        let file = cache + "/background-\(Int(rssMinutes))min.wav"
        try WAVFile.write(background.next(Int(rssMinutes * 60 * 16_000)), to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "spot", "--wake", phrases.first ?? "alexa", "--front-end", frontEndKind.rawValue, "--json", file,
        ]
        let output = Pipe()
        process.standardOutput = output
        let start = ProcessCPU.childrenSeconds
        try process.run()
        // VmHWM only grows: the last reading before the process ends is its peak.
        let peak = PeakWatcher(pid: process.processIdentifier)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let cpu = ProcessCPU.childrenSeconds - start
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("incant spot failed: \(String(decoding: data, as: UTF8.self))")
        }
        return (peak.stop(), cpu, rssMinutes * 60)
    }

    /// The markdown table.
    func report(_ results: [PhraseResult], cost: (rss: Int, cpu: Double, audio: Double)?) -> String {
        var lines = [
            "| phrase | keywords | background | Incant: miss at ≤ 1 FA / 10 h (threshold) | Incant at default \(WakeWordOptions().threshold): miss, FA / h | plain kws: miss at ≤ 1 FA / 10 h (threshold) | decode / audio |",
            "|---|---|---|---|---|---|---|",
        ]
        for result in results {
            let allowed = Int((result.backgroundHours / 10).rounded(.down))
            let alarms = result.falseAlarms.sorted(by: >)
            // The lowest threshold with at most `allowed` alarms above it.
            let threshold = alarms.count > allowed ? alarms[allowed] : 0
            let missed = result.scores.filter { $0 <= threshold || $0 == 0 }.count
            let defaultThreshold = WakeWordOptions().threshold
            let defaultMissed = result.scores.filter { $0 < defaultThreshold }.count
            let defaultAlarms = result.falseAlarms.filter { $0 >= defaultThreshold }.count
            var plain = "no threshold qualifies"
            for (index, threshold) in Self.baselineThresholds.enumerated().reversed()
            where result.baselineAlarms[index] <= allowed {
                let miss = 1 - Double(result.baselineHits[index]) / Double(result.positives)
                plain = String(format: "%.1f%% (%.0e)", miss * 100, threshold)
                break
            }
            let row = [
                result.phrase, "\(result.positives) \(result.source)", String(format: "%.2f h", result.backgroundHours),
                String(format: "%.1f%% (%.3f)", 100 * Double(missed) / Double(result.positives), threshold),
                String(
                    format: "%.1f%%, %.2f", 100 * Double(defaultMissed) / Double(result.positives),
                    Double(defaultAlarms) / result.backgroundHours),
                plain, String(format: "%.3f", result.decodeSeconds / result.audioSeconds),
            ]
            lines.append("| " + row.joined(separator: " | ") + " |")
        }
        lines.append("")
        for result in results {
            let defaultThreshold = WakeWordOptions().threshold
            guard let fit = WakeTailFit(confidences: result.falseAlarms, hours: result.backgroundHours) else {
                lines.append("Tail fit, \(result.phrase): too few background candidates.")
                continue
            }
            let threshold = fit.threshold(forRatePerHour: 0.1)
            let missed = result.scores.filter { $0 < threshold }.count
            lines.append(
                String(
                    format:
                        "Tail fit, %@ (the %d strongest background candidates, extended): ≤ 1 FA / 10 h at about %.3f, missing %.1f%%; about %.2f FA / 10 h at the default %.2f",
                    result.phrase, fit.fitted, threshold,
                    100 * Double(missed) / Double(result.positives), 10 * fit.ratePerHour(atOrAbove: defaultThreshold),
                    defaultThreshold))
        }
        lines.append(
            "Plain kws false alarms per threshold: "
                + results.map { result in
                    result.phrase + ": "
                        + zip(Self.baselineThresholds, result.baselineAlarms).map { String(format: "%.0e→%d", $0, $1) }
                        .joined(separator: " ")
                }.joined(separator: "; "))
        if let cost {
            lines.append(
                String(
                    format: "`incant spot` over %.0f min of background: %.3f of one core (CPU / audio), peak RSS %@",
                    cost.audio / 60, cost.cpu / cost.audio, ProcessMemory.describe(cost.rss)))
        }
        return lines.joined(separator: "\n")
    }
}

/// CPU time of the calling thread.
enum ThreadCPU {
    static var seconds: Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// CPU time and peak memory of this process's finished children.
enum ProcessCPU {
    static var childrenSeconds: Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }
}

/// Reads a running process's peak resident memory (`VmHWM`) every 50 ms until stopped.
final class PeakWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var running = true
    private let thread: Thread

    init(pid: Int32) {
        let box = Box()
        thread = Thread {
            while box.owner?.isRunning ?? false {
                if let value = ProcessMemory.field("VmHWM", process: String(pid)) { box.owner?.note(value) }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        box.owner = self
        thread.start()
    }

    private final class Box: @unchecked Sendable { weak var owner: PeakWatcher? }

    private var isRunning: Bool { lock.withLock { running } }
    private func note(_ value: Int) { lock.withLock { peak = max(peak, value) } }

    /// Stops watching and returns the largest reading, in bytes.
    func stop() -> Int {
        lock.withLock {
            running = false
            return peak
        }
    }
}
