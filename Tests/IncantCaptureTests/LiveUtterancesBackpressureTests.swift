import Foundation
import IncantTestSupport
import Testing

@testable import IncantCapture

@Suite("Back-pressure from a slow consumer of utterances")
struct LiveUtterancesBackpressureTests {
    @Test("a bounded push waits while the queue is full and goes on once an element is taken")
    func boundedPushWaits() async throws {
        let queue = HandOffQueue<Int>()
        await queue.push(1, limit: 2)
        await queue.push(2, limit: 2)
        let third = Task { await queue.push(3, limit: 2) }
        // Give the third push every chance to (wrongly) get through.
        for _ in 0..<20 { await Task.yield() }
        try await Task.sleep(for: .milliseconds(50))
        #expect(await queue.count == 2)

        #expect(try await queue.next() == 1)
        await third.value
        #expect(await queue.count == 2)
        #expect(try await queue.next() == 2)
        #expect(try await queue.next() == 3)
    }

    @Test("cancelling a waiting bounded push drops its element and returns")
    func cancelledPushReturns() async throws {
        let queue = HandOffQueue<Int>()
        await queue.push(1, limit: 1)
        let waiting = Task { await queue.push(2, limit: 1) }
        for _ in 0..<20 { await Task.yield() }
        waiting.cancel()
        await waiting.value
        #expect(await queue.count == 1)
        await queue.finish()
        #expect(try await queue.next() == 1)
        #expect(try await queue.next() == nil)
    }

    @Test("finishing the queue releases a waiting bounded push")
    func finishReleasesPush() async throws {
        let queue = HandOffQueue<Int>()
        await queue.push(1, limit: 1)
        let waiting = Task { await queue.push(2, limit: 1) }
        for _ in 0..<20 { await Task.yield() }
        await queue.finish()
        await waiting.value
        #expect(try await queue.next() == 1)
        #expect(try await queue.next() == nil)
    }

    /// Bursts of 0.5 s, each followed by 0.7 s of quiet: one utterance each.
    static func bursts(count: Int) -> [Int16] {
        var samples: [Int16] = []
        for _ in 0..<count {
            samples += TestAudio.burst(seconds: 0.5) + TestAudio.noise(seconds: 0.7)
        }
        return samples
    }

    @Test("with maximumPending a pipe is read no further ahead than the consumer needs, and nothing is lost")
    func pipeReadingPauses() async throws {
        let count = 40
        let samples = Self.bursts(count: count)
        let pipe = Pipe()
        let writer = Thread {
            pipe.fileHandleForWriting.write(TestAudio.bytes(of: samples))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let live = LiveUtterances(
            source: StandardInputSource(fileHandle: pipe.fileHandleForReading, name: "test pipe"),
            maximumPending: 2)
        defer { live.stop() }

        var received = 0
        let first = try await live.next()
        #expect(first != nil)
        received += 1
        // A reader that never paused would have read all 48 s (768,000 samples) by now.
        try await Task.sleep(for: .milliseconds(300))
        let ahead = live.position
        // At most: utterances pending and being cut, the frame channel (64 × 0.1 s) and the
        // chunk in hand: well under half of the input.
        #expect(ahead < samples.count / 2, "read \(ahead) of \(samples.count) samples with 1 utterance taken")

        while try await live.next() != nil { received += 1 }
        #expect(received == count)
        #expect(live.position == samples.count)
    }
}
