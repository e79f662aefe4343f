import ArgumentParser
import Foundation
import IncantPhrases
import IncantRecognition

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
            // The takes as `listen` hears speech: through the high-pass and the front end, so the transform fits it.
            var adaptation = TakeAdaptation(
                recognizer: recognizer, catalog: loaded, store: catalog.store, frontEnd: try speech.makeFrontEnd(),
                tools: try SphinxTrainTools.locate(paths: Settings.paths))
            adaptation.frontEndBypass = try speech.bypass()
            adaptation.highPassCutoff = try speech.highPassCutoff()
            let report: TakeAdaptationReport
            do {
                report = try await adaptation.adapt(phrases, writingTo: path)
            } catch let error as AdaptationError {
                throw CommandFailure(message: error.description, status: ExitStatus.noInput)
            } catch let error as TransformApplyError {
                throw CommandFailure(message: error.description, status: ExitStatus.io)
            }
            if json {
                print(try JSON.line(report))
            } else {
                print("adapted to \(report.used) take\(report.used == 1 ? "" : "s"): \(path)")
                for line in report.skipped { print("  skipped \(line)") }
                print(
                    "takes recognized as their shortcut: \(report.recognizedBefore) of \(report.decoded) before, "
                        + "\(report.recognizedAfter) after")
            }
        }
    }
}
