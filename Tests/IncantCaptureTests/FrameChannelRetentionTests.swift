import Testing

@testable import IncantCapture

@Suite("Frame channel memory when the queue never runs empty")
struct FrameChannelRetentionTests {
    @Test("chunks already taken are dropped even while the producer keeps the queue full")
    func takenChunksAreDropped() async throws {
        let capacity = 4
        let channel = FrameChannel(capacity: capacity)
        for index in 0..<capacity {
            #expect(channel.send([Int16(index)]))
        }
        // Take one, send one: the queue holds 3–4 chunks at every moment and never empties,
        // as when a pipe is read exactly as fast as the endpointer takes its chunks.
        var mostStored = 0
        for index in capacity..<(capacity + 1_000) {
            let chunk = try await channel.next()
            #expect(chunk == [Int16(index - capacity)])
            #expect(channel.send([Int16(index)]))
            mostStored = max(mostStored, channel.storedChunkCount)
        }
        #expect(mostStored < 2 * capacity, "the channel held \(mostStored) chunks at once")
        channel.finish()
        var rest: [Int16] = []
        while let chunk = try await channel.next() { rest += chunk }
        #expect(rest == (1_000..<(1_000 + capacity)).map { Int16($0) })
    }
}
