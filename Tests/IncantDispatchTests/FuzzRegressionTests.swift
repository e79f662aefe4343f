import Foundation
import IncantPhrases
import Testing

@testable import IncantDispatch

/// The handler-answer fuzz harness (Fuzz/Harness/Dispatch, linked here as FuzzHarness/) runs
/// over its seed corpus and a few thousand seeded mutations, plus the inputs fuzzing found
/// crashes with.
@Suite("Fuzz regressions: handler answers")
struct DispatchFuzzRegressionTests {
    @Test("the handler answer harness survives its corpus and 5,000 mutations")
    func handlerReplyReplay() async throws {
        let seeds = try FuzzReplay.corpus("FuzzHandlerReply")
        let tokens = try FuzzReplay.dictionary("json")
        let codes = try await FuzzReplay.onThread {
            var codes: [String: Int] = [:]
            FuzzReplay.run(seeds: seeds, tokens: tokens, mutations: 5_000, maximumSize: 4096) { input in
                if let response = HandlerReplyFuzzTarget.run(input) { codes[response.code.rawValue, default: 0] += 1 }
            }
            return codes
        }
        // Mutants reach handler-chosen codes as well as Incant's own verdicts.
        #expect(codes["failure", default: 0] > 100)
        #expect(codes["success", default: 0] > 100)
        #expect(codes.keys.contains { !ResponseCode(rawValue: $0).isBuiltIn })
    }
}
