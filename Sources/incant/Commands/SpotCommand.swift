import ArgumentParser
import Foundation
import IncantCapture
import IncantRecognition
import IncantSoundFile

/// `incant spot`: find a wake phrase in recordings, for testing a wake word before listening for it.
struct SpotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spot",
        abstract: "Find a wake word in WAV files.",
        discussion: """
            Searches each file from start to end (any length: long recordings are searched in \
            overlapping pieces), heard as it is and through the front end as `listen` hears the \
            microphone (--front-end; identity: the audio as it is alone; the front end runs only \
            around the places the audio as it is proposes), and prints where the wake phrase was \
            heard, one line per file, or with --json one object per file: {"file", "detections": \
            [{"start", "end", "confidence"}], "audioSeconds", "decodeSeconds"} (times in \
            seconds); with --evidence each detection also holds what decided it: {"margin", \
            "wordMargins", "phoneAgreement", "isolation", "spottingScore"}. A file that cannot \
            be read is reported and the others are still searched; the exit status is then 66.
            """)

    @Option(name: .customLong("wake"), help: ArgumentHelp("The wake word or short phrase.", valueName: "phrase"))
    var phrase: String

    @Option(
        name: .customLong("wake-threshold"),
        help: ArgumentHelp(
            "Report detections of at least this confidence, 0–1 (default: `wake-threshold:` in config.yaml, else "
                + "\(WakeWordOptions().threshold)).", valueName: "confidence"))
    var threshold: Double?

    @Option(
        name: .customLong("wake-accent"),
        help: WakeOptionGroup.accentHelp)
    var accent: String?

    @Flag(help: "Print one JSON object per file.")
    var json = false

    @Flag(help: "With --json, add to each detection the measurements its confidence was computed from.")
    var evidence = false

    @OptionGroup var speech: SpeechOptions

    @Argument(help: ArgumentHelp("WAV files (16 kHz mono is read as is; others are converted).", valueName: "file"))
    var files: [String]

    func validate() throws {
        if evidence && !json { throw ValidationError("--evidence adds to the JSON output: use it with --json") }
    }

    func run() async throws {
        try await withExitStatus {
            let detector = try WakeOptionGroup.detector(
                phrase, threshold: threshold, accent: accent, speech: speech)
            let highPass = try speech.highPassCutoff()
            var status = ExitStatus.success
            for (index, file) in files.enumerated() {
                do {
                    // One front end per file, so that a file is heard the same whatever came
                    // before it; within the file it runs on demand, on stretches of one stream,
                    // and restarts warm for each.
                    let frontEnd = try speech.makeFrontEnd(warns: index == 0, restart: .warm)
                    let report = try Self.search(
                        file, with: detector, through: frontEnd,
                        highPass: highPass.map { HighPassFilter(cutoff: $0) }, evidence: evidence)
                    let line = json ? try JSON.line(report) : report.summary
                    try FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
                } catch let failure as CommandFailure {
                    throw failure
                } catch {
                    StandardError.print("incant: \(file): \(error)")
                    status = ExitStatus.noInput
                }
            }
            if status != ExitStatus.success { throw ExitCode(status) }
        }
    }

    /// One file's detections, read in pieces so that a long recording is never held whole, each
    /// piece through `highPass` first, as `listen` hears it, and through `frontEnd` (one stream
    /// per file; its output lines up with the input); `evidence`: each detection with the
    /// measurements behind it.
    static func search(
        _ path: String, with detector: PocketSphinxWakeWordDetector, through frontEnd: any AudioFrontEnd,
        highPass: HighPassFilter?, evidence: Bool
    ) throws -> SpotReport {
        let file = try WAVFile(path: path, decoder: SoundFileDecoder())
        // Through a front end that changes the audio, both views are searched, as `listen`
        // does; the front end runs only around the places found in the audio as it is.
        var scanner = WakeWordScanner(
            detector: detector, secondView: frontEnd is IdentityFrontEnd ? .none : .onDemand(frontEnd))
        var found: [WakeCandidate] = []
        let start = ContinuousClock.now
        // A quiet recording is raised before the front end (the denoiser removes quiet speech).
        let gain = QuietAudioGain.gain(of: file)
        try file.readOnce(inPiecesOf: AudioFormat.sampleRate * 10) { samples, _ in
            let raised = QuietAudioGain.applying(gain, to: samples)
            found += try scanner.process(highPass?.process(raised) ?? raised)
            return true
        }
        found += try scanner.finish()
        let decoding = (ContinuousClock.now - start).inSeconds
        let rate = Double(AudioFormat.sampleRate)
        return SpotReport(
            file: path,
            detections: found.filter { $0.confidence >= detector.options.threshold }.map {
                SpotReport.Detection(
                    start: JSON.rounded(Double($0.startSample) / rate), end: JSON.rounded(Double($0.endSample) / rate),
                    confidence: JSON.rounded($0.confidence), evidence: evidence ? SpotReport.Evidence($0) : nil)
            },
            audioSeconds: JSON.rounded(Double(file.sampleCount) / rate), decodeSeconds: JSON.rounded(decoding))
    }
}

/// What `incant spot` prints for one file.
struct SpotReport: Encodable {
    struct Detection: Encodable {
        var start: Double
        var end: Double
        var confidence: Double
        /// With `--evidence`: what the confidence was computed from.
        var evidence: Evidence?
    }

    /// A detection's measurements (``WakeCandidate``), rounded for printing.
    struct Evidence: Encodable {
        var margin: Double
        var wordMargins: [Double]
        var phoneAgreement: Double
        var isolation: Double
        var spottingScore: Double

        init(_ candidate: WakeCandidate) {
            margin = JSON.rounded(candidate.margin)
            wordMargins = candidate.wordMargins.map { JSON.rounded($0) }
            phoneAgreement = JSON.rounded(candidate.phoneAgreement)
            isolation = JSON.rounded(candidate.isolation)
            spottingScore = JSON.rounded(candidate.spottingScore)
        }
    }

    var file: String
    var detections: [Detection]
    var audioSeconds: Double
    var decodeSeconds: Double

    /// `file: 2 detections: 1.23–1.87s (0.91), …`.
    var summary: String {
        guard !detections.isEmpty else { return "\(file): not heard" }
        return "\(file): "
            + detections.map { String(format: "%.2f–%.2fs (%.2f)", $0.start, $0.end, $0.confidence) }
            .joined(separator: ", ")
    }
}
