import Foundation
import IncantServer
import Testing

/// The Wyoming event fuzz harness (Fuzz/Harness/Server, linked here as FuzzHarness/) runs over
/// its seed corpus and a few thousand seeded mutations of it.
@Suite("Fuzz regressions: Wyoming events")
struct WyomingFuzzRegressionTests {
    @Test("the Wyoming harness survives its corpus and 3,000 mutations")
    func wyomingReplay() async throws {
        let seeds = try FuzzReplay.corpus("FuzzWyoming")
        let tokens = try FuzzReplay.dictionary("wyoming")
        let counts = try await FuzzReplay.onThread {
            var events = 0
            var inputs = 0
            FuzzReplay.run(seeds: seeds, tokens: tokens, mutations: 3_000, maximumSize: 4096) { input in
                events += WyomingEventFuzzTarget.run(input).count
                inputs += 1
            }
            return (events, inputs)
        }
        #expect(counts.1 > 3_000)
        #expect(counts.0 > 100)
    }

    @Test("every seed but the broken ones reads as events")
    func seedsRead() throws {
        for (index, seed) in try FuzzReplay.corpus("FuzzWyoming").enumerated() {
            let events = WyomingEventFuzzTarget.run(seed)
            #expect(!events.isEmpty || seed.starts(with: Array(#"{"type": "audio-chunk", "#.utf8)), "seed \(index)")
        }
    }
}
