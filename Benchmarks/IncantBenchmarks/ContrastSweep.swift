import Foundation
import IncantCapture
import IncantPhrases
import IncantRecognition
import IncantRoomMixing
import IncantSpeech

/// `incant-bench contrasts [--stride N] [--margins 0,500,1000]`: how much better each accepted
/// command's words fit their stretch of audio than the words the grammar allows in their place
/// (``WordContrast``), for right and wrong accepts, and what each contrast margin would do:
/// right accepts it would turn into rejections, wrong accepts it would stop.
///
/// Sources: the coffee orders (every Nth, clean and with kitchen noise at 12 and 6 dB) against
/// their own phrases, and the home sentences (`Benchmarks/data/home-sentences.tsv`, two voices)
/// against `phrases/home`, as synthesized and band-limited to 200–5000 Hz with reverb and
/// kitchen noise at 15 dB (sox).
struct ContrastSweep {
    let stride: Int
    let margins: [Double]

    /// One accepted clip: right or wrong, and the smallest margin of a rival meaning something else.
    struct Accept {
        var right: Bool
        var margin: Double
        /// The margin the noise-dependent options (``ContrastSweep/noiseDependent``) require of this clip (``RecognizerOptions/contrastMargin(wordsAboveBackground:)``).
        var noiseDependentLimit: Double
    }

    /// The noise-dependent contrast margin the last column applies: 0 in quiet, 200 in loud noise
    /// (``RecognizerOptions/noisyContrastMargin``).
    static let noiseDependent: RecognizerOptions = {
        var options = RecognizerOptions()
        options.contrastMargin = 0
        options.noisyContrastMargin = 200
        return options
    }()

    func run() throws {
        let paths = BenchmarkPaths()
        let noise = NoiseMixer(noise: try WAVFile.readSamples(path: paths.kitchenNoise))
        let coffee = CoffeeRecordings(paths: paths)
        let coffeeCatalog = PhraseCatalog(shortcuts: try coffee.shortcuts())
        let clips = try coffee.clips(limit: nil).enumerated().filter { $0.offset % stride == 0 }.map(\.element)
        var sources: [(name: String, catalog: PhraseCatalog, clips: [SpeechClip])] = [
            ("coffee, clean", coffeeCatalog, clips),
            ("coffee, kitchen 12 dB", coffeeCatalog, clips.map { noise.mix($0, snr: 12, seed: NoiseMixer.coffeeSeed) }),
            ("coffee, kitchen 6 dB", coffeeCatalog, clips.map { noise.mix($0, snr: 6, seed: NoiseMixer.coffeeSeed) }),
        ]
        let home = PhraseCatalog(shortcuts: try DefinitionLoader.load(path: paths.homePhrases))
        let synthesizer = try SpeechSynthesizer(cacheDirectory: paths.root + "/.build/bench-cache/speech")
        let sentences = try SentenceLists.labelled(path: paths.homeSentences)
        var plain: [SpeechClip] = []
        var degraded: [SpeechClip] = []
        for voice in SyntheticVoice.quick {
            for sentence in sentences {
                let samples = try synthesizer.samples(sentence.text, voice: voice)
                let name = "\(voice): \(sentence.text)"
                plain.append(SpeechClip(name: name, samples: samples, expected: sentence.expected))
                let room = try Self.bandLimitedReverb(samples)
                degraded.append(
                    SpeechClip(
                        name: name, samples: noise.mix(room, snr: 15, seed: NoiseMixer.coffeeSeed),
                        expected: sentence.expected))
            }
        }
        sources.append(("home, synthetic", home, plain))
        sources.append(("home, synthetic, 200–5000 Hz + reverb + kitchen 15 dB", home, degraded))

        var options = RecognizerOptions(dictionaryFiles: [paths.dictionary])
        // Every contrast measured and every accept kept, to see what each margin would do.
        options.contrastMargin = -.infinity
        print(
            "| source | clips | accepted right | accepted wrong | "
                + margins.map { "margin \(Int($0))" }.joined(separator: " | ")
                + " | \(Int(Self.noiseDependent.contrastMargin ?? 0)) in quiet, \(Int(Self.noiseDependent.noisyContrastMargin ?? 0)) in noise |"
        )
        print("|---|---:|---:|---:|" + margins.map { _ in "---:" }.joined(separator: "|") + "|---:|")
        for source in sources {
            let recognizer = try GrammarRecognizer(catalog: source.catalog, options: options)
            let interpreter = UtteranceInterpreter(
                recognizer: PocketSphinxRecognizer(recognizer), matcher: PhraseMatcher(catalog: source.catalog))
            var accepts: [Accept] = []
            for clip in source.clips {
                let recognition = try recognizer.recognizeSynchronously(clip.samples)
                let understanding = interpreter.interpret(recognition.result)
                guard let accepted = understanding.decision.accepted else { continue }
                var smallest = Double.infinity
                for contrast in recognition.contrasts {
                    guard let rival = interpreter.matcher.match(transcripts: [contrast.alternative]).accepted,
                        rival.shortcutID != accepted.shortcutID || rival.parameters != accepted.parameters
                    else { continue }
                    smallest = min(smallest, contrast.margin)
                }
                let above = recognition.evidence?.wordsAboveBackground ?? .infinity
                accepts.append(
                    Accept(
                        right: clip.expected?.isMet(by: accepted) == true, margin: smallest,
                        noiseDependentLimit: Self.noiseDependent.contrastMargin(wordsAboveBackground: above)
                            ?? -.infinity))
            }
            let right = accepts.filter(\.right)
            let wrong = accepts.filter { !$0.right }
            var cells = margins.map { limit in
                "\(right.filter { $0.margin < limit }.count) lost / \(wrong.filter { $0.margin < limit }.count) stopped"
            }
            cells.append(
                "\(right.filter { $0.margin < $0.noiseDependentLimit }.count) lost / "
                    + "\(wrong.filter { $0.margin < $0.noiseDependentLimit }.count) stopped")
            print(
                "| \(source.name) | \(source.clips.count) | \(right.count) | \(wrong.count) | "
                    + cells.joined(separator: " | ") + " |")
            let wrongMargins = wrong.map(\.margin).sorted().map { $0.isFinite ? String(Int($0)) : "none" }
            FileHandle.standardError.write(
                Data("\(source.name): wrong accepts' margins \(wrongMargins.joined(separator: " "))\n".utf8))
            let rightMargins = right.map(\.margin).filter(\.isFinite).sorted()
            let lowest = rightMargins.prefix(12).map { String(Int($0)) }.joined(separator: " ")
            FileHandle.standardError.write(Data("\(source.name): lowest right margins \(lowest)\n".utf8))
        }
    }

    /// `samples` band-limited to 200–5000 Hz with a room's reverb, through sox.
    static func bandLimitedReverb(_ samples: [Int16]) throws -> [Int16] {
        try sox(samples, effects: ["sinc", "200-5000", "reverb", "50", "50", "100"])
    }

    /// `samples` through sox `effects` (16 kHz mono 16-bit in and out), the same every run
    /// (``RealRoomClips/sox(_:)``).
    static func sox(_ samples: [Int16], effects: [String]) throws -> [Int16] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("incant-contrast-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.raw")
        let output = folder.appendingPathComponent("out.raw")
        try samples.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: input)
        let raw = RealRoomClips.raw16k
        try RealRoomClips.sox(raw + [input.path] + raw + [output.path] + effects)
        let data = try Data(contentsOf: output)
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }
}
