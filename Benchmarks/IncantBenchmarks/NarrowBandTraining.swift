import Foundation
import IncantCapture
import IncantDenoise
import IncantPhrases
import IncantRecognition
import IncantRoomMixing

/// `incant-bench narrow-band-transform`: estimates the MLLR transform that Incant switches on
/// for narrow channels (``RecognizerOptions/narrowBandAdaptation``), from recordings passed
/// through a narrow channel.
///
///     incant-bench narrow-band-transform --out FILE [--sources coffee,wake,synthetic]
///                                        [--channel phone|band|reverb|…|none] [--stride N --offset K] [--takes N]
///                                        [--noise FILE,... --noise-snr DB,...] [--front-end NAME]
///
/// Every source's clips that the recognizer as shipped understands when clean are the takes,
/// with the words it heard; each take passes through the channel (`phone`: sampled at 8 kHz
/// and back; `band`: 200–5000 Hz; `reverb`: that with reverb; any other
/// ``RealRoomClips/Channel``; `none`: as recorded), then with `--noise` is mixed with the
/// next noise file at the next SNR (loudest frames), then with `--front-end` passes through
/// that front end (a transform for what the recognizer hears through a denoiser), before the
/// features are computed. With `--stride N --offset
/// K`, the clips at `K` of every `N` are left out (the ones `levers --stride N --offset K`
/// scores), so that a transform is never measured on its own takes; measuring it on a source
/// it was not made from (leave one source out) is the check that counts.
struct NarrowBandTraining {
    var sources = ["coffee", "wake", "synthetic"]
    var channel: RealRoomClips.Channel? = .phone
    var noises: [NoiseMixer] = []
    var noiseSNRs: [Double] = [6, 9, 12]
    var frontEndKind = FrontEndKind.identity
    var outputPath: String?
    var stride = 1
    var offset = 0
    /// The most takes of each source.
    var takesPerSource = 400

    init(arguments: [String]) throws {
        try BenchmarkOptions.parse(arguments) { option, next in
            switch option {
            case "--out": outputPath = try next()
            case "--sources":
                sources = try next().split(separator: ",").map(String.init)
                if let unknown = sources.first(where: { !["coffee", "wake", "synthetic"].contains($0) }) {
                    throw BenchmarkError("--sources expects coffee, wake or synthetic, not \(unknown)")
                }
            case "--channel":
                let name = try next()
                channel = name == "none" ? nil : try RealRoomClips.Channel(name, option: "--channel", others: ["none"])
            case "--noise":
                noises = try next().split(separator: ",").map { path in
                    do { return NoiseMixer(noise: try WAVFile.readSamples(path: String(path))) } catch {
                        throw BenchmarkError("--noise \(path): \(error)")
                    }
                }
            case "--noise-snr":
                let value = try next()
                let parsed = value.split(separator: ",").map { Double($0) }
                guard !parsed.isEmpty, parsed.allSatisfy({ $0?.isFinite == true }) else {
                    throw BenchmarkError("--noise-snr \(value): expected dB values such as 6,9,12")
                }
                noiseSNRs = parsed.compactMap { $0 }
            case "--front-end":
                do { frontEndKind = try FrontEndKind(name: try next()) } catch { throw BenchmarkError("\(error)") }
            case "--stride": stride = max(1, Int(try next()) ?? 1)
            case "--offset": offset = max(0, Int(try next()) ?? 0)
            case "--takes": takesPerSource = max(1, Int(try next()) ?? 400)
            default: throw BenchmarkError("unknown option \(option)")
            }
        }
        guard outputPath != nil else { throw BenchmarkError("--out FILE is required") }
    }

    /// The clips of `source` not held out, and the phrases they are said to.
    private func clips(of source: String, paths: BenchmarkPaths) throws -> ([SpeechClip], PhraseCatalog) {
        let kept: ([SpeechClip]) -> [SpeechClip] = { clips in
            guard stride > 1 else { return clips }
            return clips.enumerated().filter { $0.offset % stride != offset % stride }.map(\.element)
        }
        switch source {
        case "coffee":
            let coffee = CoffeeRecordings(paths: paths)
            return (kept(try coffee.clips(limit: nil)), PhraseCatalog(shortcuts: try coffee.shortcuts()))
        case "wake":
            let room = RealRoomClips(paths: paths)
            return (kept(try room.wakeWords()), try room.catalog(withWakePhrases: true))
        default:
            let sentences = try SentenceLists.labelled(path: paths.homeSentences)
            let clips = try SpeechSynthesizer.clips(
                of: sentences.map { ($0.text, $0.expected) }, paths: paths, keeping: { _ in true })
            return (kept(clips), PhraseCatalog(shortcuts: try DefinitionLoader.load(path: paths.homePhrases)))
        }
    }

    func run() throws {
        let paths = BenchmarkPaths()
        var options = RecognizerOptions()
        options.dictionaryFiles = [paths.dictionary]
        var takes: [AdaptationTake] = []
        var recognizer: GrammarRecognizer?
        // Each source's words as its own recognizer pronounces them.
        var dictionary: [String: [String]] = [:]
        let frontEnd = try FrontEndBenchmark.frontEnd(frontEndKind)
        for source in sources {
            let (clips, catalog) = try clips(of: source, paths: paths)
            let system = try IncantSystem(catalog: catalog, options: options)
            recognizer = recognizer ?? system.recognizer
            var used = 0
            for clip in clips where used < takesPerSource {
                let understanding = try system.understand(clip.samples)
                guard clip.expected?.isMet(by: understanding.accepted) == true else { continue }
                var samples = try channel?.apply([clip], cacheName: source)[0].samples ?? clip.samples
                if !noises.isEmpty {
                    let index = takes.count
                    samples = noises[index % noises.count].mix(
                        samples, snr: noiseSNRs[index / noises.count % noiseSNRs.count],
                        seed: 0xDE_0000 &+ UInt64(index))
                }
                if frontEndKind != .identity { samples = frontEnd.wholeRecording(samples) }
                takes.append(
                    AdaptationTake(
                        label: "\(source): \(clip.name)", samples: samples,
                        words: understanding.transcript.split(separator: " ").map(String.init)))
                used += 1
            }
            let words = Set(takes.flatMap(\.words)).subtracting(dictionary.keys)
            dictionary.merge(system.recognizer.pronunciations(of: words)) { first, _ in first }
            FileHandle.standardError.write(Data("\(source): \(used) takes of \(clips.count) clips\n".utf8))
        }
        guard let recognizer, let outputPath else { return }
        let tools = try SphinxTrainTools.locate(paths: IncantPaths())
        let adapter = MLLRAdapter(model: recognizer.model, tools: tools)
        let estimate = try waitFor { [takes, dictionary] in
            try await adapter.estimate(takes: takes, features: recognizer.decoder, dictionary: dictionary)
        }
        try estimate.transform.write(to: outputPath)
        print(
            "transform (\(channel.map { "\($0)" } ?? "as recorded")\(noises.isEmpty ? "" : ", noise")"
                + "\(frontEndKind == .identity ? "" : ", through \(frontEndKind)")) from \(estimate.used.count) takes of \(sources.joined(separator: ", "))"
                + " (\(estimate.skipped.count) skipped): \(outputPath)")
    }
}
