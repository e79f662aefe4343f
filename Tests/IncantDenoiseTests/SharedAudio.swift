import Foundation
import IncantCapture

/// Coffee orders and kitchen noise from the shared speech data, at `../shared` beside the
/// repository.
enum SharedAudio {
    static let speech = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/speech")
    static let clipName = "01a50d1b-ed05-4708-b076-5387ea170058.wav"
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: speech.appendingPathComponent("coffee/clean/\(clipName)").path)
            && FileManager.default.fileExists(atPath: speech.appendingPathComponent("noise-kitchen.wav").path)
    }

    static func clip() throws -> [Int16] {
        try WAVFile.readSamples(path: speech.appendingPathComponent("coffee/clean/\(clipName)").path)
    }

    /// `clean` plus kitchen noise scaled so that the energies stand at `snr` dB.
    static func withKitchenNoise(_ clean: [Int16], snr: Double) throws -> [Int16] {
        let noise = try WAVFile.readSamples(path: speech.appendingPathComponent("noise-kitchen.wav").path)
        let segment = (0..<clean.count).map { noise[(16_000 + $0) % noise.count] }
        let scale = (energy(clean) / (energy(segment) * pow(10, snr / 10))).squareRoot()
        return zip(clean, segment).map { Int16(clamping: Int((Double($0) + scale * Double($1)).rounded())) }
    }

    static func energy(_ samples: [Int16]) -> Double {
        samples.reduce(0) { $0 + Double($1) * Double($1) }
    }

    /// Signal-to-noise ratio (dB) of `estimate` as a copy of `reference`.
    static func snr(_ reference: [Int16], _ estimate: [Int16]) -> Double {
        var error = 0.0
        for (a, b) in zip(reference, estimate) { error += (Double(a) - Double(b)) * (Double(a) - Double(b)) }
        return 10 * log10(energy(reference) / max(error, 1))
    }
}
