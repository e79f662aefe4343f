import Foundation

/// Real synthesized speech from espeak-ng as a WAV file, as the synthesizer writes it (22,050 Hz
/// mono 16-bit): for tests that hand audio to a peer in a format of its own. espeak-ng is
/// installed by `scripts/setup.sh`; without it the test that needs it fails, naming it.
public enum SpokenWAV {
    /// Speaks `text` into a WAV at `path`.
    public static func speak(_ text: String, to path: String) throws {
        guard
            let espeak = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            throw SpokenWAVError(message: "espeak-ng is not installed (scripts/setup.sh installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: espeak)
        process.arguments = ["-w", path, text]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SpokenWAVError(message: "espeak-ng -w \(path) \"\(text)\" exited \(process.terminationStatus)")
        }
    }
}

/// Why speech could not be synthesized.
public struct SpokenWAVError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
