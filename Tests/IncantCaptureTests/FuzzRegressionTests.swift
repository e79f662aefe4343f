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

    @Test("parsing in memory reads what opening the file reads")
    func inMemoryMatchesFile() throws {
        // The harness parses bytes with WAVFile(path:contents:); WAVFile(path:) maps the file
        // and runs the same parser, so both must give the same format and samples.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("incant-wav-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var compared = 0
        for (index, seed) in try FuzzReplay.corpus("FuzzWAV").enumerated() {
            let path = directory.appendingPathComponent("\(index).wav").path
            try Data(seed).write(to: URL(fileURLWithPath: path))
            let fromFile = Result { try WAVFile(path: path) }
            let inMemory = Result { try WAVFile(path: path, contents: Data(seed)) }
            switch (fromFile, inMemory) {
            case (.success(let file), .success(let memory)):
                #expect(file.format == memory.format)
                #expect(file.samples() == memory.samples())
                compared += 1
            case (.failure(let fileError), .failure(let memoryError)):
                #expect("\(fileError)" == "\(memoryError)")
            default:
                Issue.record("seed \(index): the file gives \(fromFile), memory \(inMemory)")
            }
        }
        #expect(compared >= 4)
    }

    @Test("a long file that needs converting is checked in pieces")
    func longConvertedFileInPieces() throws {
        // 8 kHz stereo, 2,000 frames: 4,000 samples at 16 kHz, over the harness's whole-file
        // limit, so it reads the start, middle and end.
        var bytes: [UInt8] = []
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        bytes += Array("RIFF".utf8)
        append32(36 + 8_000)
        bytes += Array("WAVEfmt ".utf8)
        append32(16)
        append16(1)
        append16(2)
        append32(8_000)
        append32(32_000)
        append16(4)
        append16(16)
        bytes += Array("data".utf8)
        append32(8_000)
        for frame in 0..<2_000 {
            let value = UInt16(bitPattern: Int16(truncatingIfNeeded: frame * 37 % 20_000 - 10_000))
            append16(value)
            append16(value)
        }
        let file = try WAVFile(path: "long.wav", contents: Data(bytes))
        #expect(file.sampleCount == 4_000)
        #expect(file.sampleCount > WAVFuzzTarget.wholeConversionLimit)
        #expect(WAVFuzzTarget.run(bytes) == WAVFormat(sampleRate: 8_000, channelCount: 2, bitsPerSample: 16))
    }
}
