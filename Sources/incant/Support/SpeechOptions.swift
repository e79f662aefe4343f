import ArgumentParser
import Foundation
import IncantCapture
import IncantDenoise
import IncantPhrases
import IncantRecognition

/// Options of the commands that listen: the model, pronunciation overrides, rejection.
struct SpeechOptions: ParsableArguments {
    @Option(
        name: .customLong("model"),
        help: ArgumentHelp(
            "Acoustic model folder (default: `model:` in config.yaml, $INCANT_MODEL_DIR or Debian's pocketsphinx-en-us).",
            valueName: "dir"))
    var modelOption: String?

    /// `--model`, else `model:` of the configuration file; `nil` leaves it to `$INCANT_MODEL_DIR`.
    var model: String? { modelOption ?? Settings.configuration.model }

    @Option(
        name: .customLong("dictionary"),
        help: ArgumentHelp(
            "Pronunciation overrides in cmudict format (repeatable); models/dictionary.dict and "
                + "$XDG_CONFIG_HOME/incant/dictionary.dict are always read.", valueName: "file"))
    var dictionaries: [String] = []

    @Option(
        name: .customLong("rejection-threshold"),
        help:
            "Reject utterances whose acoustic confidence is below this (0–1; default: `rejection-threshold:` in config.yaml)."
    )
    var rejectionThresholdOption: Double?

    /// `--rejection-threshold`, else the configuration file's, else the recognizer's default.
    var rejectionThreshold: Double {
        rejectionThresholdOption ?? Settings.configuration.rejectionThreshold ?? RecognizerOptions().rejectionThreshold
    }

    @Flag(
        help: ArgumentHelp(
            "Decode on one core: about 7 MB less memory, but `listen` starts shortcuts later (by default it "
                + "checks what it heard against a phone loop on a second core while decoding the phrases)."))
    var oneCore = false

    @Option(
        help: ArgumentHelp(
            "MLLR transform of the acoustic model (default: the one `incant adapt` made, if any).",
            valueName: "file"))
    var adaptation: String?

    @Flag(help: "Decode with the acoustic model as shipped, not adapted to your takes.")
    var noAdaptation = false

    @Option(
        help: ArgumentHelp(
            "What the audio passes through before recognition: identity (nothing), deepfilternet or rnnoise "
                + "(neural denoisers, installed by scripts/setup.sh; default: \(FrontEndKind.standard.rawValue)).",
            valueName: "name"))
    var frontEnd: String?

    @Option(
        help: ArgumentHelp(
            "Hear an utterance as it came, not through the front end, when its loudest audio stands at least this "
                + "many dB above its background (a quiet room; default: \(Int(FrontEndBypass.standardMinimumSpread))), "
                + "or off: always through the front end.",
            valueName: "dB|off"))
    var frontEndBypass: String?

    @Option(
        help: ArgumentHelp(
            "Take away what lies below this frequency before anything else hears the audio (a microphone's DC "
                + "offset, mains hum; default: \(Int(HighPassFilter.standardCutoff))), or off.",
            valueName: "Hz|off"))
    var highPass: String?

    @Option(
        help: ArgumentHelp(
            "Reject an utterance when the microphone clipped more than this percentage of its loud audio (the "
                + "capture gain set too high; default: \(Int(Clipping.standardLimit * 100))), or off.",
            valueName: "percent|off"))
    var clippedLimit: String?

    /// `--clipped-limit` as a share (0–1); nil: off.
    func clippedShareLimit() throws -> Double? {
        guard let clippedLimit else { return Clipping.standardLimit }
        if clippedLimit == "off" { return nil }
        guard let percent = Double(clippedLimit), (0...100).contains(percent) else {
            throw CommandFailure(
                message: "--clipped-limit \(clippedLimit): expected a percentage (0 to 100) or off",
                status: ExitStatus.usage)
        }
        return percent / 100
    }

    /// - Parameter parallelPhoneLoop: decode the phone loop beside the grammar (unless `--one-core`).
    func recognizerOptions(parallelPhoneLoop: Bool = false) throws -> RecognizerOptions {
        guard (0...1).contains(rejectionThreshold) else {
            throw CommandFailure(message: "--rejection-threshold must be between 0 and 1", status: ExitStatus.usage)
        }
        var files: [String] = []
        let project = ModelsDirectory.locate()
        if let dictionary = project.flatMap({ ProjectModels(directory: $0).dictionary }) { files.append(dictionary) }
        files.append(Settings.paths.dictionary)
        files += dictionaries
        for file in dictionaries where !FileManager.default.isReadableFile(atPath: file) {
            throw CommandFailure(message: "cannot read dictionary file \(file)", status: ExitStatus.noInput)
        }
        var decoder = RecognizerOptions.tunedDecoder
        decoder.adaptation = try adaptationFile()
        var options = RecognizerOptions(
            rejectionThreshold: rejectionThreshold, dictionaryFiles: files, decoder: decoder)
        options.searchPath = Settings.paths.searchPath
        if let project {
            do {
                options = try ProjectModels(directory: project).applied(to: options)
            } catch {
                throw CommandFailure(message: error.description, status: ExitStatus.noInput)
            }
        }
        options.decodesPhoneLoopInParallel = parallelPhoneLoop && !oneCore
        options.maximumClippedShare = try clippedShareLimit()
        return options
    }

    /// The adaptation to decode with: `--adaptation`, else `incant adapt`'s file when it exists;
    /// none with `--no-adaptation`.
    func adaptationFile() throws -> String? {
        if noAdaptation { return nil }
        if let adaptation {
            guard FileManager.default.isReadableFile(atPath: adaptation) else {
                throw CommandFailure(message: "cannot read adaptation file \(adaptation)", status: ExitStatus.noInput)
            }
            return adaptation
        }
        let standard = Self.defaultAdaptationPath
        return FileManager.default.fileExists(atPath: standard) ? standard : nil
    }

    /// `$XDG_DATA_HOME/incant/adaptation.mllr`.
    static var defaultAdaptationPath: String { Settings.paths.adaptation }

    /// Loads the model and compiles the grammar of `catalog`, naming what went wrong.
    /// `parallelPhoneLoop` is for listeners (results sooner, see ``oneCore``).
    func makeRecognizer(for catalog: PhraseCatalog, parallelPhoneLoop: Bool = false) throws -> GrammarRecognizer {
        do {
            let located = try PocketSphinxModel.locate(directory: model, paths: Settings.paths)
            let recognizer = try GrammarRecognizer(
                catalog: catalog, options: try recognizerOptions(parallelPhoneLoop: parallelPhoneLoop), model: located)
            for skipped in recognizer.grammar.skipped {
                StandardError.print("incant: warning: \(skipped.entry.label) is not listened for: \(skipped.reason)")
            }
            return recognizer
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as RecognitionError {
            throw CommandFailure(message: error.description, status: ExitStatus.noInput)
        } catch let error as AdaptationError {
            throw CommandFailure(message: error.description, status: ExitStatus.noInput)
        } catch {
            throw CommandFailure(message: "\(error)", status: ExitStatus.definitions)
        }
    }
}

/// The project's `models/` folder (dictionary additions, manifest): `$INCANT_MODELS`, or the
/// nearest `models/manifest.yaml` above the executable (a source checkout), or
/// `share/incant/models` beside the executable's `bin/` (`make install PREFIX=…`), or
/// `/usr/local/share/incant/models` and `/usr/share/incant/models`.
enum ModelsDirectory {
    static func locate() -> String? {
        let manager = FileManager.default
        if let explicit = Settings.paths.modelsDirectory {
            return explicit
        }
        // The running executable (found through PATH too), not the name it was called by.
        // /proc/self/exe rather than Bundle.main, which traps when the user cannot read the
        // folder the executable lies in (a checkout under another user's 0700 folder).
        let running =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let executable = URL(fileURLWithPath: running).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent("models")
            if manager.fileExists(atPath: candidate.appendingPathComponent("manifest.yaml").path) {
                return candidate.path
            }
            directory.deleteLastPathComponent()
        }
        let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/incant/models").path
        for candidate in [installed, "/usr/local/share/incant/models", "/usr/share/incant/models"]
        where manager.fileExists(atPath: candidate + "/manifest.yaml") {
            return candidate
        }
        return nil
    }
}
