import Foundation
import IncantCapture
import IncantListening
import IncantProcess
import IncantSoundFile

/// Plays the wake word's earcon (`--wake-earcon`): a short WAV handed on standard input to
/// `aplay -q -`, or to `$INCANT_PLAY_COMMAND` (a program that reads a WAV file on standard
/// input), run directly, never through a shell. When it cannot be played, one warning is
/// printed and later calls are silent.
final class Earcon: EarconPlayer {
    /// The longest earcon accepted, in seconds: it holds up the command that follows.
    static let longest = 3.0
    /// The value of `--wake-earcon` that plays the built-in chime.
    static let chimeName = "chime"

    /// The WAV file's bytes (16-bit mono at 16 kHz).
    let wav: [UInt8]
    private let command: [String]
    private let failure = FailureNotice()

    /// - Parameter custom: the playing program (`IncantPaths/playCommand`), or nil for aplay.
    init(samples: [Int16], command custom: String?) {
        wav = [UInt8](WAVFile.encode(samples))
        command = custom.map { [$0] } ?? ["aplay", "-q", "-"]
    }

    /// The built-in chime, or the WAV file at `value` (any rate and channel count; at most
    /// ``longest`` seconds). `option` names the setting in errors.
    static func named(_ value: String, option: String, command: String?) throws -> Earcon {
        if value == chimeName { return Earcon(samples: chime, command: command) }
        let samples: [Int16]
        do {
            samples = try WAVFile.readSamples(path: value, decoder: SoundFileDecoder())
        } catch let error as CaptureError {
            throw CommandFailure(message: "\(option): \(error)", status: ExitStatus.noInput)
        }
        let seconds = Double(samples.count) / Double(AudioFormat.sampleRate)
        guard seconds <= longest else {
            throw CommandFailure(
                message: String(
                    format: "%@: %@ lasts %.1f s; an earcon may last at most %.0f s", option, value, seconds, longest),
                status: ExitStatus.usage)
        }
        return Earcon(samples: samples, command: command)
    }

    /// Two short notes, A5 then E6, 0.2 s in all, faded in and out.
    static let chime: [Int16] = {
        let rate = Double(AudioFormat.sampleRate)
        var samples: [Int16] = []
        for (frequency, seconds) in [(880.0, 0.08), (1318.5, 0.12)] {
            let count = Int(seconds * rate)
            let fade = Int(0.005 * rate)
            for index in 0..<count {
                let edge = min(1, Double(min(index, count - 1 - index)) / Double(fade))
                let value = sin(2 * .pi * frequency * Double(index) / rate) * 0.3 * edge
                samples.append(Int16(value * Double(Int16.max)))
            }
        }
        return samples
    }()

    /// Plays the earcon and returns when it has been played (at once when playing failed before).
    func play() async {
        guard !failure.hasFailed else { return }
        let launch = ProcessLaunch(
            executablePath: "/usr/bin/env", arguments: command, standardInput: wav, timeout: .seconds(10),
            outputLimit: 0)
        var status: Int32?
        if let result = try? await ProcessRunner.run(launch), case .exited(let code) = result.termination {
            status = code
        }
        if status != 0 {
            failure.note(doing: "play the earcon", program: command[0], status: status, instead: "playing nothing")
        }
    }
}
