import Foundation
import IncantCapture
import IncantPhrases
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// Acceptance outside the coffee recordings' room: wake-word recordings by other speakers on
/// their own microphones (../shared/speech/wakeword), and coffee orders with other orders
/// talking behind them.
@Suite("Real rooms", .serialized, .tags(.accuracy), .skippedWhenFast)
struct RealRoomAcceptanceTests {
    static let speech = DemoCatalog.repository.deletingLastPathComponent().appendingPathComponent("shared/speech")

    /// The home phrases, a few short commands and, when asked, the two wake phrases.
    static func homeCatalog(withWakePhrases: Bool) throws -> PhraseCatalog {
        var shortcuts = try DefinitionLoader.load(
            path: DemoCatalog.repository.appendingPathComponent("phrases/home").path)
        let extra = """
            shortcuts:
              - id: next
                phrases: ["next"]
              - id: timer-status
                phrases: ["timer status"]
              - id: stop
                phrases: ["stop"]
            """ + (withWakePhrases ? "\n  - id: smart-mirror\n    phrases: [\"smart mirror\"]\n" : "\n")
        let parsed = DefinitionLoader.parse(extra, file: "extra.yaml")
        guard !parsed.hasErrors else { throw DefinitionError(parsed.diagnostics) }
        shortcuts += parsed.shortcuts
        return PhraseCatalog(shortcuts: shortcuts)
    }

    static func coffeeCatalog() throws -> PhraseCatalog {
        let context = try String(contentsOf: speech.appendingPathComponent("coffee/context.yaml"), encoding: .utf8)
        let parsed = DefinitionLoader.parse(try RhinoContext.convert(yaml: context), file: "coffee.yaml")
        guard !parsed.hasErrors else { throw DefinitionError(parsed.diagnostics) }
        return PhraseCatalog(shortcuts: parsed.shortcuts)
    }

    /// Six speakers saying "smart mirror", each on their own microphone.
    static let smartMirrors = [
        "052dba79-0092-467e-bdaf-540fc7abbce0", "0a977721-6fae-4eae-baa0-434888e0c802",
        "1ab430a2-a76c-47b9-8ac0-9a708ea0a8ed", "20abe8f6-85d4-4e14-9f52-c7eb519fadf8",
        "292b897e-f5d0-49d7-8d4a-2913dfa0e691", "2e780c42-f89a-49ea-a0ae-3f12571055b6",
    ]

    /// The recognizer's defaults with the project's common words, as `incant` decodes.
    static func shippedOptions() throws -> RecognizerOptions {
        var options = RecognizerOptions()
        options.commonWords = try CommonWords.read(
            path: DemoCatalog.repository.appendingPathComponent("models/\(CommonWords.fileName)").path)
        return options
    }

    @Test func aWakePhraseIsHeardWhenItIsAPhraseAndRejectedWhenItIsNot() throws {
        let with = try GrammarRecognizer(
            catalog: Self.homeCatalog(withWakePhrases: true), options: Self.shippedOptions())
        let without = try GrammarRecognizer(
            catalog: Self.homeCatalog(withWakePhrases: false), options: Self.shippedOptions())
        var problems: [String] = []
        for name in Self.smartMirrors {
            let samples = try Self.smartMirrorRecording(name)
            let heard = try with.recognizeSynchronously(samples)
            if heard.isRejected || heard.transcript != "smart mirror" {
                problems.append("\(name): \"\(heard.transcript)\" rejected \(heard.isRejected) with the phrase")
            }
            let other = try without.recognizeSynchronously(samples)
            if !other.isRejected {
                problems.append("\(name): accepted as \"\(other.transcript)\" without the phrase")
            }
        }
        #expect(problems.isEmpty, Comment(rawValue: problems.joined(separator: "\n")))
    }

    /// The shared recording of "smart mirror" named `name` (without `.wav`).
    static func smartMirrorRecording(_ name: String) throws -> [Int16] {
        try WAVFile.readSamples(path: speech.appendingPathComponent("wakeword/smart-mirror/\(name).wav").path)
    }

    /// Two speakers saying "smart mirror" on their own microphones, which the home phrases
    /// without it take for a short phrase of theirs ("make it warmer", "stop the timer") when
    /// the words are not held against other words.
    static let shortLookAlikes = ["d1c39c67-8587-4d5d-89a1-07b9ee944071", "cd0c53ed-83ec-4d71-9864-232bbdca0cb2"]

    @Test func shortSpeechThatIsNoPhraseIsRejectedForFittingOtherWordsBetter() throws {
        let catalog = try Self.homeCatalog(withWakePhrases: false)
        let checked = try GrammarRecognizer(catalog: catalog, options: Self.shippedOptions())
        var unchecked = try Self.shippedOptions()
        unchecked.acceptance.minimumWordLoopMargin = nil
        unchecked.acceptance.voicedBackgroundWordLoopMargin = nil
        unchecked.acceptance.poorFitMargin = nil
        unchecked.acceptance.poorWordMargin = nil
        unchecked.acceptance.wordLoopWeight = 0
        let plain = try GrammarRecognizer(catalog: catalog, options: unchecked)
        for name in Self.shortLookAlikes {
            let samples = try Self.smartMirrorRecording(name)
            let without = try plain.recognizeSynchronously(samples)
            #expect(!without.isRejected, "\(name): \"\(without.transcript)\" rejected without the word loop")
            #expect(without.evidence?.wordLoopMargin == nil)
            let with = try checked.recognizeSynchronously(samples)
            #expect(with.transcript == without.transcript)
            #expect(with.isRejected && with.rejection == .unlikePhrases && !with.confirmable, "\(name)")
            let margin = try #require(with.evidence?.wordLoopMargin)
            #expect(margin < -4, "\(name): word-loop margin \(margin)")
        }
    }

    /// Three speakers saying "smart mirror" on their own microphones, which the home phrases
    /// without it take for a phrase of theirs ("set alarm for ten", "stop the music") with a
    /// margin far below the phone loop's and a fit no better than the common words'.
    static let poorFitLookAlikes = [
        "46f27afa-c5ea-448b-b3b8-6cb30c2c64e3", "661e49b5-8f15-432e-8577-4bd631e48206",
        "853aa0ed-ded9-4074-b147-2b1265014dae",
    ]

    @Test func shortSpeechFittingPoorlyIsRejectedUnlessItBeatsTheCommonWords() throws {
        let catalog = try Self.homeCatalog(withWakePhrases: false)
        let shipped = try Self.shippedOptions()
        let poorFit = try #require(shipped.acceptance.poorFitMargin)
        let checked = try GrammarRecognizer(catalog: catalog, options: shipped)
        var lenient = shipped
        lenient.acceptance.poorFitMargin = nil
        lenient.acceptance.poorWordMargin = nil
        lenient.acceptance.wordLoopWeight = 0
        let plain = try GrammarRecognizer(catalog: catalog, options: lenient)
        for name in Self.poorFitLookAlikes {
            let samples = try Self.smartMirrorRecording(name)
            let without = try plain.recognizeSynchronously(samples)
            #expect(!without.isRejected, "\(name): \"\(without.transcript)\" rejected without the poor-fit floor")
            let with = try checked.recognizeSynchronously(samples)
            #expect(with.transcript == without.transcript)
            #expect(with.isRejected && with.rejection == .unlikePhrases && !with.confirmable, "\(name)")
            let evidence = try #require(with.evidence)
            let loop = try #require(evidence.wordLoopMargin)
            #expect(evidence.meanWordMargin < poorFit, "\(name): margin \(evidence.meanWordMargin)")
            #expect(
                loop >= (shipped.acceptance.minimumWordLoopMargin ?? 0)
                    && loop < shipped.acceptance.poorFitWordLoopMargin,
                "\(name): word-loop margin \(loop)")
        }
    }

    /// Three speakers saying "smart mirror" on their own microphones, which, slowed to 75% of
    /// their pace, the home phrases without it take for a phrase of theirs ("set alarm for
    /// ten", "start two minute timer") with one word far below the phone loop and a fit hardly
    /// better than the common words'.
    static let slowLookAlikes = [
        "bea5a835-b9d6-410d-9828-56125eb91c33", "853aa0ed-ded9-4074-b147-2b1265014dae",
        "f8d5c90e-7893-4949-ad66-5cf88bb1ba97",
    ]

    @Test func slowSpeechWithAWordFarBelowTheLoopIsRejectedUnlessItClearlyBeatsTheCommonWords() throws {
        let shipped = try Self.shippedOptions()
        let poorWord = try #require(shipped.acceptance.poorWordMargin)
        let with = try GrammarRecognizer(catalog: Self.homeCatalog(withWakePhrases: true), options: shipped)
        let catalog = try Self.homeCatalog(withWakePhrases: false)
        let checked = try GrammarRecognizer(catalog: catalog, options: shipped)
        var lenient = shipped
        lenient.acceptance.poorWordMargin = nil
        let plain = try GrammarRecognizer(catalog: catalog, options: lenient)
        var wrongWithout = 0
        for name in Self.slowLookAlikes {
            let samples = try Speech.atTempo(Self.smartMirrorRecording(name), 0.75)
            let heard = try with.recognizeSynchronously(samples)
            #expect(
                !heard.isRejected && heard.transcript == "smart mirror",
                "\(name): \"\(heard.transcript)\", \(String(describing: heard.rejection))")
            let without = try plain.recognizeSynchronously(samples)
            let other = try checked.recognizeSynchronously(samples)
            #expect(other.transcript == without.transcript)
            #expect(other.isRejected && other.rejection == .unlikePhrases && !other.confirmable, "\(name)")
            if !without.isRejected {
                wrongWithout += 1
                let evidence = try #require(other.evidence)
                let loop = try #require(evidence.wordLoopMargin)
                #expect(evidence.worstWordMargin < poorWord, "\(name): worst word \(evidence.worstWordMargin)")
                #expect(loop < shipped.acceptance.poorWordWordLoopMargin, "\(name): word-loop margin \(loop)")
            }
        }
        // Without the floor most of them run another phrase; the floor is what rejects them.
        #expect(wrongWithout >= 2, "only \(wrongWithout) accepted without the poor-word floor")
    }

    /// Every 27th coffee order (by file name) with four other orders talking behind it at
    /// 9 dB, decoded against its own phrases and against the home phrases.
    static func babbleOrders() throws -> [(name: String, samples: [Int16], slots: [String: String])] {
        let labels = try JSONDecoder().decode(
            [String: CoffeeRecordingsTests.Label].self,
            from: Data(contentsOf: speech.appendingPathComponent("coffee/labels.json")))
        let names = labels.keys.sorted()
        func read(_ name: String) throws -> [Int16] {
            try WAVFile.readSamples(path: speech.appendingPathComponent("coffee/clean/\(name)").path)
        }
        return try stride(from: 0, to: names.count, by: 27).map { index in
            let talkers = try (1...4).map { try read(names[(index + $0 * 61) % names.count]) }
            let name = names[index]
            return (name, withBabble(try read(name), talkers: talkers, snr: 9), labels[name]?.slots ?? [:])
        }
    }

    @Test func ordersWithOtherPeopleTalkingBehindThemAreUnderstoodAndStayUnlikeOtherPhrases() throws {
        let coffee = try Self.coffeeCatalog()
        let interpreter = SpeechInterpreter(
            recognizer: try GrammarRecognizer(catalog: coffee), matcher: PhraseMatcher(catalog: coffee))
        let home = try GrammarRecognizer(catalog: Self.homeCatalog(withWakePhrases: false))
        var understood = 0
        var misses: [String] = []
        var falseAccepts: [String] = []
        let orders = try Self.babbleOrders()
        for order in orders {
            let result = interpreter.interpret(try interpreter.recognizer.recognizeSynchronously(order.samples))
            let expected = order.slots.mapValues { ParameterValue.text($0.trimmingCharacters(in: .whitespaces)) }
            if let accepted = result.accepted, expected.allSatisfy({ accepted.parameters[$0.key] == $0.value }) {
                understood += 1
            } else {
                misses.append("\(order.name): \"\(result.recognition.transcript)\" (\(result.reason))")
            }
            let other = try home.recognizeSynchronously(order.samples)
            if !other.isRejected { falseAccepts.append("\(order.name): \"\(other.transcript)\"") }
        }
        // Issue 24's goal for orders behind a babble; the transcripts are mostly right, but the
        // acceptance still rejects most of them.
        withKnownIssue("orders behind a babble are mostly rejected (issue 24)") {
            #expect(
                understood >= 12, Comment(rawValue: "\(understood)/\(orders.count)\n" + misses.joined(separator: "\n")))
        }
        #expect(falseAccepts.isEmpty, Comment(rawValue: falseAccepts.joined(separator: "\n")))
    }

    /// `target` with the sum of `talkers` (each as loud as the others, repeated to the
    /// target's length) behind it, the loudest 2048-sample frame of the target `snr` dB above
    /// that of the babble, the peak of the sum at half of full scale.
    static func withBabble(_ target: [Int16], talkers: [[Int16]], snr: Double) -> [Int16] {
        var babble = [Double](repeating: 0, count: target.count)
        for (index, talker) in talkers.enumerated() where !talker.isEmpty {
            let rms = (talker.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(talker.count)).squareRoot()
            let start = (index * 7_919) % talker.count
            for sample in babble.indices {
                babble[sample] += Double(talker[(start + sample) % talker.count]) / max(rms, 1)
            }
        }
        func loudestFrame(_ signal: [Double]) -> Double {
            stride(from: 0, to: max(1, signal.count - 2047), by: 2048).map { start in
                signal[start..<min(signal.count, start + 2048)].reduce(0) { $0 + $1 * $1 }
            }.max() ?? 1
        }
        let speech = target.map(Double.init)
        let scale = (loudestFrame(speech) / (max(loudestFrame(babble), 1e-9) * pow(10, snr / 10))).squareRoot()
        let mixed = zip(speech, babble).map { $0 + scale * $1 }
        let gain = 0.5 * 32_767 / max(mixed.map(abs).max() ?? 1, 1)
        return mixed.map { Int16(clamping: Int(($0 * gain).rounded())) }
    }
}
