import Dispatch
import Foundation
import IncantCapture
import IncantSpeech
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
        speculation.begin(settled) { samples, _ in work(samples) }
        let (output, speculated) = try await speculation.result(for: settled) { work($0) }
        #expect(output == 800)
        #expect(speculated)
        #expect(work.calls.load(ordering: .relaxed) == 1)
    }

    @Test("an utterance that grew after settling (speech resumed) is decoded afresh")
    func grownUtteranceIsDecodedAgain() async throws {
        let speculation = SpeculativeDecoding<Int>()
        let work = Work()
        speculation.begin(Self.utterance(start: 100, count: 800)) { samples, _ in work(samples) }
        let (output, speculated) = try await speculation.result(for: Self.utterance(start: 100, count: 1_600)) {
            work($0)
        }
        #expect(output == 1_600)
        #expect(!speculated)
        // A speculation is used at most once.
        let again = try await speculation.result(for: Self.utterance(start: 100, count: 800)) { work($0) }
        #expect(!again.speculated)
    }

    /// Holds the decoding queue, as a long decode would, until the returned semaphore is signalled.
    static func holdDecodingQueue() async -> (gate: DispatchSemaphore, holding: Task<Void, any Error>) {
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let holding = Task {
            try await DecodingQueue.run {
                started.signal()
                gate.wait()
            }
        }
        await Task.detached { started.wait() }.value
        return (gate, holding)
    }

    @Test("a speculation replaced by a later pause before the decoding queue reached it never decodes")
    func replacedSpeculationDoesNotRun() async throws {
        let speculation = SpeculativeDecoding<Int>()
        let work = Work()
        let (gate, holding) = await Self.holdDecodingQueue()
        // One utterance settles at five pauses, longer each time.
        for pause in 1...5 {
            speculation.begin(Self.utterance(start: 10_000, count: pause * 800)) { samples, _ in work(samples) }
        }
        gate.signal()
        try await holding.value
        let closed = Self.utterance(start: 10_000, count: 4_000)
        let (output, speculated) = try await speculation.result(for: closed) { work($0) }
        #expect(output == 4_000 && speculated)
        // Only the last speculation decoded (those replaced while queued were skipped).
        #expect(work.calls.load(ordering: .relaxed) == 1)
    }

    @Test("the next utterance settling before this one is claimed leaves this one's speculation alone")
    func aReaderAheadDoesNotChangeWhatIsDecoded() async throws {
        let speculation = SpeculativeDecoding<Int>()
        let work = Work()
        // A file read ahead of the listener: three utterances settle before the first is
        // claimed. Each settled version is filled (fill 1) where the closed one holds what
        // was really heard (fill 2): the speculation must be used, whatever the timing.
        for index in 0..<3 {
            speculation.begin(Self.utterance(start: index * 10_000, count: 800)) { samples, _ in
                work(samples) + Int(samples[0]) * 1_000_000
            }
        }
        for index in 0..<3 {
            let closed = Self.utterance(start: index * 10_000, count: 800, fill: 2)
            let (output, speculated) = try await speculation.result(for: closed) { work($0) + Int($0[0]) * 1_000_000 }
            #expect(speculated && output == 1_000_800, "utterance \(index)")
        }
        #expect(work.calls.load(ordering: .relaxed) == 3)
    }

    /// A decoding that runs until it is cancelled, as a long one would (the real decoder looks
    /// at the cancellation every 0.25 s of audio); it gives up after 300 s so that a failure
    /// does not hang the suite. (A 20 s limit was reached in the full parallel suite on two
    /// cores, where a test waited that long to go on.)
    final class DecodingUntilCancelled: Sendable {
        let started = Atomic<Bool>(false)
        let stopped = Atomic<Bool>(false)

        func callAsFunction(_ cancellation: RecognitionCancellation) throws -> Int {
            started.store(true, ordering: .relaxed)
            let deadline = ContinuousClock.now + .seconds(300)
            while !cancellation.isCancelled && ContinuousClock.now < deadline { usleep(1_000) }
            stopped.store(cancellation.isCancelled, ordering: .relaxed)
            throw CancellationError()
        }

        /// Waits (up to `limit`) for the decoding to start (or, with `stop`, to stop), without
        /// blocking a thread of the shared pool (a blocked one held back others).
        func wait(untilStopped stop: Bool = false, limit: Duration = .seconds(300)) async throws {
            let deadline = ContinuousClock.now + limit
            func done() -> Bool { stop ? stopped.load(ordering: .relaxed) : started.load(ordering: .relaxed) }
            while !done() && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(1))
            }
        }
    }

    /// A speculation decoding when it is superseded is told to stop: by a later pause of its own
    /// utterance (speech resumed: start 0), or by a later utterance being claimed while this one
    /// was skipped (an answer to a question, heard through another path: start 10,000).
    @Test(
        "a speculation that is decoding when it is superseded is told to stop",
        arguments: [0, 10_000])
    func runningSpeculationIsCancelled(nextStart: Int) async throws {
        let speculation = SpeculativeDecoding<Int>()
        let work = Work()
        let decoding = DecodingUntilCancelled()
        speculation.begin(Self.utterance(start: 0, count: 800)) { _, cancellation in try decoding(cancellation) }
        try await decoding.wait()
        // The first decoding must end for the next one to get the decoding queue.
        let next = Self.utterance(start: nextStart, count: 1_600)
        speculation.begin(next) { samples, _ in work(samples) }
        let (output, speculated) = try await speculation.result(for: next) { work($0) }
        #expect(output == 1_600 && speculated)
        #expect(work.calls.load(ordering: .relaxed) == 1)
        let wasCancelled = decoding.stopped.load(ordering: .relaxed)
        #expect(wasCancelled, "the superseded decoding was not cancelled")
    }

    @Test("an utterance taken as an answer stops its speculation and leaves later ones alone")
    func skippedUtteranceStopsItsSpeculation() async throws {
        let speculation = SpeculativeDecoding<Int>()
        let work = Work()
        let decoding = DecodingUntilCancelled()
        let answer = Self.utterance(start: 0, count: 800)
        speculation.begin(answer) { _, cancellation in try decoding(cancellation) }
        try await decoding.wait()
        // The next command settles (a reader ahead) while the answer is being recognized.
        let next = Self.utterance(start: 10_000, count: 1_600)
        speculation.begin(next) { samples, _ in work(samples) }
        speculation.skip(answer)
        // Stopped by the skip itself, before any later utterance is claimed.
        try await decoding.wait(untilStopped: true, limit: .seconds(60))
        let wasCancelled = decoding.stopped.load(ordering: .relaxed)
        #expect(wasCancelled, "the skipped utterance's decoding was not cancelled")
        let (output, speculated) = try await speculation.result(for: next) { work($0) }
        #expect(output == 1_600 && speculated)
        #expect(work.calls.load(ordering: .relaxed) == 1)
    }

    @Test("a discarded speculation is not used, and errors reach the caller")
    func discardAndErrors() async throws {
        struct Failure: Error {}
        let speculation = SpeculativeDecoding<Int>()
        let work = Work()
        let settled = Self.utterance(start: 0, count: 320)
        speculation.begin(settled) { _, _ in throw Failure() }
        speculation.discard()
        let fresh = try await speculation.result(for: settled) { work($0) }
        #expect(!fresh.speculated && fresh.output == 320)
        speculation.begin(settled) { _, _ in throw Failure() }
        await #expect(throws: Failure.self) { _ = try await speculation.result(for: settled) { work($0) } }
    }
}
