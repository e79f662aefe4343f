import Foundation
import IncantCapture
import IncantPhrases
import IncantRecognition
import IncantRoomMixing

/// The systems compared in every condition of the speech benchmark.
enum SystemKind: String, CaseIterable, Sendable {
    /// Incant with its defaults.
    case incant
    /// pocketsphinx with a plain JSGF of the same phrases, no rejection.
    case jsgf
    /// pocketsphinx's generic language model, then the best text match.
    case dictation
}

/// Accuracy, false accepts, speed and memory of speech recognition against phrase sets, for
/// Incant and the naive baselines in the same run (`incant-bench speech`).
final class SpeechBenchmark {
    let plan: SpeechBenchmarkPlan
    let paths = BenchmarkPaths()
    let progress = ProgressLog()
    var results = SpeechResults()
    var workers: [SpeechWorker] = []

    init(plan: SpeechBenchmarkPlan) {
        self.plan = plan
    }

    /// Runs every measurement.
    func run() throws -> SpeechResults {
        let dictionaryFiles = [paths.dictionary]
        let coffee = CoffeeRecordings(paths: paths)
        var catalogs: [PhraseSet: PhraseCatalog] = [
            .coffee: PhraseCatalog(shortcuts: try coffee.shortcuts()),
            .home: PhraseCatalog(shortcuts: try DefinitionLoader.load(path: paths.homePhrases)),
        ]

        progress("loading coffee clips and synthesizing sentences")
        let coffeeClips = try coffee.clips(limit: plan.coffeeClipLimit)
        let synthesizer = try SpeechSynthesizer(cacheDirectory: paths.synthesisCache)
        let homeSentences = try SentenceLists.labelled(path: paths.homeSentences)
        let nonCommands = try SentenceLists.plain(path: paths.nonCommands)
        let texts = homeSentences.map(\.text) + nonCommands
        try synthesizer.prepare(texts.flatMap { text in plan.voices.map { (text, $0) } }) { done, total in
            progress("synthesized \(done)/\(total)")
        }
        let homeClips = try plan.voices.flatMap { voice in
            try homeSentences.map {
                SpeechClip(
                    name: "\(voice): \($0.text)", samples: try synthesizer.samples($0.text, voice: voice),
                    expected: $0.expected)
            }
        }
        let nonCommandClips = try plan.voices.flatMap { voice in
            try nonCommands.map {
                SpeechClip(name: "\(voice): \($0)", samples: try synthesizer.samples($0, voice: voice), expected: nil)
            }
        }.enumerated().filter { spread($0.offset, sentences: nonCommands.count, stride: plan.nonCommandStride) }
            .map(\.element)
        let compared = coffeeClips.enumerated().filter { $0.offset % plan.cleanComparisonStride == 0 }.map(\.element)
        let rest = coffeeClips.enumerated().filter { $0.offset % plan.cleanComparisonStride != 0 }.map(\.element)
        progress("cutting short commands from \(compared.count) coffee orders")
        let shortCommands = try ShortCommands(
            cutting: compared, words: plan.shortCommandWords, catalog: catalogs[.coffee]!,
            options: RecognizerOptions(dictionaryFiles: dictionaryFiles))
        catalogs[.shortCommands] = shortCommands.catalog
        results.provenance = SourceProvenance(root: paths.root).description
        results.dataSummary = [
            "coffee clips": coffeeClips.count, "home sentences": homeSentences.count,
            "non-command sentences": nonCommands.count, "voices": plan.voices.count, "noise bursts": plan.noiseBursts,
            "short commands": shortCommands.clips.count,
        ]

        progress("loading recognizers (\(plan.workers) workers)")
        for worker in 0..<plan.workers {
            workers.append(
                try SpeechWorker.make(catalogs: catalogs, dictionaryFiles: dictionaryFiles) { kind, set, build in
                    let before = ProcessMemory.residentBytes ?? 0
                    let start = ContinuousClock.now
                    let system = try build()
                    if worker == 0 {
                        results.loads.append(
                            SpeechResults.Load(
                                system: kind, set: set.rawValue, seconds: seconds(since: start),
                                residentBytes: (ProcessMemory.residentBytes ?? 0) - before))
                    }
                    return system
                })
        }

        // Positives.
        record("clean", compared, condition: "coffee clean", set: .coffee)
        if !rest.isEmpty, var all = results.score("clean", .incant) {
            record("clean-rest", rest, condition: "coffee clean, rest (Incant only)", set: .coffee, systems: [.incant])
            all.merge(results.score("clean-rest", .incant) ?? ConditionScore())
            results.record("clean-all", [.incant: all])
        }
        let noise = NoiseMixer(noise: try WAVFile.readSamples(path: paths.kitchenNoise))
        let noisySubset = coffeeClips.enumerated().filter { $0.offset % plan.noisyClipStride == 0 }
        var noisyNegatives: [(snr: Double, clips: [SpeechClip])] = []
        for snr in plan.snrs {
            let noisy = noisySubset.map { index, clip in
                var mixed = noise.mix(clip, snr: snr, seed: NoiseMixer.coffeeSeed &+ UInt64(index))
                mixed.name = "\(Int(snr)) dB \(clip.name)"
                return mixed
            }
            record(
                "snr\(Int(snr))", noisy, condition: "coffee \(Int(snr)) dB", set: .coffee,
                withDictation: plan.dictationSNRs.contains(snr))
            if plan.noisyNegativeSNRs.contains(snr) {
                noisyNegatives.append(
                    (snr, noisy.map(\.asNegative)))
            }
        }
        record("home", homeClips, condition: "home synthetic", set: .home)
        let noisyShortCommands = plan.shortCommandSNRs.map {
            (snr: $0, clips: shortCommands.mixed(with: noise, snr: $0))
        }
        record("short", shortCommands.clips, condition: "short commands", set: .shortCommands)
        for (snr, clips) in noisyShortCommands {
            record(
                "short\(Int(snr))", clips, condition: "short commands \(Int(snr)) dB", set: .shortCommands,
                withDictation: false)
        }

        // Negatives: each set's speech against the other set, and sentences that are no command.
        let coffeeAsNegatives = compared.map(\.asNegative)
        let homeAsNegatives = homeClips.enumerated()
            .filter { spread($0.offset, sentences: homeSentences.count, stride: plan.homeNegativeStride) }
            .map(\.element.asNegative)
        record("coffee→home", coffeeAsNegatives, condition: "coffee vs home set", set: .home)
        record("home→coffee", homeAsNegatives, condition: "home vs coffee set", set: .coffee)
        for (snr, clips) in noisyNegatives {
            record(
                "coffee\(Int(snr))→home", clips, condition: "coffee \(Int(snr)) dB vs home set", set: .home,
                withDictation: false)
        }
        record("other→coffee", nonCommandClips, condition: "non-commands vs coffee", set: .coffee)
        record("other→home", nonCommandClips, condition: "non-commands vs home", set: .home)
        let noiseBursts = noise.bursts(count: plan.noiseBursts, seed: 0xB0_0575).enumerated().map {
            SpeechClip(name: "kitchen noise burst \($0.offset)", samples: $0.element, expected: nil)
        }
        record("noise→home", noiseBursts, condition: "noise bursts vs home", set: .home)
        record(
            "short→home", shortCommands.clips.map(\.asNegative), condition: "short commands vs home set", set: .home)
        for (snr, clips) in noisyShortCommands {
            record(
                "short\(Int(snr))→home", clips.map(\.asNegative),
                condition: "short commands \(Int(snr)) dB vs home set",
                set: .home, withDictation: false)
        }
        results.peakResidentBytes = ProcessMemory.peakResidentBytes
        workers = []

        let listened = coffeeClips.enumerated().filter { $0.offset % plan.listeningClipStride == 0 }.map(\.element)
        progress("incant listen: \(listened.count) coffee orders in real time")
        results.listening = try ListeningLatency(
            clips: listened, coffeeYAML: try coffee.shortcutsYAML(), paths: paths
        ).run()

        progress("grammar scaling")
        results.scaling = GrammarScaling(
            sizes: plan.scalingSizes, utterances: plan.scalingUtterances, synthesizer: synthesizer,
            dictionaryFiles: dictionaryFiles
        ).run()
        results.overallPeakResidentBytes = ProcessMemory.peakResidentBytes
        results.runSeconds = seconds(since: progress.started)
        return results
    }

    /// Whether to keep clip `index` of a voice-major list (voice × sentences) when keeping one
    /// clip in `stride`: each voice keeps a different residue, so every sentence is kept for
    /// some voice.
    func spread(_ index: Int, sentences: Int, stride: Int) -> Bool {
        (index / sentences + index % sentences) % stride == 0
    }

    /// Scores `clips` against `set` with every system, the workers taking alternate clips.
    func record(
        _ key: String, _ clips: [SpeechClip], condition: String, set: PhraseSet,
        systems: Set<SystemKind> = Set(SystemKind.allCases), withDictation: Bool = true
    ) {
        let start = ContinuousClock.now
        let collected = ScoreCollector()
        let workers = self.workers
        let stride = plan.dictationStride
        let progress = self.progress
        DispatchQueue.concurrentPerform(iterations: workers.count) { worker in
            let indices = Swift.stride(from: worker, to: clips.count, by: workers.count)
            let scores = workers[worker].evaluate(
                clips, indices: indices, set: set, systems: systems, dictationAt: { withDictation && $0 % stride == 0 }
            ) {
                let done = collected.tick()
                if done % 25 == 0 || done == clips.count {
                    progress("\(condition): \(done)/\(clips.count) (\(Int(seconds(since: start))) s)")
                }
            }
            collected.add(scores)
        }
        results.record(key, collected.scores)
    }

}

/// Progress lines on stderr, stamped with the time since the benchmark started.
struct ProgressLog: Sendable {
    let started = ContinuousClock.now

    func callAsFunction(_ message: String) {
        let elapsed = Int(seconds(since: started))
        FileHandle.standardError.write(
            Data("[\(elapsed / 60):\(String(format: "%02d", elapsed % 60))] \(message)\n".utf8))
    }
}

/// Scores and progress gathered from the worker threads.
final class ScoreCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var merged: [SystemKind: ConditionScore] = [:]
    private var count = 0

    /// Counts one finished clip; returns how many are done.
    func tick() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }

    func add(_ scores: [SystemKind: ConditionScore]) {
        lock.withLock {
            for (kind, score) in scores { merged[kind, default: ConditionScore()].merge(score) }
        }
    }

    var scores: [SystemKind: ConditionScore] { lock.withLock { merged } }
}
