import Foundation
import IncantTestSupport
import Testing

@testable import IncantCapture

@Suite("WAV files")
struct WAVFileTests {
    @Test("16 kHz mono files are read unchanged")
    func nativeRoundTrip() throws {
        let directory = try TestAudio.scratchDirectory()
        let path = directory.appendingPathComponent("native.wav").path
        let samples = TestAudio.burst(seconds: 0.5) + TestAudio.noise(seconds: 0.1)
        try WAVFile.write(samples, to: path)

        let file = try WAVFile(path: path)
        #expect(file.format == WAVFormat(sampleRate: 16_000, channelCount: 1, bitsPerSample: 16))
        #expect(file.format.isNative)
        #expect(file.duration == .milliseconds(600))
        #expect(try WAVFile.readSamples(path: path) == samples)
    }

    @Test("stereo 44.1 kHz files are downmixed and resampled")
    func stereoConversion() throws {
        let directory = try TestAudio.scratchDirectory()
        let path = directory.appendingPathComponent("stereo.wav").path
        // Left and right carry the same 440 Hz tone at different strengths.
        var interleaved: [Int16] = []
        for index in 0..<44_100 {
            let value = sin(2 * Double.pi * 440 * Double(index) / 44_100) * 10_000
            interleaved += [Int16(value * 1.2), Int16(value * 0.8)]
        }
        try TestAudio.wavBytes(sampleRate: 44_100, channels: 2, samples: interleaved).write(
            to: URL(fileURLWithPath: path))

        let samples = try WAVFile.readSamples(path: path)
        #expect(samples.count == 16_000)
        // Away from the edges, the result is the same tone sampled at 16 kHz.
        var worst = 0.0
        for index in 400..<15_600 {
            let expected = sin(2 * Double.pi * 440 * Double(index) / 16_000) * 10_000
            worst = max(worst, abs(Double(samples[index]) - expected))
        }
        #expect(worst < 150, "largest deviation from the ideal tone: \(worst)")
    }

    @Test("a file source streams the same samples in chunks")
    func fileSourceChunks() async throws {
        let directory = try TestAudio.scratchDirectory()
        let path = directory.appendingPathComponent("chunks.wav").path
        let samples = TestAudio.burst(seconds: 0.77)
        try WAVFile.write(samples, to: path)

        var chunks: [[Int16]] = []
        for try await chunk in WAVFileSource(path: path, chunkSize: 320).frames() {
            chunks.append(chunk)
        }
        #expect(chunks.dropLast().allSatisfy { $0.count == 320 })
        #expect(Array(chunks.joined()) == samples)
    }

    @Test("garbage is refused with the file named")
    func garbage() throws {
        let directory = try TestAudio.scratchDirectory()
        let path = directory.appendingPathComponent("garbage.wav").path
        try Data("this is not audio, just some text that is long enough".utf8).write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: CaptureError.self) { try WAVFile(path: path) }
        guard case .notWAV = error else {
            Issue.record("expected notWAV, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains(path) == true)
    }

    @Test("a missing file is an unreadable-file error naming it")
    func missingFile() throws {
        let error = #expect(throws: CaptureError.self) { try WAVFile(path: "/nonexistent/incant.wav") }
        #expect(error == .unreadableFile(path: "/nonexistent/incant.wav", reason: "no such file"))
        #expect(error?.description.contains("/nonexistent/incant.wav") == true)
    }

    @Test("a truncated file says how much audio is missing")
    func truncated() throws {
        let directory = try TestAudio.scratchDirectory()
        let path = directory.appendingPathComponent("cut.wav").path
        let whole = TestAudio.wavBytes(sampleRate: 16_000, channels: 1, samples: TestAudio.burst(seconds: 0.1))
        try whole.prefix(1_000).write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: CaptureError.self) { try WAVFile(path: path) }
        #expect(error == .truncatedWAV(path: path, expectedBytes: 3_200, availableBytes: 956))

        try whole.prefix(30).write(to: URL(fileURLWithPath: path))
        let short = #expect(throws: CaptureError.self) { try WAVFile(path: path) }
        #expect(short?.description.contains("cut short") == true)
    }

    @Test("compressed encodings are refused with a sox command")
    func unsupportedEncoding() throws {
        let directory = try TestAudio.scratchDirectory()
        let path = directory.appendingPathComponent("adpcm.wav").path
        try TestAudio.wavBytes(sampleRate: 16_000, channels: 1, bits: 4, formatCode: 2, samples: [0, 0, 0, 0])
            .write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: CaptureError.self) { try WAVFile(path: path) }
        #expect(error?.description.contains("sox '\(path)' -r 16000 -c 1 -b 16 out.wav") == true)
    }

    /// What microphones and recorders write: 8-bit unsigned, 24- and 32-bit integer, 32- and
    /// 64-bit float, A-law and µ-law, written by sox from the same 16-bit speech.
    @Test(
        "every uncompressed encoding reads as the same speech",
        arguments: [
            (["-b", "24"], 0.0), (["-b", "32"], 0.0), (["-e", "floating-point", "-b", "32"], 0.0),
            (["-e", "floating-point", "-b", "64"], 0.0), (["-b", "8"], 1e-3), (["-e", "a-law"], 1e-3),
            (["-e", "u-law"], 1e-3),
        ])
    func uncompressedEncodings(encoding: [String], tolerance: Double) throws {
        let directory = try TestAudio.scratchDirectory()
        let spoken = directory.appendingPathComponent("spoken.wav").path
        try TestProcess.run("espeak-ng", ["-w", spoken, "turn on the kitchen lights"])
        let reference = directory.appendingPathComponent("reference.wav").path
        try TestProcess.sox([spoken, "-r", "16000", "-c", "1", "-b", "16", reference])
        let encoded = directory.appendingPathComponent("encoded.wav").path
        try TestProcess.sox(["-D", reference, "-r", "16000", "-c", "1"] + encoding + [encoded])
        let expected = try WAVFile.readSamples(path: reference)
        let read = try WAVFile.readSamples(path: encoded)
        #expect(read.count == expected.count)
        var difference = 0.0
        var energy = 0.0
        for (ours, theirs) in zip(read, expected) {
            difference += pow(Double(ours) - Double(theirs), 2)
            energy += pow(Double(theirs), 2)
        }
        if tolerance == 0 {
            #expect(read == expected, "\(encoding)")
        } else {
            #expect(difference / energy < tolerance, "\(encoding): relative error energy \(difference / energy)")
        }
    }

    @Test("errors from a file source arrive through the stream")
    func sourceError() async throws {
        let source = WAVFileSource(path: "/nonexistent/incant.wav")
        await #expect(throws: CaptureError.unreadableFile(path: "/nonexistent/incant.wav", reason: "no such file")) {
            _ = try await TestAudio.collect(source)
        }
    }

    @Test("files converted by sox match the header-declared format")
    func soxConvertedSpeech() throws {
        let directory = try TestAudio.scratchDirectory()
        let source = directory.appendingPathComponent("speech-22k.wav").path
        try TestProcess.run("espeak-ng", ["-w", source, "hello there"])
        let original = try WAVFile(path: source)
        #expect(original.format.sampleRate == 22_050)

        let converted = directory.appendingPathComponent("speech-16k.wav").path
        try TestProcess.sox([source, "-r", "16000", "-c", "1", "-b", "16", converted])
        let ours = original.samples()
        let theirs = try WAVFile.readSamples(path: converted)
        #expect(abs(ours.count - theirs.count) <= 1)
        // Both conversions agree closely (different filters, same signal).
        let count = min(ours.count, theirs.count)
        var difference = 0.0
        var energy = 0.0
        for index in 0..<count {
            difference += pow(Double(ours[index]) - Double(theirs[index]), 2)
            energy += pow(Double(theirs[index]), 2)
        }
        #expect(difference / energy < 0.01, "relative error energy \(difference / energy)")
    }

    @Test("a file read once from start to end does not stay resident, and reads the same again")
    func releasedPagesReadAgain() throws {
        let directory = try TestAudio.scratchDirectory()
        let path = directory.appendingPathComponent("long.wav").path
        // Two minutes: 3.8 MB of audio.
        let samples = (0..<(16_000 * 120)).map { Int16(truncatingIfNeeded: $0 &* 7919) }
        try WAVFile.write(samples, to: path)

        let kept = try WAVFile(path: path)
        #expect(kept.samples() == samples)
        let whole = try #require(Self.residentKilobytesPerMapping(of: path).max())
        #expect(whole > 3_000, "a mapped file read whole is resident: \(whole) kB")

        let file = try WAVFile(path: path)
        var read: [Int16] = []
        var offset = 0
        while offset < file.sampleCount {
            let end = min(offset + 16_000, file.sampleCount)
            read += file.samples(in: offset..<end)
            file.releaseAudio(before: end)
            offset = end
        }
        #expect(read == samples)
        // Both mappings of the file are listed; the one read in pieces holds at most a page or two.
        let mappings = Self.residentKilobytesPerMapping(of: path)
        #expect(mappings.count == 2)
        #expect(mappings.min() ?? .max <= 16, "resident per mapping: \(mappings) kB")
        #expect(file.samples(in: 1_000..<2_000) == Array(samples[1_000..<2_000]))
        withExtendedLifetime(kept) {}
    }

    /// The resident kilobytes of every mapping of `path` in this process (`/proc/self/smaps`).
    static func residentKilobytesPerMapping(of path: String) -> [Int] {
        // Read to the end: /proc files report a size of 0.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps"), let data = try? handle.readToEnd() else {
            return []
        }
        let smaps = String(decoding: data, as: UTF8.self)
        var sizes: [Int] = []
        var inFile = false
        for line in smaps.split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-") {
                inFile = line.hasSuffix(path)
            } else if inFile, line.hasPrefix("Rss:") {
                sizes.append(Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0)
            }
        }
        return sizes
    }
}
