import ArgumentParser
import Foundation
import IncantCapture
import IncantPhrases
import IncantRecognition
import IncantSpeech

/// `incant adapt`: adapts the acoustic model to the user's voice, microphone and room from the
/// takes `incant phrases record` kept.
struct AdaptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adapt",
        abstract: "Adapt the acoustic model to your voice, microphone and room from your recorded takes.",
        discussion: """
            Every take `incant phrases record` kept is recognized; those heard as their own phrase \
            are aligned with their words, and SphinxTrain's bw and mllr_solve (Debian package \
            sphinxtrain) estimate one MLLR transform of the model's Gaussians. Recognition uses it \
            from then on (--no-adaptation turns it off for one command, --remove for good). Record \
            the takes where and how you will speak to Incant: a transform made in a quiet room \
            does not help in a noisy kitchen. About 20 takes are enough.
            """)

    @Option(
        help: ArgumentHelp(
            "Where to write the transform (default: $XDG_DATA_HOME/incant/adaptation.mllr).", valueName: "file"))
    var output: String?
    @Flag(help: "Remove the transform: decode with the model as shipped.") var remove = false
    @Flag(help: "Print the result as JSON.") var json = false
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var speech: SpeechOptions

    /// What `adapt` did.
    struct Report: Encodable {
        var transform: String
        var takes: Int
        var used: Int
        var skipped: [String]
        /// Takes accepted as their own shortcut before and after adapting.
        var recognizedBefore: Int
        var recognizedAfter: Int
    }

    func run() async throws {
        try await withExitStatus {
            let path = output ?? SpeechOptions.defaultAdaptationPath
            if remove {
                do {
                    try FileManager.default.removeItem(atPath: path)
                    print("removed \(path)")
                } catch CocoaError.fileNoSuchFile {
                    print("no adaptation at \(path)")
                }
                return
            }
            let phrases = try storeAction { try catalog.store.all() }.filter { !$0.takes.isEmpty }
            let loaded = try catalog.loadCatalog()
            var plain = speech
            plain.noAdaptation = true
            let recognizer = try plain.makeRecognizer(for: loaded)
            let interpreter = SpeechInterpreter(recognizer: recognizer, matcher: PhraseMatcher(catalog: loaded))
            var takes: [AdaptationTake] = []
            var skipped: [String] = []
            var samplesByTake: [(UserPhrase, [Int16])] = []
            var recognizedBefore = 0
            // The takes as `listen` hears speech: through the front end, so the transform fits it.
            let frontEnd = try speech.makeFrontEnd()
            for phrase in phrases {
                for take in phrase.takes {
                    do {
                        let samples = frontEnd.wholeRecording(
                            try WAVFile.readSamples(path: try catalog.store.takePath(take)))
                        let heard = try await DecodingQueue.run {
                            interpreter.interpret(try recognizer.recognizeSynchronously(samples))
                        }
                        samplesByTake.append((phrase, samples))
                        if Self.passes(heard, phrase) { recognizedBefore += 1 }
                        // The words said are the phrase's as recognized: the best match must be
                        // the take's own phrase, accepted or not (a take in noise may be rejected).
                        guard heard.match.best?.phrase.origin == .user(id: phrase.id),
                            !heard.recognition.transcript.isEmpty
                        else {
                            skipped.append(
                                "\(take): heard \"\(heard.recognition.transcript)\", not \"\(phrase.phrase)\"")
                            continue
                        }
                        let words = heard.recognition.transcript.split(separator: " ").map(String.init)
                        takes.append(AdaptationTake(label: take, samples: samples, words: words))
                    } catch {
                        skipped.append("\(take): \(error)")
                    }
                }
            }
            let estimate: MLLRAdapter.Estimate
            do {
                guard !takes.isEmpty else { throw AdaptationError.noUsableTakes(skipped: skipped) }
                let usable = takes
                estimate = try await recognizer.estimateAdaptation(
                    usable, tools: try SphinxTrainTools.locate(paths: Settings.paths))
            } catch let error as AdaptationError {
                throw CommandFailure(message: error.description, status: ExitStatus.noInput)
            }
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try estimate.transform.write(to: path)
            // The same decoders, now with the transform: no second model load.
            do {
                try recognizer.applyAdaptation(path)
            } catch {
                throw CommandFailure(message: "cannot use the new transform: \(error)", status: ExitStatus.io)
            }
            var recognizedAfter = 0
            for (phrase, samples) in samplesByTake {
                let heard = try await DecodingQueue.run {
                    interpreter.interpret(try recognizer.recognizeSynchronously(samples))
                }
                if Self.passes(heard, phrase) { recognizedAfter += 1 }
            }
            let report = Report(
                transform: path, takes: phrases.reduce(0) { $0 + $1.takes.count },
                used: estimate.used.count, skipped: skipped + estimate.skipped, recognizedBefore: recognizedBefore,
                recognizedAfter: recognizedAfter)
            if json {
                print(try JSON.line(report))
            } else {
                print("adapted to \(report.used) take\(report.used == 1 ? "" : "s"): \(path)")
                for line in report.skipped { print("  skipped \(line)") }
                print(
                    "takes recognized as their shortcut: \(recognizedBefore) of \(samplesByTake.count) before, "
                        + "\(recognizedAfter) after")
            }
        }
    }

    /// Accepted for the take's own shortcut with the phrase's fixed values (as `phrases test`).
    static func passes(_ heard: SpeechMatch, _ phrase: UserPhrase) -> Bool {
        TakeResult(phrase: phrase, take: "", speech: heard).passed
    }
}
