import Foundation

/// Walks the RIFF chunks of a WAV file and finds its format and audio.
struct WAVParser {
    let path: String
    let bytes: Data

    struct Result {
        var format: WAVFormat
        var audio: Data
    }

    /// `data` chunk sizes that streaming writers leave when they cannot seek back.
    private static let unknownSizes: Set<UInt32> = [0, 0xFFFF_FFFF]

    func parse() throws -> Result {
        guard bytes.count >= 12 else {
            throw CaptureError.notWAV(path: path, reason: "the file is only \(bytes.count) bytes long")
        }
        guard tag(at: 0) == "RIFF", tag(at: 8) == "WAVE" else {
            throw CaptureError.notWAV(path: path, reason: "it does not start with a RIFF/WAVE header")
        }
        var offset = 12
        var format: WAVFormat?
        while offset + 8 <= bytes.count {
            let id = tag(at: offset)
            let size = UInt32(littleEndian: load(UInt32.self, at: offset + 4))
            let body = offset + 8
            switch id {
            case "fmt ":
                guard size >= 16, body + 16 <= bytes.count else {
                    throw CaptureError.notWAV(path: path, reason: "its format chunk is cut short")
                }
                format = try parseFormat(at: body, size: Int(size))
            case "data":
                guard let format else {
                    throw CaptureError.notWAV(path: path, reason: "the audio comes before the format chunk")
                }
                let available = bytes.count - body
                var length = Int(size)
                if Self.unknownSizes.contains(size) {
                    length = available
                } else if length > available {
                    throw CaptureError.truncatedWAV(path: path, expectedBytes: length, availableBytes: available)
                }
                length -= length % format.bytesPerFrame
                let start = bytes.startIndex + body
                return Result(format: format, audio: bytes[start..<(start + length)])
            default:
                break
            }
            offset = body + Int(size) + Int(size & 1)
        }
        if format == nil {
            throw CaptureError.notWAV(path: path, reason: "it has no format chunk")
        }
        throw CaptureError.notWAV(path: path, reason: "it has no audio (data chunk)")
    }

    private func parseFormat(at offset: Int, size: Int) throws -> WAVFormat {
        var code = UInt16(littleEndian: load(UInt16.self, at: offset))
        let channels = Int(UInt16(littleEndian: load(UInt16.self, at: offset + 2)))
        let rate = Int(UInt32(littleEndian: load(UInt32.self, at: offset + 4)))
        let bits = Int(UInt16(littleEndian: load(UInt16.self, at: offset + 14)))
        if code == 0xFFFE, size >= 40, offset + 40 <= bytes.count {
            // WAVE_FORMAT_EXTENSIBLE: the real format code opens the sub-format GUID.
            code = UInt16(littleEndian: load(UInt16.self, at: offset + 24))
        }
        let encoding: WAVFormat.Encoding
        switch (code, bits) {
        case (1, 8), (1, 16), (1, 24), (1, 32): encoding = .integer
        case (3, 32), (3, 64): encoding = .float
        case (6, 8): encoding = .aLaw
        case (7, 8): encoding = .muLaw
        case (1, _), (3, _), (6, _), (7, _):
            throw CaptureError.unsupportedWAV(path: path, reason: "\(bits)-bit samples")
        default:
            throw CaptureError.unsupportedWAV(
                path: path, reason: "format code \(code), not PCM, floating point, A-law or µ-law")
        }
        guard (1...32).contains(channels) else {
            throw CaptureError.notWAV(path: path, reason: "it declares \(channels) channels")
        }
        guard (4_000...384_000).contains(rate) else {
            throw CaptureError.unsupportedWAV(path: path, reason: "a sample rate of \(rate) Hz")
        }
        return WAVFormat(sampleRate: rate, channelCount: channels, bitsPerSample: bits, encoding: encoding)
    }

    private func tag(at offset: Int) -> String {
        let start = bytes.startIndex + offset
        return String(decoding: bytes[start..<(start + 4)], as: UTF8.self)
    }

    private func load<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
    }
}
