import Foundation
import IncantCapture
import IncantPhrases
import IncantRoomMixing
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// The voiced-background gate on real orders behind a babble that never falls silent: words
/// far below the loudest audio are let past the peak check when their surroundings are voiced
/// and they hold against common words (``AcceptancePolicy/voicedBackground``).
@Suite("A voiced background", .serialized, .tags(.accuracy), .skippedWhenFast)
struct VoicedBackgroundTests {
    static let coffee = DemoCatalog.repository.deletingLastPathComponent().appendingPathComponent(
        "shared/speech/coffee")

    /// Orders of `incant-bench levers --stride 3 --clips steadyBabble9dB` whose words lie more
    /// than 16 dB below the loudest audio and reach confidence 0.5 only with the gate (with
    /// `--voiced-background off` they get none).
    static let letPast = [
        "a7b1de7b-82ce-48b8-9e63-77b0b821ad6f.wav", "7d3c97b9-4f83-4def-a080-1b13f661acbf.wav",
        "df868bf4-3a55-46fb-88a6-1ec2e46c0d14.wav", "f17178fd-f113-4bfa-8590-5a7f414b29a1.wav",
    ]

    /// Every 3rd coffee order (by file name) as `levers --stride 3` takes them, with the
    /// labels' slots.
    static func everyThirdOrder() throws -> [(name: String, samples: [Int16], slots: [String: String])] {
        let labels = try JSONDecoder().decode(
            [String: CoffeeRecordingsTests.Label].self,
            from: Data(contentsOf: coffee.appendingPathComponent("labels.json")))
        let names = try FileManager.default.contentsOfDirectory(atPath: coffee.appendingPathComponent("clean").path)
            .filter { $0.hasSuffix(".wav") }.sorted()
        return try stride(from: 0, to: names.count, by: 3).map { index in
            let name = names[index]
            let samples = try WAVFile.readSamples(path: coffee.appendingPathComponent("clean/\(name)").path)
            return (name, samples, labels[name]?.slots ?? [:])
        }
    }

    /// The babble behind each of `orders` as `levers` builds `steadyBabble…`: four other orders
    /// with their pauses cut out, each order's own seed.
    static func steadyBabbles(behind orders: [[Int16]]) -> [[Int16]] {
        let talkers = orders.map(Babble.withoutPauses)
        return orders.indices.map { index in
            Babble.mix(
                length: orders[index].count, talkers: talkers, excluding: index, seed: Babble.seed(forClipAt: index))
        }
    }

    /// The options `incant` decodes with: the project's transforms and common words.
    static func shippedOptions() throws -> RecognizerOptions {
        var options = try ProjectModels(directory: DemoCatalog.repository.appendingPathComponent("models").path)
            .applied(to: RecognizerOptions())
        options.dictionaryFiles = [
            DemoCatalog.repository.appendingPathComponent("models/\(ProjectModels.dictionaryFileName)").path
        ]
        return options
    }

    @Test func ordersInAVoicedBackgroundPassThePeakCheckAndTheBabbleAloneDoesNot() throws {
        let catalog = try RealRoomAcceptanceTests.coffeeCatalog()
        let shipped = try Self.shippedOptions()
        let policy = shipped.acceptance
        let background = try #require(policy.voicedBackground)
        let least = try #require(policy.voicedBackgroundWordLoopMargin)
        let belowPeak = try #require(policy.maximumNoisyWordsBelowPeak)
        var ungated = shipped
        ungated.acceptance.voicedBackground = nil
        let gated = SpeechInterpreter(
            recognizer: try GrammarRecognizer(catalog: catalog, options: shipped),
            matcher: PhraseMatcher(catalog: catalog))
        let plain = try GrammarRecognizer(catalog: catalog, options: ungated)
        let orders = try Self.everyThirdOrder()
        let babbles = Self.steadyBabbles(behind: orders.map(\.samples))
        let pinned = orders.indices.filter { Self.letPast.contains(orders[$0].name) }
        try #require(pinned.count == Self.letPast.count, "pinned orders missing from the recordings")
        for index in pinned {
            let order = orders[index]
            let mixed = NoiseMixer(noise: babbles[index]).mix(order.samples, snr: 9, seed: 0, level: .averagePower)
            let heard = gated.interpret(try gated.recognizer.recognizeSynchronously(mixed))
            let evidence = try #require(heard.recognition.evidence, "\(order.name)")
            #expect(evidence.outsideVoicing >= background, "\(order.name): voicing \(evidence.outsideVoicing)")
            #expect(evidence.wordsBelowPeak > belowPeak, "\(order.name): \(evidence.wordsBelowPeak) dB below the peak")
            let loop = try #require(evidence.wordLoopMargin, "\(order.name): the word loop was not searched")
            #expect(loop >= least, "\(order.name): word-loop margin \(loop)")
            #expect(
                heard.recognition.acousticConfidence >= 0.5, "\(order.name): \(heard.recognition.acousticConfidence)")
            // Past the gate, an order is run with its labelled slots (extra slots are not errors,
            // as the labels say) or not run at all, never run as another.
            if let accepted = heard.accepted {
                let expected = order.slots.mapValues { ParameterValue.text($0.trimmingCharacters(in: .whitespaces)) }
                #expect(
                    expected.allSatisfy { accepted.parameters[$0.key] == $0.value },
                    "\(order.name): \"\(heard.recognition.transcript)\"")
            }
            let without = try plain.recognizeSynchronously(mixed)
            #expect(without.transcript == heard.recognition.transcript, "\(order.name)")
            #expect(
                without.isRejected && without.acousticConfidence == 0,
                "\(order.name): \(without.acousticConfidence) without the gate")
            // The babble alone may be heard as an order, but is never run as one.
            let alone = gated.interpret(try gated.recognizer.recognizeSynchronously(babbles[index]))
            #expect(alone.accepted == nil, "\(order.name)'s babble alone run as \"\(alone.recognition.transcript)\"")
        }
    }
}
