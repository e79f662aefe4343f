import Foundation
import IncantCapture

/// Synthesized speech from espeak-ng, converted to 16 kHz mono by sox.
enum Speech {
    static let canSynthesize = ["espeak-ng", "sox"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)")
    }

    /// `sentence` spoken by espeak-ng, as 16 kHz mono samples with a little silence around it.
    static func synthesize(_ sentence: String, voice: String = "en-us", wordsPerMinute: Int = 160) throws -> [Int16] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "incant-speech-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let raw = directory.appendingPathComponent("espeak.wav").path
        let converted = directory.appendingPathComponent("speech.wav").path
        try run("/usr/bin/espeak-ng", ["-v", voice, "-s", String(wordsPerMinute), "-w", raw, sentence])
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
