import Foundation
import IncantCapture
import IncantPhrases
import IncantRecognition
import IncantRoomMixing
import IncantSpeech

/// `incant-bench actions`: right, wrong, asked and rejected actions per source, Incant beside the plain
/// JSGF baseline in the same run, on the home sentences (`home-sentences.tsv` and the near twins
/// of `home-switches.tsv`: "on" / "off", "fifty" / "fifteen") spoken by every synthetic voice.
///
///     incant-bench actions [--stride N] [--offset K] [--engines espeak-ng,flite,festival,piper]
///                          [--conditions clean,room,room15dB,kitchen6dB] [--sentences switches|all]
///                          [--decoder -name=value ...] [--format fsg|jsgf] [--margins off,0,X,0/Y]
///                          [--contrast-span 1|2] [--show-wrong] [--no-baseline] [--dump FILE] [--ending WORD]
///                          [--band-adaptation FILE|off]
///
/// A source is one synthesis engine (its voices together) in one condition: as synthesized
/// (`clean`), band-limited to 200–5000 Hz with a room's reverb (`room`, sox `sinc 200-5000
/// reverb 50 50 100`), that room with kitchen noise at 15 dB (`room15dB`), or kitchen noise at
/// 6 dB (`kitchen6dB`). "Wrong" is an accepted action with another shortcut or another slot
/// value; "asked" is an uncertain decision (a contested word: the person is asked which was
/// said), with in brackets how many of those an answer naming the right word would settle
/// on the expected action; "rejected" is everything else that runs nothing.
struct ActionBenchmark {
    var stride = 1
    var offset = 0
    var engines: [SyntheticVoice.Engine] = [.espeak, .flite, .festival]
    var conditions = ["clean", "room", "room15dB"]
    var sentenceSet = "all"
    var options = RecognizerOptions()
    /// Contrast margins (``RecognizerOptions/contrastMargin``) applied to the same decodes, each
    /// with the margin on a narrow channel (``RecognizerOptions/narrowBandContrastMargin``, nil:
    /// the same); nil decides without contrasts.
    var margins: [(margin: Double, narrowBand: Double?)?] = [
        nil, (0, nil), (RecognizerOptions().contrastMargin ?? 0, RecognizerOptions().narrowBandContrastMargin),
    ]
    var showsWrong = false
    /// Run the plain JSGF baseline beside Incant (`--no-baseline` skips it while trying settings).
    var measuresBaseline = true
    /// Only the sentences whose last word is this (`--ending off`: "off" ending the phrase).
    var ending: String?
    /// Write Incant's contrasts for every accepted clip here (tab-separated: engine, condition,
    /// voice, shortcut, sentence, transcript, right or wrong, then heard>rival:margin:frames for
    /// every rival word meaning another action, then the channel's high-band level), for choosing
    /// the contrast margin.
    var dumpPath: String?
    /// `--band-adaptation FILE|off`: the transform for band-limited channels
    /// (``RecognizerOptions/bandLimitedAdaptation``); nil is the project's.
    var bandAdaptation: String?

    init(arguments: [String]) throws {
        try BenchmarkOptions.parse(arguments) { option, next in
            switch option {
            case "--stride": stride = max(1, Int(try next()) ?? 1)
            case "--offset": offset = max(0, Int(try next()) ?? 0)
            case "--engines":
                engines = try next().split(separator: ",").map {
                    guard let engine = SyntheticVoice.Engine(rawValue: String($0)) else {
                        throw BenchmarkError("--engines: unknown engine \($0) (espeak-ng, flite, festival, piper)")
                    }
                    return engine
                }
            case "--conditions":
                conditions = try next().split(separator: ",").map(String.init)
                for condition in conditions where !Self.knownConditions.contains(condition) {
                    throw BenchmarkError("--conditions: unknown condition \(condition)")
                }
            case "--sentences":
                sentenceSet = try next()
                guard ["all", "switches"].contains(sentenceSet) else {
                    throw BenchmarkError("--sentences: expected all or switches, not \(sentenceSet)")
                }
            case "--decoder":
                let parts = try next().split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw BenchmarkError("--decoder expects -name=value") }
                options.decoder.extraArguments.append((parts[0], parts[1]))
            case "--format":
                let name = try next()
                guard let format = RecognizerOptions.GrammarFormat(rawValue: name) else {
                    throw BenchmarkError("--format: expected fsg or jsgf, not \(name)")
                }
                options.grammarFormat = format
            case "--margins":
                margins = try next().split(separator: ",").map { text in
                    if text == "off" { return nil }
                    let parts = text.split(separator: "/").map { Double($0) }
                    guard (1...2).contains(parts.count), let value = parts[0], parts.allSatisfy({ $0 != nil }) else {
                        throw BenchmarkError(
                            "--margins: expected numbers, number/narrow-band number or off, not \(text)")
                    }
                    return (value, parts.count == 2 ? parts[1] : nil)
                }
            case "--contrast-span": options.contrastSpanLength = max(1, Int(try next()) ?? 1)
            case "--show-wrong": showsWrong = true
            case "--no-baseline": measuresBaseline = false
            case "--ending": ending = try next()
            case "--dump": dumpPath = try next()
            case "--band-adaptation": bandAdaptation = try next()
            default: throw BenchmarkError("unknown option \(option)")
            }
        }
    }

    static let knownConditions: Set<String> = ["clean", "room", "room15dB", "kitchen6dB"]

    /// What one system did with the clips of one source.
    struct Tally {
        var right = 0
        var wrong = 0
        var asked = 0
        /// Asked, and an answer naming the right words settles on the expected action.
        var askedSettled = 0
        var rejected = 0

        var cell: String { "\(right) / \(wrong) / \(asked) (\(askedSettled)) / \(rejected)" }

        /// Counts what was run (nil: nothing) for a clip that should run `expected`.
        mutating func count(_ acted: MatchCandidate?, expected: Expectation) {
            guard let acted else {
                rejected += 1
                return
            }
            if expected.isMet(by: acted) { right += 1 } else { wrong += 1 }
        }

        /// Counts `decision` for a clip that should run `expected`.
        mutating func count(_ decision: SpeechDecision, expected: Expectation, matcher: PhraseMatcher) {
            switch decision {
            case .accepted(let candidate): count(candidate, expected: expected)
            case .uncertain(let choice):
                asked += 1
                if Self.settles(choice, on: expected, matcher: matcher) { askedSettled += 1 }
            case .ambiguous, .rejected, .unconfirmed: rejected += 1
            }
        }

        /// Whether some answer to each contest's question settles `choice` on `expected`.
        static func settles(_ choice: ContestedChoice, on expected: Expectation, matcher: PhraseMatcher) -> Bool {
            var combinations: [[ContestedAlternative]] = [[]]
            for contest in choice.contests {
                combinations = combinations.flatMap { prefix in contest.alternatives.map { prefix + [$0] } }
            }
            return combinations.contains { chosen in
                choice.resolve(chosen, matcher: matcher).map { expected.isMet(by: $0) } ?? false
            }
        }

        mutating func add(_ other: Tally) {
            right += other.right
            wrong += other.wrong
            asked += other.asked
            askedSettled += other.askedSettled
            rejected += other.rejected
        }
    }

    func run() throws {
        let paths = BenchmarkPaths()
        let noise = NoiseMixer(noise: try WAVFile.readSamples(path: paths.kitchenNoise))
        let catalog = PhraseCatalog(shortcuts: try DefinitionLoader.load(path: paths.homePhrases))
        let synthesizer = try SpeechSynthesizer(cacheDirectory: paths.root + "/.build/bench-cache/speech")
        var sentences = try SentenceLists.labelled(path: paths.root + "/Benchmarks/data/home-switches.tsv")
        if sentenceSet == "all" { sentences += try SentenceLists.labelled(path: paths.homeSentences) }
        if let ending { sentences = sentences.filter { $0.text.split(separator: " ").last.map(String.init) == ending } }
        let voices = (SyntheticVoice.all + SyntheticVoice.neural).filter { engines.contains($0.engine) }
        var requests: [(voice: SyntheticVoice, sentence: SentenceLists.Labelled)] = []
        for voice in voices {
            for sentence in sentences { requests.append((voice, sentence)) }
        }
        requests = requests.enumerated().filter { $0.offset % stride == offset % stride }.map(\.element)
        try synthesizer.prepare(requests.map { ($0.sentence.text, $0.voice) }) { done, total in
            FileHandle.standardError.write(Data("synthesized \(done) of \(total)\n".utf8))
        }

        var incantOptions = try paths.withProjectModels(options, bandLimited: bandAdaptation)
        // Every contrast measured and none deciding: each margin is then applied to the same decodes.
        incantOptions.contrastMargin = -.infinity
        // The channel measured wherever the widest narrow-channel margin applied below could use it.
        incantOptions.narrowBandContrastMargin = margins.compactMap { $0?.narrowBand }.max()
        let incant = try IncantSystem(catalog: catalog, options: incantOptions)
        let baseline =
            measuresBaseline ? try JSGFBaselineSystem(catalog: catalog, dictionaryFiles: [paths.dictionary]) : nil
        let names =
            margins.map { rule in
                guard let rule else { return "Incant, no contrasts" }
                return "Incant, contrast margin \(Int(rule.margin))"
                    + (rule.narrowBand.map { ", \(Int($0)) on a narrow channel" } ?? "")
            }
            + (baseline == nil ? [] : ["plain JSGF"])
        print(
            "| source | clips | "
                + names.map { "\($0): right / wrong / asked (settled) / rejected" }
                .joined(separator: " | ") + " |")
        print("|---|---:|" + names.map { _ in "---:" }.joined(separator: "|") + "|")
        var totals = names.map { _ in Tally() }
        var dump = ""
        for engine in engines {
            let mine = requests.filter { $0.voice.engine == engine }
            guard !mine.isEmpty else { continue }
            for condition in conditions {
                var tallies = names.map { _ in Tally() }
                for (number, request) in mine.enumerated() {
                    let clean = try synthesizer.samples(request.sentence.text, voice: request.voice)
                    let samples = try Self.degrade(clean, condition: condition, noise: noise, seed: UInt64(number))
                    let expected = request.sentence.expected
                    let recognition = try incant.recognizer.recognizeSynchronously(samples)
                    let accepted = incant.interpreter.interpret(recognition).accepted
                    // Every rival word meaning another action, with its margin.
                    var rivals: [String] = []
                    if let accepted {
                        for contrast in recognition.contrasts {
                            guard
                                let rival = incant.interpreter.matcher.match(transcripts: [contrast.alternative])
                                    .accepted,
                                !rival.sameAction(as: accepted)
                            else { continue }
                            let frames = contrast.frameCount(in: recognition.words).map(String.init) ?? ""
                            rivals.append("\(contrast.heard)>\(contrast.rival):\(contrast.margin):\(frames)")
                        }
                        let outcome = expected.isMet(by: accepted) ? "right" : "wrong"
                        dump +=
                            [
                                engine.rawValue, condition, "\(request.voice)", expected.shortcutID,
                                request.sentence.text,
                                recognition.transcript, outcome, rivals.joined(separator: " "),
                                recognition.highBandLevel.map { String(format: "%.1f", $0) } ?? "",
                            ].joined(separator: "\t") + "\n"
                    }
                    for (index, margin) in margins.enumerated() {
                        var decided = recognition
                        decided.contested =
                            margin.map { rule in
                                var options = RecognizerOptions()
                                options.contrastMargin = rule.margin
                                options.narrowBandContrastMargin = rule.narrowBand
                                let limit = options.contrastMargin(
                                    wordsAboveBackground: .infinity, highBandLevel: recognition.highBandLevel)
                                return WordContrast.contested(recognition.contrasts, below: limit ?? rule.margin)
                            } ?? []
                        let decision = incant.interpreter.interpret(decided).decision
                        tallies[index].count(decision, expected: expected, matcher: incant.interpreter.matcher)
                        if showsWrong, let acted = decision.accepted, !expected.isMet(by: acted) {
                            FileHandle.standardError.write(
                                Data(
                                    "wrong \(names[index]), \(condition), \(request.voice): \"\(request.sentence.text)\" heard \"\(recognition.transcript)\"\n"
                                        .utf8))
                        }
                    }
                    if let baseline {
                        let understanding = try baseline.understand(samples)
                        tallies[names.count - 1].count(understanding.accepted, expected: expected)
                        if showsWrong, let acted = understanding.accepted, !expected.isMet(by: acted) {
                            FileHandle.standardError.write(
                                Data(
                                    "wrong plain JSGF, \(condition), \(request.voice): \"\(request.sentence.text)\" heard \"\(understanding.transcript)\"\n"
                                        .utf8))
                        }
                    }
                }
                for index in tallies.indices { totals[index].add(tallies[index]) }
                print(
                    "| \(engine.rawValue), \(Self.conditionNames[condition] ?? condition) | \(mine.count) | "
                        + tallies.map(\.cell).joined(separator: " | ") + " |")
            }
        }
        if let dumpPath { try dump.write(toFile: dumpPath, atomically: true, encoding: .utf8) }
        let clips = totals[0].right + totals[0].wrong + totals[0].asked + totals[0].rejected
        print("| all | \(clips) | " + totals.map(\.cell).joined(separator: " | ") + " |")
    }

    static let conditionNames = [
        "clean": "as synthesized", "room": "200–5000 Hz + reverb", "room15dB": "200–5000 Hz + reverb + kitchen 15 dB",
        "kitchen6dB": "kitchen 6 dB",
    ]

    /// `samples` in `condition` (see the type's description).
    static func degrade(_ samples: [Int16], condition: String, noise: NoiseMixer, seed: UInt64) throws -> [Int16] {
        switch condition {
        case "room": return try ContrastSweep.bandLimitedReverb(samples)
        case "room15dB":
            return noise.mix(try ContrastSweep.bandLimitedReverb(samples), snr: 15, seed: NoiseMixer.coffeeSeed &+ seed)
        case "kitchen6dB": return noise.mix(samples, snr: 6, seed: NoiseMixer.coffeeSeed &+ seed)
        default: return samples
        }
    }
}
