import Foundation
import IncantCapture
import IncantSoundFile

/// Reads a whole recording for `recognize`: a WAV file (or any format libsndfile reads), or `-` for standard input (a WAV
/// stream, or raw 16 kHz mono s16le PCM when it does not start with `RIFF`).
enum AudioInput {
    static func samples(from path: String) throws -> [Int16] {
        do {
            if path != "-" { return try WAVFile.readSamples(path: path, decoder: SoundFileDecoder()) }
            let data = FileHandle.standardInput.readDataToEndOfFile()
            if data.starts(with: Array("RIFF".utf8)) {
                let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "incant-stdin-\(UUID()).wav")
                try data.write(to: temporary)
                defer { try? FileManager.default.removeItem(at: temporary) }
                return try WAVFile.readSamples(path: temporary.path)
            }
            guard data.count % 2 == 0 else {
                throw CommandFailure(
                    message: "standard input: raw audio must be 16-bit samples (odd byte count \(data.count))",
                    status: ExitStatus.noInput)
            }
            return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)).map { Int16(littleEndian: $0) } }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(message: "\(error)", status: ExitStatus.noInput)
        }
    }
}
