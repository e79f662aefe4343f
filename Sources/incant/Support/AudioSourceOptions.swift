import ArgumentParser
import Foundation
import IncantALSA
import IncantCapture
import IncantSoundFile

/// Where `listen` and `phrases record` take audio from, and how utterances are cut from it.
struct AudioSourceOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "ALSA capture device, as for `arecord -D` (default: `device:` in config.yaml, else default).",
            valueName: "name"))
    var device: String?

    @Option(
        name: .customLong("file"),
        help: ArgumentHelp(
            "Read a WAV file instead of a device (for `phrases record`: one per take).", valueName: "file"))
    var files: [String] = []

    @Flag(help: "Read raw 16 kHz mono s16le audio from standard input.")
    var stdin = false

    @Flag(help: "Play --file in real time (20 ms chunks, as a microphone delivers them).")
    var realTime = false

    @Option(
        name: .customLong("trailing-silence"),
        help: ArgumentHelp(
            "Silence (ms) that ends an utterance (default: `trailing-silence:` in config.yaml, else 300).",
            valueName: "ms"))
    var trailingSilenceOption: Int?

    /// `--trailing-silence`, else the configuration file's, else 300 ms.
    var trailingSilence: Int { trailingSilenceOption ?? Settings.configuration.trailingSilence ?? 300 }

    @Option(help: ArgumentHelp("Longest utterance (seconds); longer speech is cut.", valueName: "seconds"))
    var maxUtterance: Double = 12

    @Option(
        help: ArgumentHelp(
            "Start decoding this long (ms) after the last speech, while the trailing silence runs (at most 150: the audio kept after speech).",
            valueName: "ms"))
    var speculateAfter: Int = Int(EndpointerSettings().speculationDelay / .milliseconds(1))

    func validate() throws {
        let chosen = (device == nil ? 0 : 1) + (files.isEmpty ? 0 : 1) + (stdin ? 1 : 0)
        guard chosen <= 1 else { throw ValidationError("give only one of --device, --file and --stdin") }
        guard !realTime || !files.isEmpty else { throw ValidationError("--real-time applies to --file") }
        guard (10...10_000).contains(speculateAfter) else {
            throw ValidationError("--speculate-after must be between 10 and 10000 ms")
        }
        if let trailingSilenceOption, !(50...10_000).contains(trailingSilenceOption) {
            throw ValidationError("--trailing-silence must be between 50 and 10000 ms")
        }
        guard maxUtterance >= 1, maxUtterance <= 300 else {
            throw ValidationError("--max-utterance must be between 1 and 300 seconds")
        }
    }

    /// Endpointing settings from `--trailing-silence` and `--max-utterance`.
    var endpointer: EndpointerSettings {
        var settings = EndpointerSettings(
            trailingSilence: .milliseconds(trailingSilence), maximumUtterance: .milliseconds(Int(maxUtterance * 1000)))
        settings.postRoll = min(settings.postRoll, settings.trailingSilence)
        settings.speculationDelay = .milliseconds(speculateAfter)
        return settings
    }

    /// Whether audio arrives in real time (a device), so that the echo of a spoken question can
    /// be told from the answer by when it was said.
    var isLive: Bool { files.isEmpty && !stdin }

    /// The one source of `listen`: the device (opened again with `reopening` when it goes
    /// away), the file, or standard input.
    func source(reopening: DeviceReopening? = nil) throws -> any AudioSource {
        if stdin { return StandardInputSource() }
        if files.count > 1 {
            throw CommandFailure(message: "--file can be given once for listen", status: ExitStatus.usage)
        }
        if let file = files.first {
            // A quiet recording is raised as a whole, as `recognize` raises it.
            return realTime
                ? WAVFileSource(
                    path: file, chunkSize: 320, realTime: true, raisesQuietAudio: true, decoder: SoundFileDecoder())
                : WAVFileSource(path: file, raisesQuietAudio: true, decoder: SoundFileDecoder())
        }
        return ALSACaptureSource(device: deviceName, reopening: reopening)
    }

    /// `--device`, else the configuration file's, else `default`.
    var deviceName: String {
        device ?? Settings.configuration.device ?? "default"
    }
}

/// Maps capture errors to exit statuses: a missing or busy device and unreadable files are
/// "no input" (66), a read failure mid-stream is an I/O error (74).
func captureFailure(_ error: any Error) -> CommandFailure {
    if let failure = error as? CommandFailure { return failure }
    guard let capture = error as? CaptureError else {
        return CommandFailure(message: "\(error)", status: ExitStatus.io)
    }
    switch capture {
    case .readFailed, .unwritableFile: return CommandFailure(message: capture.description, status: ExitStatus.io)
    default: return CommandFailure(message: capture.description, status: ExitStatus.noInput)
    }
}
