import Foundation
import IncantCapture
import IncantTestSupport
import Synchronization
import Testing

/// ``WAVFile`` hands files that are not WAV to a decoder and reads what it writes.
@Suite struct AudioFileDecoderTests {
    /// Writes fixed samples as the WAV of any file, and remembers where.
    final class FixedDecoder: AudioFileDecoder {
        let samples: [Int16]
        private let destinations = Mutex<[String]>([])
        var written: [String] { destinations.withLock { $0 } }

        init(samples: [Int16]) { self.samples = samples }

        func decode(_ path: String, toWAV destination: String) throws {
            destinations.withLock { $0.append(destination) }
            try WAVFile.write(samples, sampleRate: 16_000, to: destination)
        }
    }

    final class RefusingDecoder: AudioFileDecoder {
        func decode(_ path: String, toWAV destination: String) throws {
            throw CaptureError.undecodableFile(path: path, reason: "Format not recognised.")
        }
    }

    @Test func aFileThatIsNotWAVIsReadAsTheWAVItsDecoderWrites() throws {
        let folder = try TestAudio.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = folder.appendingPathComponent("take.flac").path
        try Data("fLaC and some bytes".utf8).write(to: URL(fileURLWithPath: other))
        let samples = TestAudio.burst(seconds: 0.5)
        let decoder = FixedDecoder(samples: samples)

        let file = try WAVFile(path: other, decoder: decoder)
        #expect(file.path == other, "errors and reports name the file given")
        #expect(file.samples() == samples)
        #expect(try WAVFile.readSamples(path: other, decoder: decoder) == samples)
        #expect(decoder.written.count == 2)
        for destination in decoder.written {
            #expect(!FileManager.default.fileExists(atPath: destination), "the decoded copy is removed")
        }

        // A WAV file is read as it is: the decoder is not asked.
        let wav = folder.appendingPathComponent("take.wav").path
        try WAVFile.write(samples, to: wav)
        #expect(try WAVFile(path: wav, decoder: decoder).samples() == samples)
        #expect(decoder.written.count == 2)

        // Without a decoder the file is refused as before; a decoder's error names the file.
        #expect {
            try WAVFile(path: other)
        } throws: { error in
            guard case .notWAV(let path, _) = error as? CaptureError else { return false }
            return path == other
        }
        #expect(throws: CaptureError.undecodableFile(path: other, reason: "Format not recognised.")) {
            try WAVFile(path: other, decoder: RefusingDecoder())
        }
    }
}
