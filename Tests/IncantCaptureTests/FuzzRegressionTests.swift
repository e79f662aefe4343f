import Foundation
import Testing

@testable import IncantCapture

/// The WAV fuzz harness (Fuzz/Harness/Capture, linked here as FuzzHarness/) runs over its seed
/// corpus and a few thousand seeded mutations, plus the inputs fuzzing found crashes with.
@Suite("Fuzz regressions: WAV files")
struct CaptureFuzzRegressionTests {
    @Test("the WAV harness survives its corpus and 1,500 mutations")
    func wavReplay() async throws {
        let seeds = try FuzzReplay.corpus("FuzzWAV")
        let tokens = try FuzzReplay.dictionary("wav")
        let outcomes = try await FuzzReplay.onThread {
            var read = 0
            var refused = 0
            FuzzReplay.run(seeds: seeds, tokens: tokens, mutations: 1_500, maximumSize: 4096) { input in
                if WAVFuzzTarget.run(input) == nil { refused += 1 } else { read += 1 }
            }
            return (read, refused)
        }
        #expect(outcomes.0 > 50)
        #expect(outcomes.1 > 50)
    }
}
