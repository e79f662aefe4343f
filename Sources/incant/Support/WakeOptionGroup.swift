import ArgumentParser
import Foundation
import IncantListening
import IncantRecognition

/// The wake-phrase options of `listen`: a phrase said before each command.
struct WakeOptionGroup: ParsableArguments {
    @Option(
        name: .customLong("wake"),
        help: ArgumentHelp(
            "Act only on commands after this wake word or short phrase (default: `wake:` in config.yaml, else none).",
            valueName: "phrase"))
    var phraseOption: String?

    /// `--wake`, else the configuration file's `wake:`.
    var phrase: String? { phraseOption ?? Settings.configuration.wake }

    @Option(
        name: .customLong("wake-window"),
        help: ArgumentHelp(
            "After the wake phrase said alone, how long the next utterance counts as the command "
                + "(default: `wake-window:` in config.yaml, else 5).", valueName: "seconds"))
    var windowOption: Double?

    @Option(
        name: .customLong("wake-threshold"),
        help: ArgumentHelp(
            "Ignore wake-phrase detections below this confidence, 0–1 (default: `wake-threshold:` in config.yaml, "
                + "else \(WakeWordOptions().threshold)).", valueName: "confidence"))
    var thresholdOption: Double?

    @Option(
        name: .customLong("wake-accent"),
        help: WakeOptionGroup.accentHelp)
    var accentOption: String?

    @Option(
        name: .customLong("wake-reply"),
        help: ArgumentHelp(
            "With --speak, what to say when the wake phrase comes alone, before the command, e.g. \"yes?\" "
                + "(default: `wake-reply:` in config.yaml, else nothing).", valueName: "text"))
    var replyOption: String?

    @Option(
        name: .customLong("wake-earcon"),
        help: ArgumentHelp(
            "A short sound played when the wake phrase comes alone, before the command: \"chime\" or a WAV file "
                + "of at most 3 s, played with aplay (or $INCANT_PLAY_COMMAND) "
                + "(default: `wake-earcon:` in config.yaml, else none).", valueName: "chime|file"))
    var earconOption: String?

    /// The wake-word settings, or nil when no phrase is set.
    func settings(speech: SpeechOptions) throws -> WakeWordSettings? {
        guard let phrase else {
            // A sound or a reply for a wake phrase that is not listened for would never play.
            if let option = earconOption.map({ _ in "--wake-earcon" }) ?? replyOption.map({ _ in "--wake-reply" }) {
                throw CommandFailure(
                    message: "\(option) needs a wake phrase (--wake, or wake: in config.yaml)", status: ExitStatus.usage
                )
            }
            return nil
        }
        let window = windowOption ?? Settings.configuration.wakeWindow ?? 5
        guard window > 0, window <= 60 else {
            throw CommandFailure(message: "--wake-window must be between 0 and 60 seconds", status: ExitStatus.usage)
        }
        let detector = try Self.detector(phrase, threshold: thresholdOption, accent: accentOption, speech: speech)
        let reply = replyOption ?? Settings.configuration.wakeReply
        if let reply, reply.allSatisfy({ !($0.isLetter || $0.isNumber) }) {
            throw CommandFailure(message: "--wake-reply must hold at least one word", status: ExitStatus.usage)
        }
        let earcon = try
            (earconOption.map { ($0, "--wake-earcon") }
            ?? Settings.configuration.wakeEarcon.map { ($0, "wake-earcon") })
            .map { try Earcon.named($0.0, option: $0.1, command: Settings.paths.playCommand) }
        return WakeWordSettings(
            detector: detector, window: .milliseconds(Int(window * 1000)), reply: reply, earcon: earcon)
    }

    /// The help of `--wake-accent`, which `listen` and `spot` take.
    static let accentHelp = ArgumentHelp(
        "Also listen for the wake phrase as this accent says it: british, or american for the "
            + "dictionary's pronunciations alone (default: `wake-accent:` in config.yaml, else "
            + "\(defaultAccent.rawValue)).", valueName: "accent")

    /// The accent the wake phrase is listened for in when neither `--wake-accent` nor the
    /// configuration file names one.
    static let defaultAccent = PhoneAccent.british

    /// The accents `--wake-accent` (or `wake-accent:`) names: American alone, or American and it.
    static func accents(_ option: String?) throws -> [PhoneAccent] {
        guard let name = option ?? Settings.configuration.wakeAccent else {
            return defaultAccent == .american ? [.american] : [.american, defaultAccent]
        }
        guard let accent = PhoneAccent(rawValue: name) else {
            throw CommandFailure(
                message: "--wake-accent must be one of "
                    + PhoneAccent.allCases.map(\.rawValue).joined(separator: ", ") + ", not \"\(name)\"",
                status: ExitStatus.usage)
        }
        return accent == .american ? [.american] : [.american, accent]
    }

    /// A detector of `phrase`, its words pronounced like phrases are (the model's dictionary,
    /// the override files of `speech`, espeak-ng), and also as `accent` says them.
    static func detector(
        _ phrase: String, threshold: Double?, accent: String?, speech: SpeechOptions
    ) throws -> PocketSphinxWakeWordDetector {
        var options = WakeWordOptions()
        options.accents = try accents(accent)
        if let threshold = threshold ?? Settings.configuration.wakeThreshold {
            guard (0...1).contains(threshold) else {
                throw CommandFailure(message: "--wake-threshold must be between 0 and 1", status: ExitStatus.usage)
            }
            options.threshold = threshold
        }
        do {
            options.dictionaryFiles = try speech.recognizerOptions().dictionaryFiles
            options.searchPath = Settings.paths.searchPath
            options.decoder.adaptation = try speech.adaptationFile()
            let model = try PocketSphinxModel.locate(directory: speech.model, paths: Settings.paths)
            let detector = try PocketSphinxWakeWordDetector(phrase: phrase, options: options, model: model)
            if let problem = detector.accentProblem {
                StandardError.print(
                    "incant: the wake phrase is listened for in the dictionary's pronunciations alone: \(problem)")
            }
            for word in detector.addedWords {
                StandardError.print(
                    "incant: wake word “\(word.word)” is not in the dictionary; pronounced "
                        + word.pronunciations.map(\.description).joined(separator: " or "))
            }
            return detector
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as RecognitionError {
            throw CommandFailure(message: error.description, status: ExitStatus.noInput)
        } catch {
            throw CommandFailure(
                message: "cannot listen for the wake phrase “\(phrase)”: \(error)", status: ExitStatus.usage)
        }
    }
}
