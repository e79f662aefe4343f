import Dispatch
import IncantCapture
import Synchronization
import Testing

@testable import IncantRecognition

@Suite("Speculative decoding")
struct SpeculativeDecodingTests {
    static func utterance(start: Int, count: Int, fill: Int16 = 1) -> Utterance {
        Utterance(
            samples: Array(repeating: fill, count: count), startSample: start, speechStartSample: start,
            speechEndSample: start + count, endReason: .silence)
    }

    /// Counts calls of the work and answers the number of samples decoded.
    final class Work: Sendable {
        let calls = Atomic<Int>(0)
        func callAsFunction(_ samples: [Int16]) -> Int {
            calls.add(1, ordering: .relaxed)
            return samples.count
        }
    }

    @Test("the utterance that settled is not decoded again when it closes")
    func settledResultIsUsed() async throws {
        let speculation = SpeculativeDecoding<Int>()
        let work = Work()
        let settled = Self.utterance(start: 100, count: 800)
        speculation.begin(settled) { work($0) }
        let (output, speculated) = try await speculation.result(for: settled) { work($0) }
        #expect(output == 800)
        #expect(speculated)
        #expect(work.calls.load(ordering: .relaxed) == 1)
    }

    @Test("an utterance that grew after settling (speech resumed) is decoded afresh")
    func grownUtteranceIsDecodedAgain() async throws {
        let speculation = SpeculativeDecoding<Int>()
        let work = Work()
        speculation.begin(Self.utterance(start: 100, count: 800)) { work($0) }
        let (output, speculated) = try await speculation.result(for: Self.utterance(start: 100, count: 1_600)) {
            work($0)
        }
        #expect(output == 1_600)
        #expect(!speculated)
        // A speculation is used at most once.
        let again = try await speculation.result(for: Self.utterance(start: 100, count: 800)) { work($0) }
        #expect(!again.speculated)
    }

    @Test("a speculation replaced before the decoding queue reached it never decodes")
    func replacedSpeculationDoesNotRun() async throws {
        let speculation = SpeculativeDecoding<Int>()
        let work = Work()
        // Hold the decoding queue, as a long decode would, while utterances settle one after another.
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let holding = Task {
            try await DecodingQueue.run {
                started.signal()
                gate.wait()
            }
        }
        await Task.detached { started.wait() }.value
        for index in 0..<5 {
            speculation.begin(Self.utterance(start: index * 10_000, count: 800)) { work($0) }
        }
        gate.signal()
        try await holding.value
        let last = Self.utterance(start: 40_000, count: 800)
        let (output, speculated) = try await speculation.result(for: last) { work($0) }
        #expect(output == 800 && speculated)
        // Only the last speculation decoded (those replaced while queued were skipped).
        #expect(work.calls.load(ordering: .relaxed) == 1)
    }

    @Test("a discarded speculation is not used, and errors reach the caller")
    func discardAndErrors() async throws {
        struct Failure: Error {}
        let speculation = SpeculativeDecoding<Int>()
        let work = Work()
        let settled = Self.utterance(start: 0, count: 320)
        speculation.begin(settled) { _ in throw Failure() }
        speculation.discard()
        let fresh = try await speculation.result(for: settled) { work($0) }
        #expect(!fresh.speculated && fresh.output == 320)
        speculation.begin(settled) { _ in throw Failure() }
        await #expect(throws: Failure.self) { _ = try await speculation.result(for: settled) { work($0) } }
    }
}
