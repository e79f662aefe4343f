import ArgumentParser
import Foundation
import IncantCapture
import IncantListening
import IncantPhrases
import IncantRecognition
import IncantSpeech
import Synchronization

/// `incant recognize FILE...`: what each recording says, and which shortcut it would run.
struct RecognizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognize",
        abstract: "Recognize recordings against your phrases (no dispatch).",
        discussion: """
            Each FILE is a recording (WAV, FLAC, Ogg …; converted to 16 kHz mono), or - for \
            standard input (WAV, or raw 16 kHz mono s16le). Each file goes through the same \
            pipeline as `incant listen --file FILE` (utterance detection, the phrase search and \
            its acceptance check, matching), so it is decided as listen decides it, only nothing \
            runs. A recording's command is the first utterance listen would run, past any it \
            rejects before it (a clatter, other speech); when it would run none, the first it \
            would ask about (a word it could not tell from another, an ambiguous command); \
            when there is none either, the first utterance's decision. With --json, one object \
            per line: {"file", "transcript", "accepted", "shortcut", "parameters", \
            "confidence", "audioSeconds", "decodeSeconds", …}.
            """)

    @Argument(help: "Recordings to recognize (none with --print-grammar).") var files: [String] = []
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var matching: MatchOptionGroup
    @OptionGroup var speech: SpeechOptions
    @OptionGroup var phrasePause: PhrasePauseOption
    @Flag(help: "One JSON object per line.") var json = false
    @Flag(help: "Print the compiled JSGF grammar and exit.") var printGrammar = false

    func validate() throws {
        guard printGrammar || !files.isEmpty else {
            throw ValidationError("give one or more recordings to recognize, or --print-grammar")
        }
    }

    func run() async throws {
        try await withExitStatus {
            let loaded = try catalog.loadCatalog()
            let engine = try speech.makeRecognizer(for: loaded, parallelPhoneLoop: true)
            if printGrammar {
                print(engine.grammar.jsgf, terminator: "")
                return
            }
            guard !files.isEmpty else {
                throw CommandFailure(message: "no files to recognize", status: ExitStatus.usage)
            }
            // The listener's own pipeline, without running anything: each file is decided
            // exactly as `incant listen --file FILE --once` would decide it.
            let recognizer = PocketSphinxRecognizer(engine)
            let matchOptions = try matching.options()
            // Made (and so checked) before any file is read; each file gets front ends of its
            // own (a denoiser's state would carry one recording into the next).
            var unused: [any AudioFrontEnd]? = try speech.frontEnds()
            let bypass = try speech.bypass()
            let highPass = try speech.highPassCutoff()
            var failed = false
            for file in files {
                let samples: [Int16]
                do {
                    // A quiet recording is raised before the front end: the denoiser removes quiet speech.
                    samples = QuietAudioGain.raised(try AudioInput.samples(from: file))
                } catch let failure as CommandFailure {
                    StandardError.print("incant: \(failure.message)")
                    failed = true
                    continue
                }
                var configuration = ListenerConfiguration(
                    source: SampleBufferSource(samples, description: file), recognizer: recognizer,
                    catalog: loaded, frontEnds: try unused.take() ?? speech.frontEnds(warns: false),
                    matchOptions: matchOptions,
                    runsShortcuts: false)
                // The recording's command: listening ends at the first utterance it would run.
                configuration.maximumCommands = 1
                // A file cannot be asked "Did you say …?".
                configuration.unclearCommands = .never
                configuration.frontEndBypass = bypass
                configuration.highPassCutoff = highPass
                phrasePause.apply(to: &configuration)
                let listener = Listener(configuration)
                // The first decision, the first not rejected (listen would ask about it), and
                // the last: listening ends at the first command run.
                let turns = Mutex<(first: ListenerTurn?, asked: ListenerTurn?, last: ListenerTurn?)>((nil, nil, nil))
                try await listener.run { event in
                    if case .turn(let decided) = event {
                        let asked = decided.understanding.decision.isRejected ? nil : decided
                        turns.withLock { $0 = ($0.first ?? decided, $0.asked ?? asked, decided) }
                    }
                }
                let decided = turns.withLock { $0 }
                let command = decided.last.flatMap { $0.understanding.decision.accepted == nil ? nil : $0 }
                let report = RecognitionReport(
                    file: file, turn: command ?? decided.asked ?? decided.first,
                    audioSeconds: Double(samples.count) / Double(AudioFormat.sampleRate))
                print(json ? try JSON.line(report) : report.summary)
            }
            if failed { throw ExitCode(ExitStatus.noInput) }
        }
    }
}

/// One line of `incant recognize`.
struct RecognitionReport: Encodable {
    var file: String
    var transcript: String
    var alternatives: [String]
    var accepted: Bool
    var shortcut: String?
    var parameters: [String: ParameterValue]
    var confidence: Double
    var matchConfidence: Double
    var acousticConfidence: Double
    var scoreMargin: Double?
    var evidence: AcousticEvidence?
    var reason: String
    var audioSeconds: Double
    var decodeSeconds: Double

    /// The report of `turn`, the utterance of `file` that speaks for it (nil: no speech was heard).
    init(file: String, turn: ListenerTurn?, audioSeconds: Double) {
        self.file = file
        let understanding = turn?.understanding
        let recognition = understanding?.recognition
        transcript = recognition?.transcript ?? ""
        alternatives = recognition?.transcripts ?? []
        let accepted = understanding?.decision.accepted
        self.accepted = accepted != nil
        shortcut = accepted?.shortcutID
        parameters = accepted?.parameters ?? [:]
        confidence = Self.round(understanding?.confidence ?? 0)
        matchConfidence = Self.round(understanding?.match.best?.confidence ?? 0)
        acousticConfidence = Self.round(recognition?.confidence ?? 0)
        let diagnostics = recognition?.diagnostics as? PocketSphinxDiagnostics
        scoreMargin = diagnostics?.scoreMargin.map(Self.round)
        evidence = diagnostics?.evidence.map { Self.finite($0) }
        reason = understanding?.reason ?? "no speech was heard"
        self.audioSeconds = Self.round(audioSeconds)
        decodeSeconds = Self.round(recognition?.decodeSeconds ?? 0)
    }

    static func round(_ value: Double) -> Double { JSON.rounded(value) }

    /// JSON has no infinity: an utterance with no spoken word reports the lowest margins as -1e9.
    static func finite(_ evidence: AcousticEvidence) -> AcousticEvidence {
        var copy = evidence
        copy.worstWordMargin = evidence.worstWordMargin.isFinite ? round(evidence.worstWordMargin) : -1e9
        copy.meanWordMargin = evidence.meanWordMargin.isFinite ? round(evidence.meanWordMargin) : -1e9
        copy.utteranceMargin = round(evidence.utteranceMargin)
        copy.coverage = round(evidence.coverage)
        copy.support = round(evidence.support)
        copy.voicing = round(evidence.voicing)
        copy.phoneAgreement = round(evidence.phoneAgreement)
        copy.voicedCoverage = round(evidence.voicedCoverage)
        copy.wordLoopMargin = evidence.wordLoopMargin.map(round)
        // Words past the measured audio count as infinitely loud: reported as -1e9 dB below the peak.
        copy.wordsBelowPeak = evidence.wordsBelowPeak.isFinite ? round(evidence.wordsBelowPeak) : -1e9
        copy.eachWordBelowPeak = evidence.eachWordBelowPeak.map { $0.isFinite ? round($0) : -1e9 }
        // Not measured (no loudness levels): reported as 1e9 dB, far above any background.
        copy.wordsAboveBackground =
            evidence.wordsAboveBackground.isFinite ? round(evidence.wordsAboveBackground) : 1e9
        return copy
    }

    var summary: String {
        var line = "\(file): \"\(transcript)\""
        if let shortcut {
            let values = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            line += " → \(shortcut)" + (values.isEmpty ? "" : " " + values)
            line += String(format: " (confidence %.2f)", confidence)
        } else {
            line += " → rejected: \(reason)"
        }
        return line + String(format: " [%.2fs audio, %.3fs decode]", audioSeconds, decodeSeconds)
    }
}
