import Foundation
import IncantCapture
import IncantPhrases
import IncantTestSupport
import Synchronization
import Testing

@testable import IncantRecognition

/// ``TakeAdaptation`` in-process: recorded takes in a phrase store, real pocketsphinx, real
/// SphinxTrain programs.
@Suite("Adapting to recorded takes", .serialized, .tags(.slow), .skippedWhenFast)
struct TakeAdaptationTests {
    /// A phrase store in a new temporary folder.
    struct Store {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("incant-takes-\(UUID())")
        var store: PhraseStore { PhraseStore(directory: folder.appendingPathComponent("phrases").path) }

        init() throws {
            try FileManager.default.createDirectory(atPath: store.takesDirectory, withIntermediateDirectories: true)
        }

        /// Writes `samples` as `takes/NAME.wav` and returns that name.
        func take(_ name: String, _ samples: [Int16]) throws -> String {
            try WAVFile.write(samples, to: store.takesDirectory + "/\(name).wav")
            return "takes/\(name).wav"
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// "order my usual" for a margherita, as the user's phrase with `takes`, among the demo shortcuts.
    static func usual(takes: [String]) throws -> (UserPhrase, PhraseCatalog) {
        let demo = try DemoCatalog.load()
        let margherita = try #require(
            try demo.shortcut("order-pizza")?.parameter(named: "kind")?.parseValue("margherita"))
        let phrase = UserPhrase(
            shortcut: "order-pizza", phrase: "order my usual", parameters: ["kind": margherita], takes: takes)
        return (phrase, PhraseCatalog(shortcuts: demo.shortcuts, userPhrases: [phrase]))
    }

    @Test(.enabled(if: Speech.canSynthesize && AdaptationTests.toolsAreInstalled))
    func takesHeardAsTheirPhraseMakeATransformTheRecognizerUses() async throws {
        let store = try Store()
        defer { store.remove() }
        var takes: [String] = []
        for speed in stride(from: 120, through: 210, by: 10) {
            takes.append(
                try store.take("usual-\(speed)", try Speech.synthesize("order my usual", wordsPerMinute: speed)))
        }
        // Heard as another phrase, and not there at all: both skipped, each named.
        takes.append(try store.take("lights", try Speech.synthesize("turn on the kitchen lights")))
        takes.append("takes/missing.wav")
        let (phrase, catalog) = try Self.usual(takes: takes)
        let recognizer = try GrammarRecognizer(catalog: catalog)
        let probe = try WAVFile.readSamples(path: try store.store.takePath(takes[0]))
        let unadapted = try #require(try recognizer.decoder.decode(probe, search: GrammarRecognizer.grammarSearch))

        let path = store.folder.appendingPathComponent("new/adaptation.mllr").path
        let report = try await TakeAdaptation(recognizer: recognizer, catalog: catalog, store: store.store)
            .adapt([phrase], writingTo: path)
        #expect(report.transform == path && report.takes == 12 && report.decoded == 11)
        #expect(report.used == 10)
        #expect(report.skipped.count == 2, "\(report.skipped)")
        #expect(report.skipped.first?.hasPrefix("takes/lights.wav: heard \"") == true, "\(report.skipped)")
        #expect(report.skipped.first?.hasSuffix("\", not \"order my usual\"") == true, "\(report.skipped)")
        #expect(report.skipped.last?.hasPrefix("takes/missing.wav: ") == true, "\(report.skipped)")
        #expect(report.recognizedBefore == 10 && report.recognizedAfter == 10)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("1\n3\n13\n"))
        // The recognizer that decoded the takes now decodes with the transform.
        let adapted = try #require(try recognizer.decoder.decode(probe, search: GrammarRecognizer.grammarSearch))
        #expect(adapted.score != unadapted.score)
        var options = RecognizerOptions()
        options.decoder.adaptation = path
        let started = try GrammarRecognizer(catalog: catalog, options: options)
        let expected = try #require(try started.decoder.decode(probe, search: GrammarRecognizer.grammarSearch))
        #expect(adapted.score == expected.score)
        // Encoded as `incant adapt --json` prints it: without the count of decoded takes.
        let keys = try #require(
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) as? [String: Any]
        ).keys
        #expect(Set(keys) == ["transform", "takes", "used", "skipped", "recognizedBefore", "recognizedAfter"])
    }

    /// Keeps what it is given; gives it back unchanged.
    final class KeepingFrontEnd: AudioFrontEnd {
        private let kept = Mutex<[[Int16]]>([])
        var given: [[Int16]] { kept.withLock { $0 } }
        var name: String { "keeping" }
        var latencySamples: Int { 0 }
        func process(_ samples: [Int16]) -> [Int16] {
            if !samples.isEmpty { kept.withLock { $0.append(samples) } }
            return samples
        }
        func flush() -> [Int16] { [] }
        func reset() {}
    }

    @Test(.enabled(if: Speech.canSynthesize))
    func takesPassTheHighPassFilterBeforeTheFrontEnd() async throws {
        let store = try Store()
        defer { store.remove() }
        let said = try Speech.synthesize("order my usual")
        // A microphone's DC offset of about -20 dBFS under the take.
        let take = try store.take("offset", said.map { Int16(clamping: Int($0) + 3_000) })
        let (phrase, catalog) = try Self.usual(takes: [take])
        func mean(_ samples: [Int16]) -> Double { samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count) }
        for cutoff in [100.0, nil] {
            let frontEnd = KeepingFrontEnd()
            var adaptation = TakeAdaptation(
                recognizer: try GrammarRecognizer(catalog: catalog), catalog: catalog, store: store.store,
                frontEnd: frontEnd)
            adaptation.highPassCutoff = cutoff
            // One take may be too little for a transform; what the front end was given is the point.
            _ = try? await adaptation.adapt([phrase], writingTo: store.folder.appendingPathComponent("a.mllr").path)
            let given = try #require(frontEnd.given.first)
            if cutoff == nil {
                #expect(mean(given) > 2_900, "without the filter the offset reaches the front end")
            } else {
                #expect(abs(mean(given)) < 100, "the filter takes the offset away first")
                #expect(
                    given
                        == HighPassFilter(cutoff: 100).process(
                            try WAVFile.readSamples(path: try store.store.takePath(take))))
            }
        }
    }

    @Test func withoutAUsableTakeNothingIsWrittenAndEachTakeIsNamed() async throws {
        let store = try Store()
        defer { store.remove() }
        let (phrase, catalog) = try Self.usual(takes: ["takes/missing.wav", "takes/../../escape.wav"])
        let adaptation = TakeAdaptation(
            recognizer: try GrammarRecognizer(catalog: catalog), catalog: catalog, store: store.store)
        let path = store.folder.appendingPathComponent("adaptation.mllr").path
        await #expect {
            _ = try await adaptation.adapt([phrase], writingTo: path)
        } throws: { error in
            guard case .noUsableTakes(let skipped) = error as? AdaptationError else { return false }
            return skipped.count == 2 && skipped[0].hasPrefix("takes/missing.wav: ")
                && skipped[1].hasPrefix("takes/../../escape.wav: ")
        }
        await #expect(throws: AdaptationError.noUsableTakes(skipped: [])) {
            _ = try await adaptation.adapt([], writingTo: path)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
