import Foundation
import IncantGrammar
import IncantPhrases
import IncantRecognition

/// Grammar compile time and decode speed at growing phrase counts (synthetic home-automation
/// phrases from ``SyntheticPhrases``, as in the `match` benchmark), Incant's FSG against the
/// plain JSGF, decoding a few synthesized utterances of phrases in the set.
///
/// Each size gets fresh recognizers: `GrammarRecognizer.reload` cannot be used here, because
/// at commit fbe61d3 it throws when a new word has alternative pronunciations in the model's
/// dictionary ("cannot add 'printer' pronounced 'P R IH N ER'").
struct GrammarScaling {
    let sizes: [Int]
    let utterances: Int
    let synthesizer: SpeechSynthesizer
    let dictionaryFiles: [String]
    /// The JSGF baseline is skipped at larger sizes once one utterance took longer than this.
    static let baselineDecodeLimit = 30.0

    /// One phrase count's figures.
    struct Row: Sendable {
        var phrases: Int
        var fsgStates = 0
        var fsgTransitions = 0
        /// `GrammarCompiler.compile` alone (JSGF text and FSG).
        var compileSeconds = 0.0
        /// Building the recognizer: decoder with the grammar's dictionary, grammar, phone loop.
        var incantLoadSeconds: Double?
        var jsgfLoadSeconds: Double?
        var incant: ConditionScore?
        var jsgf: ConditionScore?
        var note = ""
    }

    /// Measures every size; a failure is noted in its row instead of ending the benchmark.
    func run() -> [Row] {
        var baselineTooSlow = false
        var rows: [Row] = []
        for size in sizes {
            var row = Row(phrases: size)
            do {
                try measure(&row, skipBaseline: baselineTooSlow)
            } catch {
                row.note += (row.note.isEmpty ? "" : "; ") + "failed: \(error)"
            }
            if let jsgf = row.jsgf, jsgf.decodeSeconds.contains(where: { $0 > Self.baselineDecodeLimit }) {
                baselineTooSlow = true
            }
            rows.append(row)
        }
        return rows
    }

    func measure(_ row: inout Row, skipBaseline: Bool) throws {
        var generator = SyntheticPhrases(seed: 42)
        let (yaml, sentences) = generator.definitions(phraseCount: row.phrases)
        let parsed = DefinitionLoader.parse(yaml, file: "synthetic.yaml")
        guard !parsed.hasErrors else { throw BenchmarkError("synthetic phrases: \(parsed.diagnostics.prefix(3))") }
        let catalog = PhraseCatalog(shortcuts: parsed.shortcuts)
        let matcher = PhraseMatcher(catalog: catalog)

        let compileStart = ContinuousClock.now
        let grammar = GrammarCompiler.compile(catalog)
        row.compileSeconds = seconds(since: compileStart)
        row.fsgStates = grammar.fsgStates
        row.fsgTransitions = grammar.fsgTransitions

        // Utterances: phrases spread over the set; phrase i belongs to shortcut device-(i / 10).
        let voice = SyntheticVoice(engine: .espeak, voice: "en-us", rate: 160)
        let picks = (0..<utterances).map { $0 * sentences.count / utterances + sentences.count / (2 * utterances) }
        let clips = try picks.map { index in
            SpeechClip(
                name: sentences[index], samples: try synthesizer.samples(sentences[index], voice: voice),
                expected: Expectation(shortcutID: "device-\(index / 10)", parameters: [:]))
        }

        var start = ContinuousClock.now
        let incant = try GrammarRecognizer(
            catalog: catalog, options: RecognizerOptions(dictionaryFiles: dictionaryFiles))
        row.incantLoadSeconds = seconds(since: start)
        let interpreter = SpeechInterpreter(recognizer: incant, matcher: matcher)
        var incantScore = ConditionScore()
        for clip in clips {
            start = ContinuousClock.now
            let recognition = try incant.recognizeSynchronously(clip.samples)
            let accepted = interpreter.interpret(recognition).accepted
            incantScore.add(
                Understanding(
                    accepted: accepted, transcript: recognition.transcript, decodeSeconds: recognition.decodeSeconds,
                    resultSeconds: seconds(since: start)), clip: clip)
        }
        row.incant = incantScore
        FileHandle.standardError.write(Data("scaling: \(row.phrases) phrases, Incant done\n".utf8))

        guard !skipBaseline else {
            row.note =
                "JSGF baseline skipped: an utterance took over \(Int(Self.baselineDecodeLimit)) s at the previous size"
            return
        }
        start = ContinuousClock.now
        let baseline = try GrammarRecognizer(
            catalog: catalog, options: JSGFBaselineSystem.options(dictionaryFiles: dictionaryFiles))
        row.jsgfLoadSeconds = seconds(since: start)
        var jsgfScore = ConditionScore()
        for clip in clips {
            start = ContinuousClock.now
            let recognition = try baseline.recognizeSynchronously(clip.samples)
            let accepted =
                recognition.transcript.isEmpty ? nil : matcher.match(transcripts: [recognition.transcript]).accepted
            jsgfScore.add(
                Understanding(
                    accepted: accepted, transcript: recognition.transcript, decodeSeconds: recognition.decodeSeconds,
                    resultSeconds: seconds(since: start)), clip: clip)
        }
        row.jsgf = jsgfScore
        FileHandle.standardError.write(Data("scaling: \(row.phrases) phrases, JSGF baseline done\n".utf8))
    }
}
