import CSndFile
import IncantCapture

/// Decodes the audio files libsndfile reads (FLAC, Ogg Vorbis and Opus, AIFF, AU, CAF, W64,
/// MP3 where the library has it) into a WAV file that ``IncantCapture/WAVFile`` reads.
///
/// The audio is copied in blocks as 16-bit samples at the file's own rate and channel count
/// (``IncantCapture/WAVFile`` converts to 16 kHz mono as it does for any WAV file), so memory
/// does not grow with the recording's length. A file that stops decoding part way (a damaged
/// FLAC frame) is an error naming it, not a shorter recording.
public struct SoundFileDecoder: AudioFileDecoder {
    /// Frames copied at a time.
    static let blockFrames = 4_096

    public init() {}

    public func decode(_ path: String, toWAV destination: String) throws {
        var format = SF_INFO()
        guard let input = sf_open(path, Int32(SFM_READ), &format) else {
            throw CaptureError.undecodableFile(path: path, reason: Self.lastError(nil))
        }
        defer { sf_close(input) }
        guard format.channels > 0, format.samplerate > 0 else {
            throw CaptureError.undecodableFile(path: path, reason: "no audio channels or no sample rate")
        }
        var written = SF_INFO()
        written.samplerate = format.samplerate
        written.channels = format.channels
        written.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        guard let output = sf_open(destination, Int32(SFM_WRITE), &written) else {
            throw CaptureError.unwritableFile(path: destination, reason: Self.lastError(nil))
        }
        defer { sf_close(output) }
        let channels = Int(format.channels)
        var block = [Int16](repeating: 0, count: Self.blockFrames * channels)
        var total: sf_count_t = 0
        while true {
            let read = block.withUnsafeMutableBufferPointer {
                sf_readf_short(input, $0.baseAddress, sf_count_t(Self.blockFrames))
            }
            if read <= 0 { break }
            let put = block.withUnsafeBufferPointer { sf_writef_short(output, $0.baseAddress, read) }
            guard put == read else {
                throw CaptureError.unwritableFile(path: destination, reason: Self.lastError(output))
            }
            total += read
        }
        if sf_error(input) != SF_ERR_NO_ERROR {
            let seconds = Double(total) / Double(format.samplerate)
            throw CaptureError.undecodableFile(
                path: path,
                reason: "decoding stopped after \(String(format: "%.2f", seconds)) s: \(Self.lastError(input))")
        }
        // libsndfile knows the length of most formats: fewer frames than it announced is damage.
        if format.frames > 0, format.frames != sf_count_t.max, total < format.frames {
            let seconds = Double(total) / Double(format.samplerate)
            throw CaptureError.undecodableFile(
                path: path,
                reason: "only \(total) of its \(format.frames) frames decode (it stops after "
                    + "\(String(format: "%.2f", seconds)) s)")
        }
    }

    /// libsndfile's message for the last error of `file` (nil: of the last `sf_open`).
    static func lastError(_ file: OpaquePointer?) -> String {
        guard let message = sf_strerror(file) else { return "unknown error" }
        return String(cString: message)
    }
}
