import Foundation
import IncantCapture

/// Synthesized speech from espeak-ng (or flite), converted to 16 kHz mono by sox.
enum Speech {
    static let canSynthesize = ["espeak-ng", "sox"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)")
    }

    /// `sentence` spoken by espeak-ng, as 16 kHz mono samples with a little silence around it.
    static func synthesize(_ sentence: String, voice: String = "en-us", wordsPerMinute: Int = 160) throws -> [Int16] {
        try converted { raw in
            try run("/usr/bin/espeak-ng", ["-v", voice, "-s", String(wordsPerMinute), "-w", raw, sentence])
        }
    }

    /// `sentence` spoken by flite's `voice` (`slt`, `rms`, `kal`), like ``synthesize(_:voice:wordsPerMinute:)``.
    static func synthesizeWithFlite(_ sentence: String, voice: String = "slt") throws -> [Int16] {
        try converted { raw in try run("/usr/bin/flite", ["-voice", voice, "-t", sentence, "-o", raw]) }
    }

    /// `samples` as a far microphone in a small room hears them: band-limited to 200–5000 Hz
    /// with reverb (sox `sinc 200-5000 reverb 50 50 100`).
    static func inReverberantRoom(_ samples: [Int16]) throws -> [Int16] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "incant-room-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let dry = directory.appendingPathComponent("dry.wav").path
        let wet = directory.appendingPathComponent("room.wav").path
        try WAVFile.write(samples, to: dry)
        try run("/usr/bin/sox", [dry, wet, "sinc", "200-5000", "reverb", "50", "50", "100"])
        return try WAVFile.readSamples(path: wet)
    }

    /// The WAV file `write` makes at the path it is given, as 16 kHz mono samples with 0.3 s of
    /// silence at both ends.
    private static func converted(_ write: (String) throws -> Void) throws -> [Int16] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "incant-speech-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let raw = directory.appendingPathComponent("synthesized.wav").path
        let converted = directory.appendingPathComponent("speech.wav").path
        try write(raw)
        try run("/usr/bin/sox", [raw, "-r", "16000", "-c", "1", "-b", "16", converted, "pad", "0.3", "0.3"])
        return try WAVFile.readSamples(path: converted)
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(executable) failed"])
        }
    }
}
