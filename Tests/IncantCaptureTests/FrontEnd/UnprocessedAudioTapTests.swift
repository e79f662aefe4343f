import IncantCapture
import Testing

/// The audio before the front ends, kept by stream position.
@Suite struct UnprocessedAudioTapTests {
    @Test("before a front end that holds samples back, its output lines up with the tap's samples")
    func linesUpWithTheFrontEndsOutput() async throws {
        let input = (0..<3_000).map { Int16(($0 * 37) % 20_000 - 10_000) }
        let chunks = stride(from: 0, to: input.count, by: 160).map { Array(input[$0..<min($0 + 160, input.count)]) }
        let tap = UnprocessedAudioTap()
        let source = FrontEndSource(source: ChunkSource(chunks: chunks), frontEnds: [tap, HalvingDelay(delay: 250)])
        var output: [Int16] = []
        for try await chunk in source.frames() {
            // While the front end holds samples back, the tap already has them.
            let heard = try #require(tap.samples(in: 0..<(output.count + chunk.count)))
            output += chunk
            #expect(heard.map { $0 / 2 } == output)
        }
        #expect(output.count == input.count)
        #expect(tap.samples(in: 1_000..<1_400) == Array(input[1_000..<1_400]))
        #expect(tap.samples(in: 2_900..<3_001) == nil)
        #expect(source.description == "chunks through unprocessed, halving")
    }

    @Test("it keeps at least its capacity, the latest, and forgets the stream on reset")
    func keepsTheLatest() {
        let tap = UnprocessedAudioTap(capacity: 100)
        for start in stride(from: 0, to: 1_000, by: 30) {
            let chunk = (start..<min(start + 30, 1_000)).map { Int16($0) }
            #expect(tap.process(chunk) == chunk)
        }
        #expect(tap.samples(in: 900..<1_000) == (900..<1_000).map { Int16($0) })
        #expect(tap.samples(in: 0..<10) == nil)
        #expect(tap.samples(in: 990..<1_010) == nil)
        tap.reset()
        #expect(tap.samples(in: 900..<1_000) == nil)
        _ = tap.process([7, 8, 9])
        #expect(tap.samples(in: 0..<3) == [7, 8, 9])
    }
}
