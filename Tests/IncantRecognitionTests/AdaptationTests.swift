import Foundation
import IncantCapture
import IncantPhrases
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// Acoustic adaptation: SphinxTrain's bw and mllr_solve run on real recordings, and the
/// decoder applies the transform they make.
@Suite("Acoustic adaptation (MLLR)", .serialized, .tags(.slow), .skippedWhenFast)
struct AdaptationTests {
    static let toolsAreInstalled = (try? SphinxTrainTools.locate(paths: IncantPaths())) != nil

    @Test func mixtureWeightsAreReadFromTheShippedSendump() throws {
        let model = try PocketSphinxModel.locate()
        let weights = try MixtureWeights(sendump: model.acousticModel + "/sendump")
        #expect(weights.senones == 5126 && weights.streams == 3 && weights.densities == 128)
        for (senone, stream) in [(0, 0), (1, 2), (777, 1), (5125, 2)] {
            let row = weights.row(senone: senone, stream: stream)
            #expect(row.count == 128)
            let sum = row.reduce(0, +)
            #expect(abs(sum - 1) < 1e-4, "senone \(senone) stream \(stream) sums to \(sum)")
        }
        // Weights differ within a row: a quantization read as all-equal would not.
        let first = weights.row(senone: 0, stream: 0)
        #expect((first.max() ?? 0) > 10 * (first.min() ?? 0))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mixw-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try weights.write(to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.starts(with: Data("s3\nversion 1.0\n  endhdr\n".utf8)))
        #expect(data.count == 24 + 20 + 4 * 5126 * 3 * 128)
        // The first senone's first stream, as written, is the row read.
        let written = data.subdata(in: 44..<(44 + 4 * 128)).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        #expect(written == first)
    }

    @Test func aTruncatedSendumpIsRefusedWithItsPath() throws {
        let model = try PocketSphinxModel.locate()
        let original = try Data(contentsOf: URL(fileURLWithPath: model.acousticModel + "/sendump"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sendump-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try original.prefix(original.count / 2).write(to: URL(fileURLWithPath: path))
        #expect {
            try MixtureWeights(sendump: path)
        } throws: { error in
            guard case .unsupportedModel(let where_, let reason) = error as? AdaptationError else { return false }
            return where_ == path && reason.contains("bytes of weights")
        }
    }

    @Test func transformsAreCheckedNumberByNumber() throws {
        let identity = Self.identityTransform(streams: 3)
        let transform = try MLLRTransform(text: identity, source: "t.mllr")
        #expect(transform.classes == 1 && transform.streamWidths == [13, 13, 13])

        func reason(_ text: String) -> String? {
            do {
                _ = try MLLRTransform(text: text, source: "bad.mllr")
                return nil
            } catch {
                guard case .invalidTransform(let path, let reason) = error, path == "bad.mllr" else {
                    return "\(error)"
                }
                return reason
            }
        }
        #expect(reason("") == "ends before a number of classes")
        #expect(reason("1\nthree\n") == "line 2: 'three' is not a number of streams")
        #expect(reason("1\r\nthree\r\n") == "line 2: 'three' is not a number of streams")
        let windows = try MLLRTransform(text: identity.replacingOccurrences(of: "\n", with: "\r\n"), source: "w.mllr")
        #expect(windows.classes == 1 && windows.streamWidths == [13, 13, 13])
        var lines = identity.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[5] = lines[5].replacingOccurrences(of: "0.0", with: "nan", options: [], range: nil)
        #expect(reason(lines.joined(separator: "\n"))?.hasPrefix("line 6: 'nan' is not a number") == true)
        #expect(reason(String(identity.dropLast(40)))?.contains("needs 195 numbers, the file ends first") == true)
        #expect(reason(identity + "1.0\n")?.hasSuffix("more numbers than its sizes ask for") == true)
    }

    @Test func aDecoderRefusesABadTransformNamingIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).mllr").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "1\n3\n13\n1 2 3\n".write(toFile: path, atomically: true, encoding: .utf8)
        var options = PocketSphinxOptions()
        options.adaptation = path
        #expect {
            try PocketSphinxDecoder(options: options)
        } throws: { error in
            guard case .invalidTransform(let named, _) = error as? AdaptationError else { return false }
            return named == path
        }
    }

    @Test func missingProgramsNameTheirPackage() {
        #expect(throws: AdaptationError.missingTool(name: "bw", package: "sphinxtrain", searched: ["/nonexistent"])) {
            try SphinxTrainTools.locate(
                paths: IncantPaths(environment: ["INCANT_SPHINXTRAIN_DIR": "/nonexistent", "PATH": "/usr/bin"]))
        }
        let empty = FileManager.default.temporaryDirectory.path
        #expect {
            try SphinxTrainTools.locate(paths: IncantPaths(environment: ["PATH": empty]))
        } throws: { error in
            guard case .missingTool(let name, let package, _) = error as? AdaptationError else { return false }
            return Self.toolsAreInstalled ? name == "pocketsphinx_mdef_convert" && package == "pocketsphinx" : true
        }
    }

    /// Real orders, transcribed by the recognizer, adapted to; then decoded with the transform.
    @Test(.enabled(if: SharedSpeech.isAvailable && Self.toolsAreInstalled))
    func realOrdersGiveATransformTheDecoderApplies() async throws {
        let catalog = try CoffeeRecordingsTests.catalog()
        let recognizer = try GrammarRecognizer(catalog: catalog)
        let clips = try FileManager.default.contentsOfDirectory(
            atPath: SharedSpeech.coffeeDirectory.appendingPathComponent("clean").path
        ).sorted().enumerated().filter { $0.offset % 30 == 0 }.map(\.element)
        var takes: [AdaptationTake] = []
        for clip in clips {
            let samples = try SharedSpeech.samples(of: clip)
            let heard = try recognizer.recognizeSynchronously(samples)
            guard !heard.isRejected, !heard.transcript.isEmpty else { continue }
            takes.append(
                AdaptationTake(
                    label: clip, samples: samples, words: heard.transcript.split(separator: " ").map(String.init)))
        }
        #expect(takes.count >= 8)
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("adapt-parent-\(UUID())")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        var adapter = MLLRAdapter(model: recognizer.model, tools: try SphinxTrainTools.locate(paths: IncantPaths()))
        adapter.temporaryParent = parent
        let estimate = try await adapter.estimate(
            takes: takes, features: recognizer.decoder,
            dictionary: recognizer.pronunciations(of: Set(takes.flatMap(\.words))))
        #expect(estimate.used == takes.map(\.label))
        #expect(estimate.transform.classes == 1 && estimate.transform.streamWidths == [13, 13, 13])
        // Not the identity: the transform moves the means.
        let numbers = estimate.transform.text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        let identity = Self.identityTransform(streams: 3).split(whereSeparator: \.isWhitespace).compactMap {
            Double($0)
        }
        #expect(numbers.count == identity.count)
        #expect(zip(numbers, identity).map { abs($0 - $1) }.max() ?? 0 > 0.05)
        // Nothing is left of the working folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("adapted-\(UUID()).mllr").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try estimate.transform.write(to: path)
        var options = RecognizerOptions()
        options.decoder.adaptation = path
        let adapted = try GrammarRecognizer(catalog: catalog, options: options)
        let matcher = PhraseMatcher(catalog: catalog)
        var changedScores = 0
        for take in takes {
            let before = try #require(
                try recognizer.decoder.decode(take.samples, search: GrammarRecognizer.grammarSearch))
            let after = try #require(try adapted.decoder.decode(take.samples, search: GrammarRecognizer.grammarSearch))
            if before.score != after.score { changedScores += 1 }
            // The takes it was estimated from still mean what they meant ("a" may become "an").
            let said = try #require(matcher.match(take.words.joined(separator: " ")).best)
            let heard = try #require(matcher.match(after.spokenWords.map(\.word).joined(separator: " ")).best)
            #expect(heard.shortcutID == said.shortcutID && heard.parameters == said.parameters, "\(take.label)")
        }
        #expect(changedScores == takes.count)
    }

    @Test(.enabled(if: SharedSpeech.isAvailable && Self.toolsAreInstalled))
    func tooLittleSpeechAndUnknownWordsAreRefused() async throws {
        let recognizer = try CoffeeRecordingsTests.catalog()
        let grammar = try GrammarRecognizer(catalog: recognizer)
        let clip = try FileManager.default.contentsOfDirectory(
            atPath: SharedSpeech.coffeeDirectory.appendingPathComponent("clean").path
        ).sorted()[0]
        let samples = try SharedSpeech.samples(of: clip)
        let words = try grammar.recognizeSynchronously(samples).transcript.split(separator: " ").map(String.init)
        let tools = try SphinxTrainTools.locate(paths: IncantPaths())
        await #expect {
            try await grammar.estimateAdaptation(
                [AdaptationTake(label: clip, samples: samples, words: words)], tools: tools)
        } throws: { error in
            guard case .tooLittleSpeech(let seconds, 1, 10) = error as? AdaptationError else { return false }
            return seconds > 1 && seconds < 10
        }
        await #expect(throws: AdaptationError.wordWithoutPronunciation("zqxjv")) {
            try await grammar.estimateAdaptation(
                [AdaptationTake(label: clip, samples: samples, words: words + ["zqxjv"])], tools: tools)
        }
        await #expect(throws: AdaptationError.noUsableTakes(skipped: ["silence: no words"])) {
            try await grammar.estimateAdaptation(
                [AdaptationTake(label: "silence", samples: [Int16](repeating: 0, count: 16_000), words: [])],
                tools: tools)
        }
    }

    /// SphinxTrain programs that fail, or succeed with garbage: the error names the program,
    /// its status and its log, or the file that is not a transform.
    @Test(.enabled(if: SharedSpeech.isAvailable && Self.toolsAreInstalled))
    func failingOrGarbageProgramsAreReported() async throws {
        let folder = try ScriptFolder("fake-sphinxtrain")
        defer { folder.remove() }
        try folder.program(
            "bw", "echo 'INFO: reading'; echo 'FATAL: \"main.c\", line 1: cannot align take1' >&2; exit 3")
        try folder.program("mllr_solve", "exit 0")
        let real = try SphinxTrainTools.locate(paths: IncantPaths())
        var tools = try SphinxTrainTools.locate(
            paths: IncantPaths(environment: ["INCANT_SPHINXTRAIN_DIR": folder.path, "PATH": "/usr/bin:/bin"]))
        #expect(tools.modelDefinitionConverter == real.modelDefinitionConverter)

        let recognizer = try GrammarRecognizer(catalog: try CoffeeRecordingsTests.catalog())
        let clips = try FileManager.default.contentsOfDirectory(
            atPath: SharedSpeech.coffeeDirectory.appendingPathComponent("clean").path
        ).sorted().prefix(6)
        let takes = try clips.map { clip in
            let samples = try SharedSpeech.samples(of: clip)
            let words = try recognizer.recognizeSynchronously(samples).transcript.split(separator: " ").map(String.init)
            return AdaptationTake(label: clip, samples: samples, words: words)
        }
        await #expect(
            throws: AdaptationError.toolFailed(
                name: "bw", status: 3, log: "FATAL: \"main.c\", line 1: cannot align take1")
        ) {
            try await recognizer.estimateAdaptation(takes, tools: tools)
        }
        // A listener whose estimate fails tries again only after another interval, not at every utterance.
        let online = OnlineAdaptation(
            recognizer: recognizer, tools: tools,
            path: FileManager.default.temporaryDirectory.appendingPathComponent("never-\(UUID()).mllr").path,
            settings: OnlineAdaptation.Settings(window: 6, interval: 3))
        let due = try takes.prefix(4).map { try online.record($0.samples, words: $0.words) }
        #expect(due == [false, false, true, false])
        await #expect(throws: AdaptationError.self) { try await online.update() }
        #expect(try online.record(takes[4].samples, words: takes[4].words) == false)
        #expect(try online.record(takes[5].samples, words: takes[5].words) == false)
        // bw works, mllr_solve writes something that is not a transform.
        tools.baumWelch = real.baumWelch
        try folder.program("mllr_solve", "echo 'this is not a matrix' > transform.mllr")
        await #expect {
            try await recognizer.estimateAdaptation(takes, tools: tools)
        } throws: { error in
            guard case .invalidTransform(let path, let reason) = error as? AdaptationError else { return false }
            return path.hasSuffix("/transform.mllr") && reason == "line 1: 'this' is not a number of classes"
        }
        // bw hangs: it is stopped at the time limit, and the error says so.
        try folder.program("bw", "exec sleep 3600")
        tools.baumWelch = folder.url.appendingPathComponent("bw").path
        // Long enough for the real programs run before it on a loaded machine.
        tools.timeout = .seconds(10)
        await #expect {
            try await recognizer.estimateAdaptation(takes, tools: tools)
        } throws: { error in
            // SIGTERM, or SIGKILL a second later when the program does not stop for it (a
            // parent that ignores SIGTERM passes that on).
            guard case .toolFailed(let name, let status, let log) = error as? AdaptationError else { return false }
            return name == "bw" && [SIGTERM, SIGKILL].contains(status) && log == "stopped after running 10.0 seconds"
        }
    }

    /// Online adaptation: due every `interval` accepted utterances, estimated from the last
    /// `window`, applied to the live recognizer exactly as a decoder started with it.
    @Test(.enabled(if: SharedSpeech.isAvailable && Self.toolsAreInstalled))
    func onlineAdaptationAppliesLikeADecoderStartedWithTheTransform() async throws {
        let catalog = try CoffeeRecordingsTests.catalog()
        let recognizer = try GrammarRecognizer(catalog: catalog)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("online-\(UUID()).mllr").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let online = OnlineAdaptation(
            recognizer: recognizer, tools: try SphinxTrainTools.locate(paths: IncantPaths()), path: path,
            settings: OnlineAdaptation.Settings(window: 6, interval: 5))
        let clips = try FileManager.default.contentsOfDirectory(
            atPath: SharedSpeech.coffeeDirectory.appendingPathComponent("clean").path
        ).sorted().enumerated().filter { $0.offset % 30 == 0 }.map(\.element)
        let utterances = try clips.prefix(8).map { clip in
            let samples = try SharedSpeech.samples(of: clip)
            return (
                samples,
                try recognizer.recognizeSynchronously(samples).transcript.split(separator: " ").map(String.init)
            )
        }
        let probe = utterances[7].0
        let unadapted = try #require(try recognizer.decoder.decode(probe, search: GrammarRecognizer.grammarSearch))

        var due: [Bool] = []
        for (samples, words) in utterances.prefix(6) { due.append(try online.record(samples, words: words)) }
        // Due at the 5th; the 6th, while that estimate is pending, does not make another due.
        #expect(due == [false, false, false, false, true, false])
        let estimate = try #require(try await online.update())
        #expect(estimate.used.count == 6)
        #expect(try MLLRTransform(contentsOf: path) == estimate.transform)
        #expect(try online.record(utterances[6].0, words: utterances[6].1) == false)

        var options = RecognizerOptions()
        options.decoder.adaptation = path
        let started = try GrammarRecognizer(catalog: catalog, options: options)
        let expected = try #require(try started.decoder.decode(probe, search: GrammarRecognizer.grammarSearch))
        let adapted = try #require(try recognizer.decoder.decode(probe, search: GrammarRecognizer.grammarSearch))
        #expect(adapted.score == expected.score && adapted.text == expected.text)
        #expect(adapted.score != unadapted.score)
        // Applied again (the next estimate replaces the transform the decoder holds): the same.
        try recognizer.applyAdaptation(path)
        let again = try #require(try recognizer.decoder.decode(probe, search: GrammarRecognizer.grammarSearch))
        #expect(again.score == expected.score)
        let missing = path + ".missing"
        #expect(throws: AdaptationError.invalidTransform(path: missing, reason: "cannot be read")) {
            try recognizer.applyAdaptation(missing)
        }
    }

    /// A transform that moves nothing: A = I, b = 0, variance scale 1.
    static func identityTransform(streams: Int) -> String {
        var lines = ["1", "\(streams)"]
        for _ in 0..<streams {
            lines.append("13")
            for row in 0..<13 {
                lines.append((0..<13).map { $0 == row ? "1.0" : "0.0" }.joined(separator: " "))
            }
            lines.append([String](repeating: "0.0", count: 13).joined(separator: " "))
            lines.append([String](repeating: "1.0", count: 13).joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
