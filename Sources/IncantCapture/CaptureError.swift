/// Why audio could not be read. The description is a complete sentence meant for the user.
public enum CaptureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadableFile(path: String, reason: String)
    /// The file is not a RIFF/WAVE file, or its header is malformed or cut short.
    case notWAV(path: String, reason: String)
    /// The file is neither a WAV file nor audio the decoder reads.
    case undecodableFile(path: String, reason: String)
    /// The file is a WAV file but in an encoding Incant does not convert.
    case unsupportedWAV(path: String, reason: String)
    /// The WAV header promises more audio than the file holds.
    case truncatedWAV(path: String, expectedBytes: Int, availableBytes: Int)
    /// The audio file could not be written.
    case unwritableFile(path: String, reason: String)
    /// An ALSA capture device could not be opened or configured.
    case deviceUnavailable(device: String, message: String)
    /// Reading from an open source failed.
    case readFailed(source: String, message: String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "cannot read '\(path)': \(reason)"
        case .notWAV(let path, let reason):
            return "'\(path)' is not a usable WAV file: \(reason)"
        case .undecodableFile(let path, let reason):
            return "'\(path)' is neither a WAV file nor audio Incant can decode: \(reason)"
        case .unsupportedWAV(let path, let reason):
            return "'\(path)' uses an unsupported WAV encoding (\(reason)); convert it with "
                + "`sox '\(path)' -r 16000 -c 1 -b 16 out.wav`"
        case .truncatedWAV(let path, let expected, let available):
            return "'\(path)' is truncated: its header announces \(expected) bytes of audio "
                + "but only \(available) are present"
        case .unwritableFile(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        case .deviceUnavailable(let device, let message):
            return "cannot open ALSA capture device '\(device)': \(message)"
        case .readFailed(let source, let message):
            return "reading from \(source) failed: \(message)"
        }
    }
}
