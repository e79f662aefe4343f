import Foundation
import IncantCapture
import IncantGrammar
import IncantPhrases
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// Kitchen noise alone (the shared two-minute recording, cut into bursts) decoded against the
/// shipped home phrases, whose short commands ("turn it up", "phone bob") a grammar decoder
/// readily lays over clatter.
@Suite("Noise is not a command", .serialized, .tags(.accuracy), .skippedWhenFast)
struct NoiseRejectionTests {
    static let noise = DemoCatalog.repository.deletingLastPathComponent().appendingPathComponent(
        "shared/speech/noise-kitchen.wav")

    /// `count` bursts of 0.6–4 s at peaks from 0.08 to 0.5 of full scale, each between 0.3 s
    /// of faint room tone. Lengths, offsets and gains follow Weyl sequences (fractional parts
    /// of multiples of irrational numbers): spread evenly, and the same on every machine.
    static func bursts(count: Int) throws -> [[Int16]] {
        let samples = try WAVFile.readSamples(path: noise.path)
        func spread(_ index: Int, _ step: Double) -> Double {
            (Double(index + 1) * step).truncatingRemainder(dividingBy: 1)
        }
        return (0..<count).map { index in
            let length = Int(16_000 * (0.6 + 3.4 * spread(index, 0.618_033_988_7)))
            let start = Int(spread(index, 0.414_213_562_4) * Double(samples.count - length))
            let burst = samples[start..<start + length]
            let peak = Double(burst.map { abs(Int($0)) }.max() ?? 1)
            let gain = (0.08 + 0.42 * spread(index, 0.754_877_666_2)) * 32_767 / max(peak, 1)
            let quiet = (0..<4_800).map { Int16(spread($0 + index, 0.236_067_977_5) * 60 - 30) }
            return quiet + burst.map { Int16(clamping: Int(Double($0) * gain)) } + quiet
        }
    }

    @Test func kitchenNoiseBurstsRarelyFireAHomePhrase() throws {
        let catalog = PhraseCatalog(
            shortcuts: try DefinitionLoader.load(
                path: DemoCatalog.repository.appendingPathComponent("phrases/home").path))
        let recognizer = try GrammarRecognizer(catalog: catalog)
        // Each check measured on its own: without the raise for short phrases, which also
        // rejects some of what the support check does.
        var withoutVoicing = AcceptancePolicy.phrases
        withoutVoicing.minimumVoicing = 0
        withoutVoicing.shortPhraseRaise = 0
        var withoutEither = withoutVoicing
        withoutEither.minimumSupport = 0
        withoutEither.minimumNoisySupport = 0
        var accepted: [String] = []
        var acceptedWithoutVoicing = 0
        var acceptedWithoutEither = 0
        let bursts = try Self.bursts(count: 40)
        for (index, burst) in bursts.enumerated() {
            let result = try recognizer.recognizeSynchronously(burst)
            if !result.isRejected {
                accepted.append(
                    "burst \(index): \"\(result.transcript)\" support \(result.evidence?.support ?? -1) "
                        + "voicing \(result.evidence?.voicing ?? -1)")
            }
            guard let evidence = result.evidence, !result.words.contains(where: { GarbageModel.isGarbage($0.word) })
            else { continue }
            let threshold = recognizer.options.rejectionThreshold
            if withoutVoicing.confidence(evidence) >= threshold { acceptedWithoutVoicing += 1 }
            if withoutEither.confidence(evidence) >= threshold { acceptedWithoutEither += 1 }
        }
        // Measured on 300 such bursts: 51% accepted without the support check, 12% with it; on
        // these 40: 12 without either check, 6 with support alone (both without the raise), 2 as
        // shipped.
        #expect(accepted.count <= bursts.count / 10, Comment(rawValue: accepted.joined(separator: "\n")))
        #expect(acceptedWithoutVoicing >= accepted.count + 3, "the voicing check made no difference")
        #expect(
            acceptedWithoutEither >= acceptedWithoutVoicing + bursts.count / 8, "the support check made no difference")
    }

    /// `speech` with a stretch of the kitchen noise added at `snr` dB (ratio of mean powers),
    /// starting `offset` (0–1) of the way into the recording.
    static func mixed(_ speech: [Int16], noise: [Int16], snr: Double, offset: Double) -> [Int16] {
        let start = Int(offset * Double(noise.count - speech.count))
        let stretch = noise[start..<start + speech.count]
        func power(_ samples: some Collection<Int16>) -> Double {
            samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))
        }
        let gain = (power(speech) / max(power(stretch), 1) / pow(10, snr / 10)).squareRoot()
        return zip(speech, stretch).map { Int16(clamping: Int(Double($0) + gain * Double($1))) }
    }

    /// Real coffee orders in loud kitchen noise against the home phrases: noise lowers the
    /// phrase's words and the free loop alike, so margins alone let some through; the words of
    /// such a forced phrase share no phone with what the loop heard over them.
    @Test func coffeeOrdersInNoiseAreNotHomeCommands() throws {
        let home = try GrammarRecognizer(
            catalog: PhraseCatalog(
                shortcuts: try DefinitionLoader.load(
                    path: DemoCatalog.repository.appendingPathComponent("phrases/home").path)))
        let coffeeCatalog = try CoffeeRecordingsTests.catalog()
        let coffeeRecognizer = try GrammarRecognizer(catalog: coffeeCatalog)
        let coffee = SpeechInterpreter(recognizer: coffeeRecognizer, matcher: PhraseMatcher(catalog: coffeeCatalog))
        let noise = try WAVFile.readSamples(path: Self.noise.path)
        var withoutAgreement = AcceptancePolicy.phrases
        withoutAgreement.minimumNoisyPhoneAgreement = 0
        let threshold = home.options.rejectionThreshold
        let clips = try FileManager.default.contentsOfDirectory(
            atPath: SharedSpeech.coffeeDirectory.appendingPathComponent("clean").path
        ).sorted().enumerated().filter { $0.offset % 8 == 0 }.map(\.element)
        var accepted: [String] = []
        var acceptedWithoutAgreement = 0
        var commandsLostToAgreement: [String] = []
        for (index, clip) in clips.enumerated() {
            let samples = Self.mixed(
                try SharedSpeech.samples(of: clip), noise: noise, snr: 6,
                offset: (Double(index + 1) * 0.618_033_988_7).truncatingRemainder(dividingBy: 1))
            let result = try home.recognizeSynchronously(samples)
            if !result.isRejected {
                accepted.append("\(clip): \"\(result.transcript)\" agreement \(result.evidence?.phoneAgreement ?? -1)")
            }
            if let evidence = result.evidence, withoutAgreement.confidence(evidence) >= threshold {
                acceptedWithoutAgreement += 1
            }
            // The same noisy order against its own phrases: the check must not cost it.
            guard index % 2 == 0 else { continue }
            let own = coffee.interpret(try coffeeRecognizer.recognizeSynchronously(samples))
            if let evidence = own.recognition.evidence, own.recognition.isRejected,
                withoutAgreement.confidence(evidence) >= threshold
            {
                commandsLostToAgreement.append("\(clip): \"\(own.recognition.transcript)\"")
            }
        }
        // Measured on these 41 orders at 6 dB: 2 accepted, 3 without the phone agreement check
        // (the benchmark's 164 even clips: 9.8% → 4.3%).
        #expect(accepted.count <= clips.count / 10, Comment(rawValue: accepted.joined(separator: "\n")))
        #expect(acceptedWithoutAgreement > accepted.count, "the phone agreement check made no difference")
        #expect(commandsLostToAgreement.isEmpty, Comment(rawValue: commandsLostToAgreement.joined(separator: "\n")))
    }
}
