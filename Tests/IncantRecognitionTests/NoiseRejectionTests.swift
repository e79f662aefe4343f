import Foundation
import IncantCapture
import IncantPhrases
import Testing

@testable import IncantRecognition

/// Kitchen noise alone (the shared two-minute recording, cut into bursts) decoded against the
/// shipped home phrases, whose short commands ("turn it up", "phone bob") a grammar decoder
/// readily lays over clatter.
@Suite("Noise is not a command", .serialized)
struct NoiseRejectionTests {
    static let noise = DemoCatalog.repository.deletingLastPathComponent().appendingPathComponent(
        "shared/speech/noise-kitchen.wav")

    /// `count` bursts of 0.6–4 s at peaks from 0.08 to 0.5 of full scale, each between 0.3 s
    /// of quiet room tone, at offsets spread over the recording (deterministic).
    static func bursts(count: Int) throws -> [[Int16]] {
        let samples = try WAVFile.readSamples(path: noise.path)
        var generator = SplitMix(seed: 20_261_122)
        return (0..<count).map { _ in
            let length = Int(16_000 * (0.6 + 3.4 * generator.unit()))
            let start = Int(generator.unit() * Double(samples.count - length))
            let burst = samples[start..<start + length]
            let peak = Double(burst.map { abs(Int($0)) }.max() ?? 1)
            let gain = (0.08 + 0.42 * generator.unit()) * 32_767 / max(peak, 1)
            let quiet = (0..<4_800).map { _ in Int16((generator.unit() - 0.5) * 60) }
            return quiet + burst.map { Int16(clamping: Int(Double($0) * gain)) } + quiet
        }
    }

    @Test func kitchenNoiseBurstsRarelyFireAHomePhrase() throws {
        let catalog = PhraseCatalog(
            shortcuts: try DefinitionLoader.load(
                path: DemoCatalog.repository.appendingPathComponent("phrases/home").path))
        let recognizer = try GrammarRecognizer(catalog: catalog)
        var withoutSupport = AcceptancePolicy.phrases
        withoutSupport.minimumSupport = 0
        var accepted: [String] = []
        var acceptedWithoutSupport = 0
        let bursts = try Self.bursts(count: 40)
        for (index, burst) in bursts.enumerated() {
            let result = try recognizer.recognizeSynchronously(burst)
            if !result.isRejected {
                accepted.append("burst \(index): \"\(result.transcript)\" support \(result.evidence?.support ?? -1)")
            }
            if let evidence = result.evidence, !result.words.contains(where: { GarbageModel.isGarbage($0.word) }),
                withoutSupport.confidence(evidence) >= recognizer.options.rejectionThreshold
            {
                acceptedWithoutSupport += 1
            }
        }
        // Measured on 300 such bursts: 51% accepted without the support check, 12% with it.
        #expect(accepted.count <= bursts.count / 4, Comment(rawValue: accepted.joined(separator: "\n")))
        #expect(acceptedWithoutSupport >= accepted.count + bursts.count / 8, "the support check made no difference")
    }
}

/// A small deterministic generator (SplitMix64), so the bursts are the same on every machine.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A value in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
