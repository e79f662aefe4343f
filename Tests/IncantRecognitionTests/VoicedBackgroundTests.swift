import Foundation
import IncantCapture
import IncantPhrases
import IncantRoomMixing
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// Real orders behind a babble that never falls silent, whose words lie far below the loudest
/// audio: the quiet words are mostly the talkers' behind, heard as slot values appended to the
/// order, so the peak check is not set aside for a voiced background
/// (``AcceptancePolicy/voicedBackground`` is off).
@Suite("A voiced background", .serialized, .tags(.accuracy), .skippedWhenFast)
struct VoicedBackgroundTests {
    static let coffee = CoffeeRecordingsTests.coffee

    /// Orders of `incant-bench levers --stride 3 --clips steadyBabble9dB` whose words lie more
    /// than 16 dB below the loudest audio and reach confidence 0.5 only with the exemption
    /// (`--voiced-background 0.3`), each heard with a slot value its label does not name.
    static let letPast = [
        "a7b1de7b-82ce-48b8-9e63-77b0b821ad6f.wav", "7d3c97b9-4f83-4def-a080-1b13f661acbf.wav",
        "df868bf4-3a55-46fb-88a6-1ec2e46c0d14.wav", "f17178fd-f113-4bfa-8590-5a7f414b29a1.wav",
    ]

    /// Every 3rd coffee order (by file name) from the `offset`th, as `levers --stride 3 --offset`
    /// takes them, with the labels' slots.
    static func everyThirdOrder(offset: Int = 0) throws -> [(name: String, samples: [Int16], slots: [String: String])] {
        let labels = try JSONDecoder().decode(
            [String: CoffeeRecordingsTests.Label].self,
            from: Data(contentsOf: coffee.appendingPathComponent("labels.json")))
        let names = try FileManager.default.contentsOfDirectory(atPath: coffee.appendingPathComponent("clean").path)
            .filter { $0.hasSuffix(".wav") }.sorted()
        return try stride(from: offset, to: names.count, by: 3).map { index in
            let name = names[index]
            let samples = try WAVFile.readSamples(path: coffee.appendingPathComponent("clean/\(name)").path)
            return (name, samples, labels[name]?.slots ?? [:])
        }
    }

    /// The orders named `names` among every 3rd from the `offset`th, each with the babble
    /// `levers` builds for `steadyBabble…` behind it (four other orders with their pauses cut
    /// out) at 9 dB of mean power, and that babble alone.
    static func behindSteadyBabble(_ names: [String], offset: Int = 0) throws -> [(
        name: String, slots: [String: String], mixed: [Int16], babble: [Int16]
    )] {
        let orders = try everyThirdOrder(offset: offset)
        let samples = orders.map(\.samples)
        let babbles = Babble.behindEach(samples, voices: samples.map(Babble.withoutPauses))
        let pinned = orders.indices.filter { names.contains(orders[$0].name) }
        try #require(pinned.count == names.count, "pinned orders missing from the recordings")
        return pinned.map { index in
            let mixed = NoiseMixer(noise: babbles[index]).mix(
                orders[index].samples, snr: 9, seed: 0, level: .averagePower)
            return (orders[index].name, orders[index].slots, mixed, babbles[index])
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

    @Test func quietWordsInAVoicedBackgroundAreNotLetPastThePeakCheck() throws {
        let catalog = try RealRoomAcceptanceTests.coffeeCatalog()
        let shipped = try Self.shippedOptions()
        #expect(shipped.acceptance.voicedBackground == nil)
        let least = try #require(shipped.acceptance.voicedBackgroundWordLoopMargin)
        let belowPeak = try #require(shipped.acceptance.maximumNoisyWordsBelowPeak)
        var exempting = shipped
        exempting.acceptance.voicedBackground = 0.3
        let matcher = PhraseMatcher(catalog: catalog)
        let interpreter = SpeechInterpreter(
            recognizer: try GrammarRecognizer(catalog: catalog, options: shipped), matcher: matcher)
        let exempt = try GrammarRecognizer(catalog: catalog, options: exempting)
        for order in try Self.behindSteadyBabble(Self.letPast) {
            let mixed = order.mixed
            // With the exemption, the words pass: voiced surroundings, far below the peak, held
            // against common words...
            let exempted = try exempt.recognizeSynchronously(mixed)
            let evidence = try #require(exempted.evidence, "\(order.name)")
            #expect(evidence.outsideVoicing >= 0.3, "\(order.name): voicing \(evidence.outsideVoicing)")
            #expect(evidence.wordsBelowPeak > belowPeak, "\(order.name): \(evidence.wordsBelowPeak) dB below the peak")
            let loop = try #require(evidence.wordLoopMargin, "\(order.name): the word loop was not searched")
            #expect(loop >= least, "\(order.name): word-loop margin \(loop)")
            #expect(exempted.acousticConfidence >= 0.5, "\(order.name): \(exempted.acousticConfidence)")
            // ...and what they say holds a slot value the speaker did not say.
            let heard = try #require(matcher.match(transcripts: [exempted.transcript]).best, "\(order.name)")
            let unsaid = heard.parameters.keys.filter { order.slots[$0] == nil }
            #expect(!unsaid.isEmpty, "\(order.name): \"\(exempted.transcript)\" holds only what the label names")
            // Shipped, the same words are rejected, and nothing runs.
            let result = interpreter.interpret(try interpreter.recognizer.recognizeSynchronously(mixed))
            #expect(result.recognition.transcript == exempted.transcript, "\(order.name)")
            #expect(result.recognition.isRejected && result.recognition.acousticConfidence == 0, "\(order.name)")
            #expect(result.accepted == nil, "\(order.name): run as \"\(result.recognition.transcript)\"")
            // The babble alone may be heard as an order, but is never run as one.
            let alone = interpreter.interpret(try interpreter.recognizer.recognizeSynchronously(order.babble))
            #expect(alone.accepted == nil, "\(order.name)'s babble alone run as \"\(alone.recognition.transcript)\"")
        }
    }
}
