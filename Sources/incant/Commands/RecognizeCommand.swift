import ArgumentParser
import Foundation
import IncantPhrases
import IncantRecognition

/// `incant recognize FILE...`: what each recording says, and which shortcut it would run.
struct RecognizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognize",
        abstract: "Recognize recordings against your phrases (no dispatch).",
        discussion: """
            Each FILE is a WAV file (16 kHz mono 16-bit, or converted), or - for standard input \
            (WAV, or raw 16 kHz mono s16le). With --json, one object per line: {"file", \
            "transcript", "accepted", "shortcut", "parameters", "confidence", "audioSeconds", \
            "decodeSeconds", …}.
            """)

    @Argument(help: "Recordings to recognize (none with --print-grammar).") var files: [String] = []
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var matching: MatchOptionGroup
    @OptionGroup var speech: SpeechOptions
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
            let recognizer = try speech.makeRecognizer(for: loaded)
            if printGrammar {
                print(recognizer.grammar.jsgf, terminator: "")
                return
            }
            guard !files.isEmpty else {
                throw CommandFailure(message: "no files to recognize", status: ExitStatus.usage)
            }
            let interpreter = SpeechInterpreter(
                recognizer: recognizer, matcher: PhraseMatcher(catalog: loaded, options: try matching.options()))
            var failed = false
            for file in files {
                let samples: [Int16]
                do {
                    samples = try AudioInput.samples(from: file)
                } catch let failure as CommandFailure {
                    StandardError.print("incant: \(failure.message)")
                    failed = true
                    continue
                }
                let result = interpreter.interpret(try recognizer.recognizeSynchronously(samples))
                let report = RecognitionReport(file: file, speech: result)
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

    init(file: String, speech: SpeechMatch) {
        self.file = file
        transcript = speech.recognition.transcript
        alternatives = speech.recognition.alternatives
        let accepted = speech.accepted
        self.accepted = accepted != nil
        shortcut = accepted?.shortcutID
        parameters = accepted?.parameters ?? [:]
        confidence = Self.round(speech.confidence)
        matchConfidence = Self.round(speech.match.best?.confidence ?? 0)
        acousticConfidence = Self.round(speech.recognition.acousticConfidence)
        scoreMargin = speech.recognition.scoreMargin.isFinite ? Self.round(speech.recognition.scoreMargin) : nil
        reason = speech.reason
        evidence = speech.recognition.evidence.map { Self.finite($0) }
        audioSeconds = Self.round(speech.recognition.audioSeconds)
        decodeSeconds = Self.round(speech.recognition.decodeSeconds)
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
        // Words past the measured audio count as infinitely loud: reported as -1e9 dB below the peak.
        copy.wordsBelowPeak = evidence.wordsBelowPeak.isFinite ? round(evidence.wordsBelowPeak) : -1e9
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
