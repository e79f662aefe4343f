import Foundation
import IncantGrammar
import IncantPhrases
import IncantRecognition

/// Free-text slots by voice (`incant-bench text-slots`): "take a note {body}" and "remind me to
/// {task}" beside the home phrases, said by synthetic voices and with a synthetic carrier
/// spliced before real coffee orders. For each system: how often the right shortcut runs
/// (carrier accuracy), the word error rate of the text it runs with, and how often unrelated
/// speech runs a text-slot shortcut.
///
/// Incant's grammar search with a placeholder for the slot and a second, open-vocabulary pass
/// over the slot's frames, beside plain pocketsphinx dictation of the whole utterance (the
/// general English language model) matched by the phrase matcher, in the same run.
///
/// The real orders have no transcripts, only slot labels; their reference text is what
/// Incant heard against the coffee phrases when that matched every label (the orders it did
/// not understand count for carrier accuracy only).
struct TextSlotBenchmark {
    var stride = 1
    /// Every Nth real coffee order (`--real-stride`; default ``stride``).
    var realStride: Int?
    var voices = SyntheticVoice.all
    /// `tuned` (as shipped): the open-vocabulary pass with the phrase search's wide beams;
    /// `default`: with pocketsphinx's own.
    var dictationBeams = "tuned"
    var showWrong = false

    static let shortcutsYAML = """
        shortcuts:
          - id: take-note
            parameters: [{ name: body, type: text }]
            phrases: ["take a note {body}"]
            responses: { success: "Noted." }
          - id: remind
            parameters: [{ name: task, type: text }]
            phrases: ["remind me to {task}"]
            responses: { success: "I will remind you." }
        """

    /// Two espeak-ng voices, two flite voices and festival: every engine, fewer clips than `all`.
    static let mixedVoices = [
        SyntheticVoice(engine: .espeak, voice: "en-us", rate: 160),
        SyntheticVoice(engine: .espeak, voice: "en-gb", rate: 140),
        SyntheticVoice(engine: .flite, voice: "slt", rate: nil),
        SyntheticVoice(engine: .flite, voice: "kal", rate: nil),
        SyntheticVoice(engine: .festival, voice: "default", rate: nil),
    ]

    static let carriers = [("take a note", "take-note", "body"), ("remind me to", "remind", "task")]

    init(arguments: [String]) throws {
        try BenchmarkOptions.parse(arguments) { option, next in
            switch option {
            case "--stride":
                guard let value = Int(try next()), value > 0 else { throw BenchmarkError("--stride needs N ≥ 1") }
                stride = value
            case "--real-stride":
                guard let value = Int(try next()), value > 0 else {
                    throw BenchmarkError("--real-stride needs N ≥ 1")
                }
                realStride = value
            case "--voices":
                switch try next() {
                case "all": voices = SyntheticVoice.all
                case "quick": voices = SyntheticVoice.quick
                case "mixed": voices = Self.mixedVoices
                case let other: throw BenchmarkError("--voices: all, mixed or quick, not \(other)")
                }
            case "--dictation-beams":
                let value = try next()
                guard ["default", "tuned"].contains(value) else {
                    throw BenchmarkError("--dictation-beams: default or tuned, not \(value)")
                }
                dictationBeams = value
            case "--show-wrong":
                showWrong = true
            default:
                throw BenchmarkError("unknown option \(option)")
            }
        }
    }

    /// One clip said to both systems, with what it should run.
    struct Case {
        var name: String
        var samples: [Int16]
        /// The shortcut and its text parameter; nil for unrelated speech.
        var shortcut: String?
        var parameter: String?
        /// The text said in the slot; nil when unknown (counted for the shortcut only).
        var reference: String?
    }

    /// Counts for one condition and system.
    struct Tally {
        var clips = 0
        var right = 0
        var wrongAction = 0
        var textSlotAccepts = 0
        var anyAccepts = 0
        var errors = 0
        var referenceWords = 0
        var scoredClips = 0
        var seconds = 0.0

        var wer: Double? { referenceWords > 0 ? Double(errors) / Double(referenceWords) : nil }
    }

    func run() throws {
        let paths = BenchmarkPaths()
        let home = DefinitionLoader.check(path: paths.homePhrases)
        let notes = DefinitionLoader.parse(Self.shortcutsYAML, file: "notes.yaml")
        guard !home.hasErrors, !notes.hasErrors else { throw BenchmarkError("phrase sets do not load") }
        let catalog = PhraseCatalog(shortcuts: home.shortcuts + notes.shortcuts)
        var options = RecognizerOptions(dictionaryFiles: [paths.dictionary])
        if dictationBeams == "default" {
            var dictation = options.decoder
            dictation.extraArguments = []
            options.dictationDecoder = dictation
        }
        let incant = try GrammarRecognizer(catalog: catalog, options: options)
        let interpreter = SpeechInterpreter(recognizer: incant, matcher: PhraseMatcher(catalog: catalog))
        let transcriber = try DictationTranscriber()
        let baseline = PhraseMatcher(catalog: catalog)
        let synthesizer = try SpeechSynthesizer(cacheDirectory: paths.synthesisCache)

        let bodies = try SentenceLists.lines(paths.root + "/Benchmarks/data/note-bodies.txt")
        let nonCommands = try SentenceLists.lines(paths.nonCommands)
        var conditions: [(String, [Case])] = []
        var requests: [(text: String, voice: SyntheticVoice)] = []
        for voice in voices {
            for (index, body) in bodies.enumerated() where index % stride == 0 {
                requests.append((Self.carriers[index / stride % 2].0 + " " + body, voice))
            }
            for (index, sentence) in nonCommands.enumerated() where index % stride == 0 {
                requests.append((sentence, voice))
            }
        }
        let carrierVoices = voices.filter { $0.engine != .espeak } + voices.filter { $0.engine == .espeak }
        for voice in carrierVoices { requests.append(("take a note", voice)) }
        try synthesizer.prepare(requests) { done, total in
            FileHandle.standardError.write(Data("synthesized \(done)/\(total)\n".utf8))
        }

        var synthetic: [Case] = []
        var unrelated: [Case] = []
        for voice in voices {
            for (index, body) in bodies.enumerated() where index % stride == 0 {
                // Carriers alternate among the bodies kept.
                let (carrier, shortcut, parameter) = Self.carriers[index / stride % 2]
                synthetic.append(
                    Case(
                        name: "\(voice): \(carrier) \(body)",
                        samples: try synthesizer.samples(carrier + " " + body, voice: voice), shortcut: shortcut,
                        parameter: parameter, reference: body))
            }
            for (index, sentence) in nonCommands.enumerated() where index % stride == 0 {
                unrelated.append(
                    Case(name: "\(voice): \(sentence)", samples: try synthesizer.samples(sentence, voice: voice)))
            }
        }
        conditions.append(("synthetic voices (\(voices.count)), carrier + note", synthetic))
        conditions.append(("synthetic unrelated sentences", unrelated))

        let coffee = CoffeeRecordings(paths: paths)
        if FileManager.default.fileExists(atPath: paths.coffeeLabels) {
            let realStride = realStride ?? stride
            let clips = try coffee.clips(limit: nil).enumerated().filter { $0.offset % realStride == 0 }.map(
                \.element)
            let coffeeCatalog = PhraseCatalog(shortcuts: try coffee.shortcuts())
            let coffeeInterpreter = SpeechInterpreter(
                recognizer: try GrammarRecognizer(
                    catalog: coffeeCatalog, options: RecognizerOptions(dictionaryFiles: [paths.dictionary])),
                matcher: PhraseMatcher(catalog: coffeeCatalog))
            var spliced: [Case] = []
            var alone: [Case] = []
            for (index, clip) in clips.enumerated() {
                let heard = coffeeInterpreter.interpret(
                    try coffeeInterpreter.recognizer.recognizeSynchronously(clip.samples))
                let reference =
                    clip.expected?.isMet(by: heard.accepted) == true ? heard.recognition.transcript : nil
                let voice = carrierVoices[index % carrierVoices.count]
                let carrier = try synthesizer.samples("take a note", voice: voice)
                spliced.append(
                    Case(
                        name: "\(voice) + \(clip.name)", samples: Self.splice(carrier, before: clip.samples),
                        shortcut: "take-note", parameter: "body", reference: reference))
                alone.append(Case(name: clip.name, samples: clip.samples))
            }
            conditions.append(("real coffee orders after a synthetic \"take a note\"", spliced))
            conditions.append(("real coffee orders alone (unrelated)", alone))
        } else {
            FileHandle.standardError.write(
                Data("no coffee recordings at \(paths.coffeeLabels): real speech left out\n".utf8))
        }

        var rows: [(String, Tally, Tally)] = []
        var wrong: [String] = []
        for (title, cases) in conditions {
            var mine = Tally()
            var theirs = Tally()
            for (index, item) in cases.enumerated() {
                if index % 20 == 0 {
                    FileHandle.standardError.write(Data("\(title): \(index)/\(cases.count)\n".utf8))
                }
                let start = ContinuousClock.now
                let understood = interpreter.interpret(try incant.recognizeSynchronously(item.samples))
                mine.seconds += seconds(since: start)
                let (transcript, baselineSeconds) = try transcriber.transcribe(item.samples, key: item.name)
                theirs.seconds += baselineSeconds
                let plain = transcript.isEmpty ? nil : baseline.match(transcript).accepted
                Self.count(understood.accepted, for: item, into: &mine)
                Self.count(plain, for: item, into: &theirs)
                if showWrong, understood.accepted?.shortcutID != item.shortcut {
                    wrong.append(
                        "\(item.name): heard \"\(understood.recognition.transcript)\" → "
                            + "\(understood.accepted?.shortcutID ?? "nothing") (\(understood.reason))")
                }
            }
            rows.append((title, mine, theirs))
        }
        print(report(rows))
        for line in wrong { print("- " + line) }
    }

    /// Adds the outcome of one case to `tally`.
    static func count(_ accepted: MatchCandidate?, for item: Case, into tally: inout Tally) {
        tally.clips += 1
        if accepted != nil { tally.anyAccepts += 1 }
        let textShortcuts = Set(carriers.map(\.1))
        if let id = accepted?.shortcutID, textShortcuts.contains(id) { tally.textSlotAccepts += 1 }
        guard let shortcut = item.shortcut else { return }
        guard let accepted, accepted.shortcutID == shortcut else {
            if accepted != nil { tally.wrongAction += 1 }
            return
        }
        tally.right += 1
        guard let reference = item.reference, let parameter = item.parameter else { return }
        let said = GrammarCompiler.spokenWords(reference)
        let heard = GrammarCompiler.spokenWords(accepted.parameters[parameter]?.description ?? "")
        tally.errors += wordEditDistance(said, heard)
        tally.referenceWords += said.count
        tally.scoredClips += 1
    }

    /// Levenshtein distance between two word sequences.
    static func wordEditDistance(_ a: [String], _ b: [String]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// `carrier` then `speech`, the carrier scaled to the speech's peak level.
    static func splice(_ carrier: [Int16], before speech: [Int16]) -> [Int16] {
        let carrierPeak = carrier.map { abs(Int($0)) }.max() ?? 1
        let speechPeak = speech.map { abs(Int($0)) }.max() ?? 1
        let gain = Double(speechPeak) / Double(max(1, carrierPeak))
        let scaled = carrier.map { Int16(clamping: Int((Double($0) * gain).rounded())) }
        return scaled + speech
    }

    func report(_ rows: [(String, Tally, Tally)]) -> String {
        func percent(_ count: Int, _ total: Int) -> String {
            total == 0 ? "–" : String(format: "%.1f%%", 100 * Double(count) / Double(total))
        }
        func wer(_ tally: Tally) -> String {
            tally.wer.map { String(format: "%.1f%% (%d clips)", 100 * $0, tally.scoredClips) } ?? "–"
        }
        func perClip(_ tally: Tally) -> String {
            tally.clips == 0 ? "–" : String(format: "%.2f s", tally.seconds / Double(tally.clips))
        }
        var lines = [
            "| speech | clips | Incant: right shortcut | Incant: wrong action | Incant: text WER | plain dictation: right shortcut | plain dictation: wrong action | plain dictation: text WER | time per clip (Incant / plain) |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for (title, mine, theirs) in rows where mine.clips > 0 && !title.contains("unrelated") {
            lines.append(
                "| \(title) | \(mine.clips) | \(percent(mine.right, mine.clips)) | \(percent(mine.wrongAction, mine.clips)) | \(wer(mine)) | \(percent(theirs.right, theirs.clips)) | \(percent(theirs.wrongAction, theirs.clips)) | \(wer(theirs)) | \(perClip(mine)) / \(perClip(theirs)) |"
            )
        }
        lines += [
            "",
            "| unrelated speech | clips | Incant: runs a text-slot shortcut | Incant: runs anything | plain dictation: runs a text-slot shortcut | plain dictation: runs anything |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for (title, mine, theirs) in rows where mine.clips > 0 && title.contains("unrelated") {
            lines.append(
                "| \(title) | \(mine.clips) | \(percent(mine.textSlotAccepts, mine.clips)) | \(percent(mine.anyAccepts, mine.clips)) | \(percent(theirs.textSlotAccepts, theirs.clips)) | \(percent(theirs.anyAccepts, theirs.clips)) |"
            )
        }
        return lines.joined(separator: "\n")
    }
}
