import IncantCapture

/// The format of raw PCM as an `audio-start` or `audio-chunk` announces it.
public struct PCMFormat: Sendable, Hashable, CustomStringConvertible {
    /// Samples per second per channel.
    public var rate: Int
    /// Bytes per sample: 1 (unsigned), 2, 3 or 4 (signed, little-endian).
    public var width: Int
    /// Interleaved channels.
    public var channels: Int

    public init(rate: Int, width: Int, channels: Int) {
        self.rate = rate
        self.width = width
        self.channels = channels
    }

    /// What the recognizer decodes: 16 kHz mono 16-bit.
    public static let recognizer = PCMFormat(rate: AudioFormat.sampleRate, width: 2, channels: 1)

    /// Rates, widths and channel counts accepted.
    public static let rates = 4_000...192_000
    public static let widths = 1...4
    public static let channelCounts = 1...16

    /// Reads `rate`, `width` and `channels` from an event's data.
    ///
    /// - Throws: ``PCMFormatError`` naming the field that is missing or out of range.
    public init(data: [String: JSONValue]) throws(PCMFormatError) {
        func field(_ name: String, _ range: ClosedRange<Int>) throws(PCMFormatError) -> Int {
            guard let value = data[name] else { throw .missing(name) }
            guard let number = value.integer, range.contains(number) else {
                throw .outOfRange(name, value: value, range: range)
            }
            return number
        }
        self.init(
            rate: try field("rate", Self.rates), width: try field("width", Self.widths),
            channels: try field("channels", Self.channelCounts))
    }

    /// Bytes per frame (one sample of every channel).
    public var frameBytes: Int { width * channels }

    public var description: String { "\(rate) Hz, \(width * 8)-bit, \(channels) channel\(channels == 1 ? "" : "s")" }
}

/// Why an audio event's format is not accepted.
public enum PCMFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    case missing(String)
    case outOfRange(String, value: JSONValue, range: ClosedRange<Int>)

    public var description: String {
        switch self {
        case .missing(let name): "audio format has no \"\(name)\""
        case .outOfRange(let name, let value, let range):
            "audio format \"\(name)\" is \(value), not a whole number in \(range.lowerBound)...\(range.upperBound)"
        }
    }
}
