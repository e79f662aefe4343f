import Foundation
import IncantTestSupport
import Testing

@testable import IncantCapture

@Suite("Raw PCM from a file descriptor")
struct StandardInputSourceTests {
    @Test("reads s16le samples from a pipe until end of file")
    func pipeToEnd() async throws {
        let pipe = Pipe()
        let samples = TestAudio.burst(seconds: 0.3) + [1, -1, 32_767, -32_768]
        let writer = Thread {
            // Odd-sized writes split samples across reads.
            let bytes = TestAudio.bytes(of: samples)
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + 777)
                pipe.fileHandleForWriting.write(bytes[offset..<end])
                offset = end
            }
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()

        let source = StandardInputSource(fileHandle: pipe.fileHandleForReading, name: "test pipe", chunkSize: 320)
        let received = try await TestAudio.collect(source)
        #expect(received == samples)
        #expect(source.description == "test pipe")
    }

    @Test("reads a regular file descriptor")
    func regularFile() async throws {
        let directory = try TestAudio.scratchDirectory()
        let url = directory.appendingPathComponent("audio.raw")
        let samples = TestAudio.noise(seconds: 0.25, level: -20)
        try TestAudio.bytes(of: samples).write(to: url)
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }

        #expect(try await TestAudio.collect(StandardInputSource(fileHandle: handle)) == samples)
    }

    @Test("stops reading when the consumer is cancelled, even if no more data comes")
    func cancellation() async throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(TestAudio.bytes(of: TestAudio.noise(seconds: 0.1, level: -20)))
        let source = StandardInputSource(fileHandle: pipe.fileHandleForReading, chunkSize: 160)

        let task = Task {
            var count = 0
            for try await chunk in source.frames() {
                count += chunk.count
                // The writing end stays open: only cancellation can end the loop.
                if count == 1_600 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        #expect(try await task.value == 1_600)
        try pipe.fileHandleForWriting.close()
    }
}
