import Foundation
import IncantCapture
import IncantDenoise
import IncantPhrases
import IncantRecognition
import IncantRoomMixing
import Synchronization

/// `incant-bench levers`: one Incant configuration on the coffee clips (clean and mixed with
/// kitchen noise) and on coffee speech against the home set, for measuring one lever at a time.
///
///     incant-bench levers [--stride N] [--snr 24,6] [--decoder -beam=1e-60 ...] [--no-phone-loop]
///                         [--parallel] [--workers N] [--mean-frames N]
///                         [--adapt N [--adapt-snr 6,9,12] [--adapt-noise F] [--adapt-accepted]]
///                         [--adapt-channel phone,reverb,band,clean] [--narrow-adaptation FILE|off] [--band-adaptation FILE|off]
///                         [--adapt-online] [--margin-center X] [--support X] [--coverage X] [--word-gate dB|off]
///                         [--voicing X] [--noisy-center X|off] [--offset K] [--phone-agreement X]
///                         [--agreement-weight X] [--agreement-center X] [--short-raise X]
///                         [--short-frames LONG,SHORT] [--tail-words N] [--noisy-support X]
///                         [--noisy-voiced-coverage X|off] [--noisy-voiced-allowance N]
///                         [--noisy-below-peak dB|off] [--voiced-background X|off]
///                         [--voiced-background-word-loop X|off] [--quiet-target dB|off]
///                         [--confirmation-threshold X|off] [--poor-fit MARGIN,FLOOR|off] [--poor-word MARGIN,FLOOR|off]
///                         [--word-loop-always] [--unlabelled-slots] [--background-run GAP,ABOVE|off]
///                         [--background-run-voicing X|off] [--word-loop-weight WEIGHT,CENTER|off]
///                         [--front-end identity|deepfilternet|rnnoise] [--front-end-bypass dB|off]
///                         [--adaptation FILE] [--contrast-silence-gate dB|off]
///
/// Prints understood / wrong / false-accept rates, the clips a listener would ask "Did you say
/// …?" about (rejected but confirmable: the answer yes would run the right shortcut, or not), and
/// decode time over audio time per condition; with `--unlabelled-slots` also the understood clips
/// run with a slot value the label does not name (counted as understood, since the labels'
/// rule is that extra slots are not errors). Every run uses the same clips and the same noise (fixed seeds) as `speech`.
struct LeverSweep {
    var stride = 3
    var snrs: [Double] = [24, 15, 6]
    var options = RecognizerOptions()
    /// Conditions to run (all when nil): clean, the SNRs as `6dB`, `negatives`, `home`, `noncommands`,
    /// `bursts`, `tails` and `tailsHome` (also with the SNRs, as `tails6dB`), the neural voice's
    /// `neural`, `neuralRoom`, `neuralRoom15dB`, `neuralPhone`, `neural6dB`, `neuralNoncommands` and
    /// `neuralNoncommandsRoom`.
    var conditionFilter: Set<String>?
    /// Print each clip that was not understood (or was falsely accepted) with its evidence.
    var explains = false
    /// Write every clip's evidence here (tab-separated), for calibrating the acceptance policy.
    var dumpPath: String?
    /// Print the understood clips run with a slot value their label does not name.
    var reportsUnlabelled = false
    /// Which clip of every `stride` to take (0 ..< stride).
    var offset = 0
    /// Clips decoded at once (each worker with its own recognizer).
    var workers = 2
    /// What each clip passes through before Incant hears it, one stream per clip, as `recognize`
    /// hears a file (the plain JSGF baseline always hears the clip as it is).
    var frontEndKind = FrontEndKind.identity
    /// When a clip is heard as it came rather than through the front end (as `recognize` and
    /// `listen` choose; `--front-end-bypass off`: always through it).
    var frontEndBypass: FrontEndBypass? = FrontEndBypass()
    /// The cutoff (Hz) of the high-pass that comes first, as `recognize` and `listen` hear a
    /// file (`--high-pass off`: none).
    var highPassCutoff: Double? = HighPassFilter.standardCutoff
    /// Adapt the acoustic model (``MLLRAdapter``) to this many coffee orders first, taken from
    /// the clips this run does not score (those not at `offset` of every `stride`).
    var adaptationTakes = 0
    /// Kitchen noise mixed into the adaptation takes, one SNR after another (clean when empty).
    var adaptationSNRs: [Double] = []
    /// Adapt to the noisy takes the recognizer accepts, with what it heard (unsupervised).
    var adaptsToAccepted = false
    /// Noise mixed into the adaptation takes instead of the kitchen noise (`--adapt-noise F`).
    var adaptationNoisePath: String?
    /// Channels the adaptation takes pass through first, one take after another
    /// (`--adapt-channel phone,reverb`): the telephone band or band-limiting with reverb, as the
    /// `phone` and `reverb` conditions; `clean` leaves a take as it is.
    var adaptationChannels: [RealRoomClips.Channel?] = []
    /// The transform for narrow channels (`--narrow-adaptation FILE|off`; nil: the project's).
    var narrowAdaptation: String?
    /// `--band-adaptation FILE|off`: the transform for band-limited channels; nil is the project's.
    var bandAdaptation: String?
    /// The common-words file of the word loop (nil: the project's).
    var commonWords: String?
    /// Adapt while decoding each condition (``OnlineAdaptation``: a listener in that room),
    /// every worker its own, starting unadapted.
    var adaptsOnline = false
    /// Words of the end of each clean order cut out as a short command (`tails`, `tailsHome`).
    var tailWords = 2
    /// SNRs of the babble (other coffee orders) mixed into the orders for `babble…dB`.
    var babbleSNRs: [Double] = [9]
    /// Decode every condition with the plain JSGF baseline too, in the same run.
    var runsBaseline = false

    /// Two numbers written `A,B` (what `names` calls them, for the error), or nil for `off`.
    static func pair(_ value: String, option: String, names: String) throws -> (Double, Double)? {
        if value == "off" { return nil }
        let parts = value.split(separator: ",").compactMap { Double($0) }
        guard parts.count == 2 else { throw BenchmarkError("\(option) takes \(names) or off, not '\(value)'") }
        return (parts[0], parts[1])
    }

    init(arguments: [String]) throws {
        try BenchmarkOptions.parse(arguments) { option, next in
            /// The value as a pocketsphinx option `-name=value`.
            func decoderOption() throws -> (String, String) {
                let parts = try next().split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw BenchmarkError("\(option) expects -name=value") }
                return (parts[0], parts[1])
            }
            switch option {
            case "--stride": stride = max(1, Int(try next()) ?? 3)
            case "--snr": snrs = try next().split(separator: ",").compactMap { Double($0) }
            case "--decoder": options.decoder.extraArguments.append(try decoderOption())
            case "--no-phone-loop": options.usesPhoneLoop = false
            case "--explain": explains = true
            case "--dump": dumpPath = try next()
            case "--parallel": options.decodesPhoneLoopInParallel = true
            case "--workers": workers = max(1, Int(try next()) ?? 2)
            case "--front-end-bypass":
                let value = try next()
                guard value == "off" || Double(value) != nil else {
                    throw BenchmarkError("--front-end-bypass \(value): expected a number of dB or off")
                }
                frontEndBypass = Double(value).map { FrontEndBypass(minimumSpread: $0) }
            case "--high-pass":
                let value = try next()
                guard value == "off" || Double(value) != nil else {
                    throw BenchmarkError("--high-pass \(value): expected a frequency in Hz or off")
                }
                highPassCutoff = Double(value)
            case "--front-end":
                do { frontEndKind = try FrontEndKind(name: try next()) } catch { throw BenchmarkError("\(error)") }
            case "--word-posterior": options.decoder.wordPosteriorScale = Double(try next())
            case "--nbest": options.decoder.nbestCount = Int(try next()) ?? 0
            case "--clips":
                let names = try next().split(separator: ",")
                conditionFilter = Set(names.map { String($0) })
            case "--untracked-frames": options.decoder.tracksAudioFrames = false
            case "--running-cmn": options.decoder.normalizesWholeUtterance = false
            case "--contrast-margin": options.contrastMargin = Double(try next())
            // The lower threshold for asking "Did you say …?", or `off`.
            case "--confirmation-threshold": options.confirmationThreshold = Double(try next())
            case "--contrast-span": options.contrastSpanLength = max(1, Int(try next()) ?? 1)
            // Rivals that put silence on the heard words' speech set aside: the gate in dB, or `off`.
            case "--contrast-silence-gate": options.contrastSilenceGate = Double(try next())
            // The least word-loop margin, or `off`.
            case "--word-loop-margin": options.acceptance.minimumWordLoopMargin = Double(try next())
            // The margin below which words meet another word-loop floor, and that floor (MARGIN,FLOOR), or `off`.
            case "--poor-fit":
                let pair = try Self.pair(try next(), option: option, names: "MARGIN,FLOOR")
                options.acceptance.poorFitMargin = pair?.0
                if let pair { options.acceptance.poorFitWordLoopMargin = pair.1 }
            // The worst word's margin below which words in quiet meet another word-loop floor,
            // and that floor (MARGIN,FLOOR), or `off`.
            case "--poor-word":
                let pair = try Self.pair(try next(), option: option, names: "MARGIN,FLOOR")
                options.acceptance.poorWordMargin = pair?.0
                if let pair { options.acceptance.poorWordWordLoopMargin = pair.1 }
            // The most clipped share of an utterance's loud audio that is decided on (0–1), or `off`.
            case "--clipped-limit":
                let value = try next()
                if value == "off" {
                    options.maximumClippedShare = nil
                } else if let share = Double(value), (0...1).contains(share) {
                    options.maximumClippedShare = share
                } else {
                    throw BenchmarkError("--clipped-limit takes a share from 0 to 1 or off, not '\(value)'")
                }
            // A file of common words, one a line, for the word loop (default: models/common-words.txt).
            case "--common-words": commonWords = try next()
            case "--word-loop-always": options.measuresWordLoopOfEveryPhrase = true
            case "--unlabelled-slots": reportsUnlabelled = true
            // An MLLR transform for narrow channels, or `off`.
            case "--narrow-adaptation": narrowAdaptation = try next()
            // One MLLR transform for every clip (as a user's own: no channel switches it).
            case "--adaptation": options.decoder.adaptation = try next()
            // An MLLR transform for narrow channels that keep 4–5 kHz.
            case "--band-adaptation": bandAdaptation = try next()
            case "--narrow-band-margin":
                let text = try next()
                options.narrowBandContrastMargin = text == "off" ? nil : Double(text)
            // Cepstral mean from the first N frames of speech (0: the whole utterance's).
            case "--mean-frames": options.decoder.meanFrames = Int(try next()) ?? 0
            case "--margin-center": options.acceptance.marginCenter = Double(try next()) ?? 0
            case "--support": options.acceptance.minimumSupport = Double(try next()) ?? 0
            case "--coverage": options.acceptance.minimumCoverage = Double(try next()) ?? 0
            // A number of dB, or `off`.
            case "--word-gate": options.acceptance.wordRelativeGate = Double(try next())
            // A number, or `off`.
            case "--noisy-center": options.acceptance.noisyMarginCenter = Double(try next())
            case "--offset": offset = max(0, Int(try next()) ?? 0)
            case "--voicing": options.acceptance.minimumVoicing = Double(try next()) ?? 0
            case "--phone-agreement": options.acceptance.minimumNoisyPhoneAgreement = Double(try next()) ?? 0
            case "--gate": options.acceptance.speechGate = Double(try next()) ?? 0
            case "--agreement-weight": options.acceptance.agreementWeight = Double(try next()) ?? 0
            case "--agreement-center": options.acceptance.agreementCenter = Double(try next()) ?? 0
            // The word-loop margin's part of the score in quiet: WEIGHT,CENTER, or `off`.
            case "--word-loop-weight":
                let pair = try Self.pair(try next(), option: option, names: "WEIGHT,CENTER")
                options.acceptance.wordLoopWeight = pair?.0 ?? 0
                if let pair { options.acceptance.wordLoopCenter = pair.1 }
            case "--adapt": adaptationTakes = max(0, Int(try next()) ?? 0)
            case "--adapt-accepted": adaptsToAccepted = true
            case "--adapt-noise": adaptationNoisePath = try next()
            case "--adapt-online": adaptsOnline = true
            case "--adapt-channel":
                adaptationChannels = try next().split(separator: ",").map {
                    $0 == "clean"
                        ? nil : try RealRoomClips.Channel(String($0), option: "--adapt-channel", others: ["clean"])
                }
            case "--noisy-support": options.acceptance.minimumNoisySupport = Double(try next()) ?? 0
            // A number, or `off`.
            case "--noisy-voiced-coverage": options.acceptance.minimumNoisyVoicedCoverage = Double(try next())
            // A number of dB, or `off`.
            case "--noisy-below-peak": options.acceptance.maximumNoisyWordsBelowPeak = Double(try next())
            // A share of voiced frames around the words, or `off`.
            case "--voiced-background": options.acceptance.voicedBackground = Double(try next())
            // The least word-loop margin with which a voiced background sets the peak check aside, or `off`.
            case "--voiced-background-word-loop":
                options.acceptance.voicedBackgroundWordLoopMargin = Double(try next())
            // `gap,above` in dB (``AcceptancePolicy/backgroundRunGap``, ``AcceptancePolicy/backgroundRunAbove``), or `off`.
            case "--background-run":
                let value = try next()
                if value == "off" {
                    options.acceptance.backgroundRunGap = nil
                } else {
                    let dB = value.split(separator: ",").compactMap { Double($0) }
                    guard dB.count == 2 else { throw BenchmarkError("--background-run expects GAP,ABOVE or off") }
                    options.acceptance.backgroundRunGap = dB[0]
                    options.acceptance.backgroundRunAbove = dB[1]
                }
            // The share of voiced frames around the words below which background runs are looked for, or `off`.
            case "--background-run-voicing": options.acceptance.backgroundRunVoicing = Double(try next())
            // A number of dB, or `off`.
            case "--noisy-voiced-gate": options.acceptance.noisyVoicedWordGate = Double(try next())
            case "--noisy-voiced-allowance": options.acceptance.noisyVoicedAllowance = Int(try next()) ?? 0
            case "--short-raise": options.acceptance.shortPhraseRaise = Double(try next()) ?? 0
            // `longest,shortest` word spans in frames: none of the raise from the first, all of it at the second.
            case "--short-frames":
                let frames = try next().split(separator: ",").compactMap { Int($0) }
                guard frames.count == 2 else { throw BenchmarkError("--short-frames expects LONG,SHORT") }
                options.acceptance.shortPhraseFrames = frames[0]
                options.acceptance.shortestPhraseFrames = frames[1]
            case "--babble-snr": babbleSNRs = try next().split(separator: ",").compactMap { Double($0) }
            case "--baseline": runsBaseline = true
            // Raise quiet audio before decoding to this level (dBFS), or `off`.
            case "--quiet-target":
                let text = try next()
                options.decoder.quietAudioTarget = text == "off" ? nil : Double(text)
            case "--tail-words": tailWords = max(1, Int(try next()) ?? 2)
            case "--adapt-snr": adaptationSNRs = try next().split(separator: ",").compactMap { Double($0) }
            default: throw BenchmarkError("unknown option \(option)")
            }
        }
    }

    /// `sentences` spoken by every benchmark voice, every `stride`th clip from `offset` (the
    /// same half as the coffee clips' with `--stride 2 --offset 1`), expecting `expected`.
    private func synthesized(
        _ sentences: [String], paths: BenchmarkPaths, voices: [SyntheticVoice] = SyntheticVoice.all,
        expected: (String) -> Expectation?
    ) throws -> [SpeechClip] {
        try SpeechSynthesizer.clips(
            of: sentences.map { ($0, expected($0)) }, paths: paths, voices: voices,
            keeping: { $0 % stride == offset % stride })
    }

    /// The home commands (`home-sentences.tsv`) spoken by `voices`, each expecting its label.
    private func homeCommands(paths: BenchmarkPaths, voices: [SyntheticVoice]) throws -> [SpeechClip] {
        let sentences = try SentenceLists.labelled(path: paths.homeSentences)
        let expected = Dictionary(sentences.map { ($0.text, $0.expected) }) { first, _ in first }
        return try synthesized(sentences.map(\.text), paths: paths, voices: voices) { expected[$0] ?? nil }
    }

    func run() throws {
        let paths = BenchmarkPaths()
        var configured = try paths.withProjectModels(
            options, narrowBand: narrowAdaptation, bandLimited: bandAdaptation, commonWords: commonWords)
        let coffee = CoffeeRecordings(paths: paths)
        let coffeeCatalog = PhraseCatalog(shortcuts: try coffee.shortcuts())
        let homeCatalog = PhraseCatalog(shortcuts: try DefinitionLoader.load(path: paths.homePhrases))
        let allClips = try coffee.clips(limit: nil)
        let clips = allClips.enumerated().filter { $0.offset % stride == offset % stride }
        let noise = NoiseMixer(noise: try WAVFile.readSamples(path: paths.kitchenNoise))
        if adaptationTakes > 0 {
            let others = allClips.enumerated().filter { $0.offset % stride != offset % stride }
            let adaptationNoise = try adaptationNoisePath.map { NoiseMixer(noise: try WAVFile.readSamples(path: $0)) }
            configured.decoder.adaptation = try adapt(
                to: others, catalog: coffeeCatalog, options: configured, noise: adaptationNoise ?? noise)
        }
        let options = configured
        var conditions: [(String, [SpeechClip], PhraseCatalog)] = [("clean", clips.map(\.element), coffeeCatalog)]
        var noisyNegatives: [(String, [SpeechClip], PhraseCatalog)] = []
        for snr in snrs {
            let mixed = clips.map { index, clip in
                noise.mix(clip, snr: snr, seed: NoiseMixer.coffeeSeed &+ UInt64(index))
            }
            conditions.append(("\(Int(snr))dB", mixed, coffeeCatalog))
            // The same noisy coffee orders against the home phrases.
            noisyNegatives.append(("negatives\(Int(snr))dB", mixed.map(\.asNegative), homeCatalog))
        }
        conditions.append(("negatives", clips.map(\.element.asNegative), homeCatalog))
        conditions += noisyNegatives
        if conditionFilter?.contains("home") ?? true {
            // Synthetic home commands.
            conditions.append(("home", try homeCommands(paths: paths, voices: SyntheticVoice.all), homeCatalog))
        }
        if conditionFilter?.contains("noncommands") ?? true {
            // Synthetic non-command sentences against the home phrases.
            let sentences = try SentenceLists.plain(path: paths.nonCommands)
            conditions.append(("noncommands", try synthesized(sentences, paths: paths) { _ in nil }, homeCatalog))
        }
        if conditionFilter?.contains(where: { $0.hasPrefix("neural") }) ?? true {
            // The home commands and the non-commands in a neural voice (none of it tuned on), as
            // synthesized, through a band-limited reverberant room, that room with kitchen noise
            // at 15 dB mixed in after it, through a telephone band, and in kitchen noise at 6 dB.
            let neural = try homeCommands(paths: paths, voices: SyntheticVoice.neural)
            let room = try RealRoomClips.bandLimitedReverb(neural, cacheName: "neural")
            let noisy = room.enumerated().map { index, clip in
                noise.mix(clip, snr: 15, seed: NoiseMixer.coffeeSeed &+ 0x7E00 &+ UInt64(index))
            }
            let kitchen = neural.enumerated().map { index, clip in
                noise.mix(clip, snr: 6, seed: NoiseMixer.coffeeSeed &+ 0x7E06 &+ UInt64(index))
            }
            let others = try synthesized(
                try SentenceLists.plain(path: paths.nonCommands), paths: paths, voices: SyntheticVoice.neural
            ) { _ in nil }
            conditions += [
                ("neural", neural, homeCatalog), ("neuralRoom", room, homeCatalog),
                ("neuralRoom15dB", noisy, homeCatalog),
                ("neuralPhone", try RealRoomClips.telephoneBand(neural, cacheName: "neural"), homeCatalog),
                ("neural6dB", kitchen, homeCatalog), ("neuralNoncommands", others, homeCatalog),
                (
                    "neuralNoncommandsRoom", try RealRoomClips.bandLimitedReverb(others, cacheName: "neural-others"),
                    homeCatalog
                ),
            ]
        }
        if conditionFilter?.contains(where: { $0.hasPrefix("tails") }) ?? true {
            // Short real commands cut from the clean orders, against their own phrases and the home phrases.
            let short = try ShortCommands(
                cutting: clips.map(\.element), words: tailWords, catalog: coffeeCatalog, options: options)
            conditions.append(("tails", short.clips, short.catalog))
            conditions.append(("tailsHome", short.clips.map(\.asNegative), homeCatalog))
            for snr in snrs {
                let mixed = short.mixed(with: noise, snr: snr)
                conditions.append(("tails\(Int(snr))dB", mixed, short.catalog))
                conditions.append(("tailsHome\(Int(snr))dB", mixed.map(\.asNegative), homeCatalog))
            }
        }
        try appendRealRoomConditions(
            to: &conditions, coffee: clips.map(\.element), coffeeCatalog: coffeeCatalog,
            homeCatalog: homeCatalog, noise: noise, paths: paths)
        let bursts = noise.bursts(count: 40, seed: 0xB0_0575).map {
            SpeechClip(name: "burst", samples: $0, expected: nil)
        }
        conditions.append(("bursts", bursts, homeCatalog))

        if let conditionFilter {
            conditions.removeAll { !conditionFilter.contains($0.0) }
        }
        let columns =
            ["condition", "clips", "understood"] + (reportsUnlabelled ? ["of them with unlabelled slots"] : [])
            + ["wrong", "accepted", "would ask: right / other"]
            + (runsBaseline ? ["JSGF understood", "JSGF wrong", "JSGF accepted"] : []) + ["decode / audio"]
        print("| " + columns.joined(separator: " | ") + " |")
        print("|---|" + Array(repeating: "---:|", count: columns.count - 1).joined())
        let dump = Mutex<[String]>([])
        defer {
            if let dumpPath {
                let header =
                    "condition\tclip\tpositive\taccepted\tmatchCorrect\ttranscript\tmargin\tworst\tcoverage\tsupport\twordFrames\tspeechFrames\tvoicing\tabove\tagree\tvoicedCoverage\tunexplainedVoiced\tbelowPeak\trightAmong\tlisted\toutsideMargin\toutsideFrames\toutsideVoicing\tloopWordScore\twordLoopMargin\twordLoopWords\tminPosterior\tminContrastPosterior\tcontrastMargins\tmeaningPosterior\twordPosteriors\tconfidence\tunlabelledSlots\twordsBelowPeak\tfloorBelowPeak\toutsideBelowPeak\tbackgroundWords\totherMeaningContrasts\tclippedShare\n"
                try? (header + dump.withLock { $0 }.joined()).write(toFile: dumpPath, atomically: true, encoding: .utf8)
            }
        }
        for (name, clips, catalog) in conditions {
            let collected = ScoreCollector()
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                do {
                    let system = try IncantSystem(catalog: catalog, options: options)
                    let frontEnd = try FrontEndBenchmark.frontEnd(frontEndKind)
                    let online =
                        adaptsOnline
                        ? OnlineAdaptation(
                            recognizer: system.recognizer, tools: try SphinxTrainTools.locate(paths: IncantPaths()),
                            path: FileManager.default.temporaryDirectory.appendingPathComponent(
                                "incant-bench-online-\(UUID()).mllr"
                            ).path) : nil
                    defer { if let online { try? FileManager.default.removeItem(atPath: online.path) } }
                    var score = ConditionScore()
                    var baselineScore = ConditionScore()
                    let baseline =
                        runsBaseline
                        ? try JSGFBaselineSystem(catalog: catalog, dictionaryFiles: options.dictionaryFiles) : nil
                    for index in Swift.stride(from: worker, to: clips.count, by: workers) {
                        let clip = clips[index]
                        let filtered = highPassCutoff.map { HighPassFilter(cutoff: $0).wholeRecording(clip.samples) }
                        let input = filtered ?? clip.samples
                        let heard =
                            frontEndKind == .identity
                            ? input : frontEnd.wholeRecording(input, bypass: frontEndBypass)
                        let understanding = try system.understand(heard)
                        if let online, understanding.accepted != nil,
                            try online.record(
                                heard, words: understanding.transcript.split(separator: " ").map(String.init))
                        {
                            _ = try waitFor { try await online.update() }
                        }
                        score.add(understanding, clip: clip)
                        if let baseline { baselineScore.add(try baseline.understand(clip.samples), clip: clip) }
                        if explains { explain(understanding, clip: clip, condition: name) }
                        if dumpPath != nil {
                            let line = row(
                                understanding, clip: clip, condition: name, matcher: system.interpreter.matcher)
                            dump.withLock { $0.append(line) }
                        }
                    }
                    collected.add(runsBaseline ? [.incant: score, .jsgf: baselineScore] : [.incant: score])
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            if let failure = failures.withLock({ $0.first }) { throw BenchmarkError(failure) }
            let score = collected.scores[.incant] ?? ConditionScore()
            let baseline = collected.scores[.jsgf].map {
                "\(percent($0.accuracy)) | \(percent($0.wrongRate)) | \(percent($0.acceptRate)) | "
            }
            let unlabelled = reportsUnlabelled ? "\(percent(score.correctWithUnlabelledRate)) | " : ""
            print(
                "| \(name) | \(score.clips) | \(percent(score.accuracy)) | \(unlabelled)\(percent(score.wrongRate)) "
                    + "| \(percent(score.acceptRate)) | \(percent(score.askedRightRate)) / \(percent(score.askedOtherRate)) "
                    + "| \(baseline ?? "")\(String(format: "%.3f", score.realTimeFactor)) |"
            )
        }
    }

    /// Estimates an MLLR transform from the first ``adaptationTakes`` of `clips` that the
    /// unadapted recognizer understands when clean (as a user's takes of known phrases), each
    /// mixed with `noise` (the kitchen noise, or ``adaptationNoisePath``'s) at the next of
    /// ``adaptationSNRs``, and returns its file. With ``adaptsToAccepted``, the takes are
    /// instead the noisy clips the unadapted recognizer accepts, with what it heard, whether
    /// right or wrong (no label is consulted).
    private func adapt(
        to clips: [(offset: Int, element: SpeechClip)], catalog: PhraseCatalog, options: RecognizerOptions,
        noise: NoiseMixer
    ) throws -> String {
        let system = try IncantSystem(catalog: catalog, options: options)
        var takes: [AdaptationTake] = []
        for (index, clip) in clips where takes.count < adaptationTakes {
            var samples = clip.samples
            if !adaptationChannels.isEmpty, let channel = adaptationChannels[takes.count % adaptationChannels.count] {
                samples = try channel.apply([clip], cacheName: "coffee")[0].samples
            }
            if !adaptationSNRs.isEmpty {
                let snr = adaptationSNRs[takes.count % adaptationSNRs.count]
                samples = noise.mix(samples, snr: snr, seed: 0xADA9_0000 &+ UInt64(index))
            }
            let understanding = try system.understand(adaptsToAccepted ? samples : clip.samples)
            if adaptsToAccepted {
                guard understanding.accepted != nil else { continue }
            } else {
                guard clip.expected?.isMet(by: understanding.accepted) == true else { continue }
            }
            let words = understanding.transcript.split(separator: " ").map(String.init)
            takes.append(AdaptationTake(label: clip.name, samples: samples, words: words))
        }
        let recognizer = system.recognizer
        let tools = try SphinxTrainTools.locate(paths: IncantPaths())
        let estimate = try waitFor { [takes] in try await recognizer.estimateAdaptation(takes, tools: tools) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("incant-bench-\(UUID()).mllr").path
        try estimate.transform.write(to: path)
        let snrs = adaptationSNRs.isEmpty ? "clean" : adaptationSNRs.map { "\(Int($0)) dB" }.joined(separator: ", ")
        FileHandle.standardError.write(
            Data("adapted to \(estimate.used.count) takes (\(snrs)), \(estimate.skipped.count) skipped: \(path)\n".utf8)
        )
        return path
    }

    /// One tab-separated line of evidence for `--dump`. `rightAmong` is the place (from 0) of
    /// the first of the decoder's transcripts that `matcher` takes to the expected shortcut and
    /// slots, or -1, and `listed` how many it listed: with `--nbest N`, how far a second
    /// opinion on the N best could go.
    func row(_ understanding: Understanding, clip: SpeechClip, condition: String, matcher: PhraseMatcher) -> String {
        let correct = clip.expected?.isMet(by: understanding.matched) ?? false
        let rightAmong =
            understanding.alternatives.firstIndex {
                clip.expected?.isMet(by: matcher.match(transcripts: [$0]).accepted) == true
            } ?? -1
        let e = understanding.evidence
        // The lattice posterior of the word a contrast is about.
        let posterior = { (contrast: WordContrast) -> Double? in
            understanding.words.indices.contains(contrast.position)
                ? understanding.words[contrast.position].framePosterior : nil
        }
        // The contrasts whose rival means another action than the heard words.
        let otherMeaning = understanding.contrasts.filter { contrast in
            let rival = matcher.match(transcripts: [contrast.alternative]).accepted
            return !(understanding.matched.map { rival?.sameAction(as: $0) ?? false } ?? (rival == nil))
        }
        let numbers = [e?.meanWordMargin, e?.worstWordMargin, e?.coverage, e?.support].map {
            $0.map { String(format: "%.3f", $0) } ?? ""
        }
        return
            ([
                condition, clip.name, clip.expected == nil ? "0" : "1", understanding.accepted == nil ? "0" : "1",
                correct ? "1" : "0", understanding.transcript,
            ] + numbers
            + [
                "\(e?.wordFrames ?? 0)", "\(e?.speechFrames ?? 0)", e.map { String(format: "%.3f", $0.voicing) } ?? "",
                e.map { String(format: "%.1f", $0.wordsAboveBackground) } ?? "",
                e.map { String(format: "%.3f", $0.phoneAgreement) } ?? "",
                e.map { String(format: "%.3f", $0.voicedCoverage) } ?? "",
                e.map { String($0.unexplainedVoicedFrames) } ?? "",
                e.map { String(format: "%.1f", $0.wordsBelowPeak) } ?? "",
                "\(rightAmong)", "\(understanding.alternatives.count)",
                e.map { String(format: "%.2f", $0.outsideMargin) } ?? "", "\(e?.outsideFrames ?? 0)",
                e.map { String(format: "%.3f", $0.outsideVoicing) } ?? "",
                e.map { String(format: "%.2f", $0.loopWordScore) } ?? "",
                e?.wordLoopMargin.map { String(format: "%.2f", $0) } ?? "",
                e?.wordLoopWords.map { words in
                    words.map { String(format: "%.0f:%d", $0.margin, $0.frames) }.joined(separator: ",")
                } ?? "",
                posteriorColumn(understanding.words.compactMap(\.framePosterior)),
                posteriorColumn(understanding.contrasts.compactMap(posterior)),
                understanding.contrasts.map { String(format: "%.0f", $0.margin) }.joined(separator: ","),
                posteriorColumn(otherMeaning.compactMap(posterior)),
                understanding.words.map { "\($0.word):" + ($0.framePosterior.map { String(format: "%.3f", $0) } ?? "") }
                    .joined(separator: " "),
                understanding.confidence.map { String(format: "%.4f", $0) } ?? "",
                (clip.expected?.unlabelledParameters(of: understanding.accepted) ?? []).joined(separator: ","),
                zip(understanding.words.filter { !$0.isFiller }, e?.eachWordBelowPeak ?? []).map {
                    "\($0.word):" + String(format: "%.1f", $1)
                }.joined(separator: " "),
                e.map { String(format: "%.1f", $0.floorBelowPeak) } ?? "",
                e?.outsideBelowPeak.map { String(format: "%.1f", $0) } ?? "",
                understanding.backgroundWords ?? "",
                otherMeaning.map {
                    String(format: "%.0f:", $0.margin) + ($0.frameCount(in: understanding.words).map(String.init) ?? "")
                }
                .joined(separator: ","),
                e?.clippedShare.map { String(format: "%.4f", $0) } ?? "",
            ])
            .joined(separator: "\t") + "\n"
    }

    /// The least of `posteriors`, or empty.
    func posteriorColumn(_ posteriors: [Double]) -> String {
        posteriors.min().map { String(format: "%.4f", $0) } ?? ""
    }

    /// One line for a clip whose outcome was wrong.
    func explain(_ understanding: Understanding, clip: SpeechClip, condition: String) {
        let understood = clip.expected?.isMet(by: understanding.accepted) ?? (understanding.accepted == nil)
        guard !understood else { return }
        let verdict = understanding.accepted == nil ? "rejected" : "accepted"
        let evidence =
            understanding.evidence.map {
                String(format: "margin %.1f coverage %.2f support %.2f", $0.meanWordMargin, $0.coverage, $0.support)
            } ?? "no evidence"
        let expected = clip.expected.map { "\($0.parameters.sorted { $0.key < $1.key }.map(\.value))" } ?? "nothing"
        FileHandle.standardError.write(
            Data(
                "\(condition) \(clip.name): \(verdict) \"\(understanding.transcript)\" (\(evidence)); expected \(expected)\n"
                    .utf8))
    }

    func percent(_ value: Double) -> String { value.isNaN ? "–" : String(format: "%.1f%%", value * 100) }
}
