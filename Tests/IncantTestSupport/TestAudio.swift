import Foundation
import IncantCapture
import Testing

/// Synthetic audio and scratch files for the capture tests.
public enum TestAudio {
    /// A fresh scratch directory, unique per call, inside this process's own folder, which is
    /// removed with everything in it when the process exits.
    public static func scratchDirectory() throws -> URL {
        let url = scratchParent.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Low white noise at about `level` dBFS (deterministic).
    public static func noise(seconds: Double, level: Double = -62, seed: UInt64 = 1) -> [Int16] {
        var state = seed &* 6_364_136_223_846_793_005 &+ 1
        let amplitude = pow(10, level / 20) * 32_768 * 1.7
        return (0..<Int(seconds * 16_000)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53) * 2 - 1
            return Int16(clamping: Int(unit * amplitude))
        }
    }

    /// A speech-like burst: a 150 Hz harmonic tone with a 4 Hz syllable envelope.
    public static func burst(seconds: Double, amplitude: Double = 8_000) -> [Int16] {
        let count = Int(seconds * 16_000)
        return (0..<count).map { index in
            let t = Double(index) / 16_000
            let syllables = 0.55 + 0.45 * sin(2 * Double.pi * 4 * t)
            let edge = min(1, min(t, seconds - t) / 0.02)
            var value = 0.0
            for harmonic in 1...5 {
                value += sin(2 * Double.pi * 150 * Double(harmonic) * t) / Double(harmonic)
            }
            return Int16(clamping: Int(value * amplitude * syllables * edge / 2))
        }
    }

    /// `speech` mixed onto `background` starting at sample `offset`.
    public static func mix(_ speech: [Int16], into background: inout [Int16], at offset: Int) {
        for (index, sample) in speech.enumerated() where offset + index < background.count {
            background[offset + index] = Int16(clamping: Int(background[offset + index]) + Int(sample))
        }
    }

    /// Little-endian bytes of `samples`.
    public static func bytes(of samples: [Int16]) -> Data {
        var data = Data(capacity: samples.count * 2)
        for sample in samples {
            withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// A WAV file with arbitrary header fields and interleaved 16-bit samples.
    public static func wavBytes(
        sampleRate: Int, channels: Int, bits: Int = 16, formatCode: UInt16 = 1, samples: [Int16]
    )
        -> Data
    {
        var data = Data()
        func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let audio = bytes(of: samples)
        data.append(contentsOf: Array("RIFF".utf8))
        u32(UInt32(36 + audio.count))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16)
        u16(formatCode)
        u16(UInt16(channels))
        u32(UInt32(sampleRate))
        u32(UInt32(sampleRate * channels * bits / 8))
        u16(UInt16(channels * bits / 8))
        u16(UInt16(bits))
        data.append(contentsOf: Array("data".utf8))
        u32(UInt32(audio.count))
        data.append(audio)
        return data
    }

    /// Collects every chunk of a source.
    public static func collect(_ source: some AudioSource) async throws -> [Int16] {
        var all: [Int16] = []
        for try await chunk in source.frames() {
            all += chunk
        }
        return all
    }

    /// Runs the energy endpointer over `samples` in chunks of `chunk`.
    public static func utterances(
        in samples: [Int16], chunk: Int = 320, settings: EndpointerSettings = .init()
    ) -> [Utterance] {
        var endpointer = Endpointer(settings: settings)
        var found: [Utterance] = []
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + chunk)
            found += endpointer.process(samples[start..<end])
            start = end
        }
        if let last = endpointer.finish() { found.append(last) }
        return found
    }

    /// Expects `actual` (a sample position) within `tolerance` seconds of `expected`.
    public static func expectNear(_ actual: Int, _ expected: Double, tolerance: Double = 0.06, _ what: String) {
        let seconds = Double(actual) / Double(AudioFormat.sampleRate)
        #expect(abs(seconds - expected) <= tolerance, "\(what): \(seconds) s, expected \(expected) s")
    }
}

/// The folder holding this process's scratch directories; made on first use, when its removal
/// at exit is registered.
private let scratchParent: URL = {
    atexit { try? FileManager.default.removeItem(at: scratchRoot) }
    return scratchRoot
}()

/// The path of ``scratchParent``.
private let scratchRoot = FileManager.default.temporaryDirectory
    .appendingPathComponent("incant-capture-tests-\(getpid())-\(UUID().uuidString.prefix(8))")
