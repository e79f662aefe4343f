import IncantCapture
import Synchronization
import Testing

/// A front end that halves every sample and holds the last `delay` samples back, as a
/// block-based denoiser does.
final class HalvingDelay: AudioFrontEnd {
    let delay: Int
    private let held = Mutex<[Int16]>([])

    init(delay: Int) { self.delay = delay }

    var name: String { "halving" }
    var latencySamples: Int { delay }

    func process(_ samples: [Int16]) -> [Int16] {
        held.withLock { held in
            held += samples.map { $0 / 2 }
            let ready = max(0, held.count - delay)
            defer { held.removeFirst(ready) }
            return Array(held.prefix(ready))
        }
    }

    func flush() -> [Int16] {
        held.withLock { held in
            defer { held = [] }
            return held
        }
    }

    func reset() { held.withLock { $0 = [] } }
}

/// Hands out fixed chunks.
struct ChunkSource: AudioSource {
    let chunks: [[Int16]]
    var description: String { "chunks" }
    func frames() -> AudioFrameStream {
        AudioFrameStream(threadName: "test.chunks") { sink in
            for chunk in chunks where !sink.send(chunk) { return }
        }
    }
}

@Suite struct FrontEndSourceTests {
    @Test func everySampleComesThroughEveryFrontEndOnceInOrder() async throws {
        let input = (0..<1_000).map { Int16($0 * 4) }
        let chunks = stride(from: 0, to: input.count, by: 160).map { Array(input[$0..<min($0 + 160, input.count)]) }
        let source = FrontEndSource(
            source: ChunkSource(chunks: chunks), frontEnds: [HalvingDelay(delay: 250), HalvingDelay(delay: 70)])
        var output: [Int16] = []
        for try await chunk in source.frames() { output += chunk }
        #expect(output == input.map { $0 / 2 / 2 })
        #expect(source.description == "chunks through halving, halving")
    }

    @Test func theIdentityFrontEndChangesNothing() async throws {
        let chunks: [[Int16]] = [[1, 2, 3], [4, 5], [6]]
        var output: [[Int16]] = []
        for try await chunk in FrontEndSource(source: ChunkSource(chunks: chunks), frontEnds: [IdentityFrontEnd()])
            .frames()
        {
            output.append(chunk)
        }
        #expect(output == chunks)
    }
}
