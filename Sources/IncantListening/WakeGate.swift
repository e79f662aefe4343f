import IncantCapture
import IncantSpeech

/// Lets through only the commands that follow a wake word: in the same utterance ("computer,
/// lights off") or as the next utterance within the wake window.
struct WakeGate {
    /// What to do with an utterance.
    enum Verdict {
        /// Recognize this (the utterance, or what follows the wake word in it).
        case command(Utterance)
        /// The wake word alone: the command is the next utterance within the window.
        case awaitingCommand(WakeDetection)
        /// Not acted on.
        case ignored(DecisionRejection)
        /// The detector failed.
        case failed(any Error)
    }

    let settings: WakeWordSettings?
    /// Cuts what follows a wake word into a command.
    let detector: any UtteranceDetector
    /// The stream before the front ends, for the wake-word detector to hear too; nil when it
    /// hears one view (no front end changes the audio, or the settings say so).
    let unprocessed: UnprocessedAudioTap?
    /// The last stream sample at which a command may start after a wake word alone.
    private var awakeUntil: Int?

    init(settings: WakeWordSettings?, detector: any UtteranceDetector, unprocessed: UnprocessedAudioTap? = nil) {
        self.settings = settings
        self.detector = detector
        self.unprocessed = unprocessed
    }

    var isEnabled: Bool { settings != nil }

    /// The wake word found in an utterance, and the speech after it in the same breath (nil
    /// when none follows).
    struct Heard: Sendable {
        let detection: WakeDetection
        let rest: Utterance?
    }

    /// What to do with `utterance`; `known` is the wake word already found in it, if it was
    /// looked for.
    mutating func command(in utterance: Utterance, known: Heard? = nil) async -> Verdict {
        guard let settings else { return .command(utterance) }
        if let until = awakeUntil {
            awakeUntil = nil
            if utterance.speechStartSample <= until { return .command(utterance) }
        }
        var heard = known
        if heard == nil {
            do {
                heard = try await wakeWord(in: utterance)
            } catch {
                return .failed(error)
            }
        }
        guard let heard else { return .ignored(.noWakeWord) }
        if let rest = heard.rest { return .command(rest) }
        awakeUntil = utterance.endSample + AudioFormat.sampleCount(for: settings.window)
        return .awaitingCommand(heard.detection)
    }

    /// The wake word in `utterance` and the speech after it, or nil when the wake word is not
    /// in it; opens no window. Throws what the detector throws.
    func wakeWord(in utterance: Utterance) async throws -> Heard? {
        guard let wake = settings?.detector else { return nil }
        let before = unprocessed?.samples(in: utterance.startSample..<utterance.endSample)
        guard let detection = try await DecodingQueue.run({ try wake.detect(in: utterance, unprocessed: before) })
        else { return nil }
        return Heard(detection: detection, rest: command(after: detection, in: utterance))
    }

    /// Opens the window again from stream sample `sample` (the end of a spoken reply), when a
    /// wake word said alone is waiting for its command.
    mutating func awaitCommand(from sample: Int) {
        guard let settings, let until = awakeUntil else { return }
        awakeUntil = max(until, sample + AudioFormat.sampleCount(for: settings.window))
    }

    /// The speech after the wake word in `utterance`, cut by the utterance detector; nil when
    /// none follows.
    private func command(after detection: WakeDetection, in utterance: Utterance) -> Utterance? {
        let offset = min(max(0, detection.endSample), utterance.samples.count)
        var cutter = detector
        var found = cutter.process(Array(utterance.samples[offset...]))
        if let last = cutter.finish() { found.append(last) }
        guard let first = found.first else { return nil }
        let origin = utterance.startSample + offset
        return Utterance(
            samples: first.samples, startSample: origin + first.startSample,
            speechStartSample: origin + first.speechStartSample, speechEndSample: origin + first.speechEndSample,
            endReason: utterance.endReason)
    }
}
