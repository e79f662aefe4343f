import Foundation

/// Real synthesized speech from espeak-ng, converted by sox (both installed by
/// `scripts/setup.sh`; a missing tool fails the test that needs it).
enum SpeechSynthesis {
    static let isAvailable = tool("espeak-ng") != nil && tool("sox") != nil

    static func tool(_ name: String) -> String? {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Speaks `text` into a 16 kHz mono 16-bit WAV at `path`, with leading and trailing
    /// silence trimmed so the speech starts at the first sample and ends at the last.
    static func speak(_ text: String, to path: String) throws {
        let raw = path + ".espeak.wav"
        try run("espeak-ng", ["-w", raw, text])
        try run(
            "sox",
            [
                raw, "-r", "16000", "-c", "1", "-b", "16", path,
                "silence", "1", "0.01", "0.3%", "reverse", "silence", "1", "0.01", "0.3%", "reverse",
            ])
        try? FileManager.default.removeItem(atPath: raw)
    }

    static func run(_ name: String, _ arguments: [String]) throws {
        guard let executable = tool(name) else { throw SynthesisError(message: "\(name) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SynthesisError(message: "\(name) \(arguments.joined(separator: " ")) failed")
        }
    }

    struct SynthesisError: Error {
        var message: String
    }
}
