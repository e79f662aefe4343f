import Foundation

@testable import IncantCapture

/// Fuzz harness for the WAV reader: the bytes are a whole file.
///
/// The bytes are parsed in memory by ``WAVFile/init(path:contents:)``, the parser behind
/// ``WAVFile/init(path:)`` that `incant listen --file` uses (opening the file only maps it
/// first). It either fails with a ``CaptureError`` naming the path, or yields a 16-bit PCM format
/// and as many 16 kHz samples as it announces, read whole and in pieces. Converting a
/// non-native file (sinc resampling) costs far more per sample than parsing, so a long
/// converted file is checked in pieces (start, middle, end) of at most ``pieceLength`` samples
/// instead of whole, which keeps every input fast.
public enum WAVFuzzTarget {
    /// The name the input goes by in error messages.
    public static let path = "<fuzz input>.wav"

    /// Longest conversion checked whole; longer ones are checked in pieces.
    static let wholeConversionLimit = 512

    /// Samples per piece read from a long converted file.
    static let pieceLength = 8

    /// Runs one input and returns the format of a file that was read (nil: refused). Traps (a
    /// fuzzer finding) when an invariant does not hold.
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> WAVFormat? {
        let file: WAVFile
        do {
            file = try WAVFile(path: path, contents: Data(bytes))
        } catch let error as CaptureError {
            let message = "\(error)"
            precondition(message.contains(path), "error does not name the file: \(message)")
            return nil
        } catch {
            preconditionFailure("WAVFile threw \(type(of: error)), not CaptureError: \(error)")
        }
        let bits = file.format.bitsPerSample
        switch file.format.encoding {
        case .integer: precondition([8, 16, 24, 32].contains(bits), "accepted \(bits)-bit integer samples")
        case .float: precondition([32, 64].contains(bits), "accepted \(bits)-bit float samples")
        case .aLaw, .muLaw: precondition(bits == 8, "accepted \(bits)-bit companded samples")
        }
        precondition((1...32).contains(file.format.channelCount), "accepted \(file.format.channelCount) channels")
        precondition(file.audio.count <= bytes.count, "more audio than bytes in the file")
        precondition(file.audio.count % (bits / 8 * file.format.channelCount) == 0, "audio ends inside a frame")
        let count = file.sampleCount
        precondition(count >= 0, "negative sample count \(count)")
        if file.format.isNative || count <= wholeConversionLimit {
            checkWhole(file)
        } else {
            checkPieces(file)
        }
        return file.format
    }

    /// Reads everything, then compares pieces (a few samples each) with the whole; ranges
    /// reaching outside the audio are clamped.
    static func checkWhole(_ file: WAVFile) {
        let samples = file.samples()
        precondition(samples.count == file.sampleCount, "\(samples.count) samples, announced \(file.sampleCount)")
        guard samples.count >= 3 else { return }
        let middle = samples.count / 2
        let ends = min(pieceLength, middle)
        precondition(file.samples(in: -5..<ends) == Array(samples[..<ends]), "ranges are not clamped")
        precondition(
            file.samples(in: middle - ends..<middle + 1) == Array(samples[(middle - ends)...middle]),
            "reading a piece gives other samples")
        precondition(
            file.samples(in: samples.count - ends..<samples.count + 5) == Array(samples.suffix(ends)),
            "ranges are not clamped")
    }

    /// Reads the start, the middle and the end of a long converted file, each on its own and
    /// as part of a longer range, and checks they agree (conversion is stateless) and that
    /// ranges reaching outside the audio are clamped.
    static func checkPieces(_ file: WAVFile) {
        let count = file.sampleCount
        let middle = count / 2
        for start in [0, middle, count - pieceLength] {
            let piece = file.samples(in: start..<start + pieceLength)
            precondition(piece.count == pieceLength, "\(piece.count) samples in a piece of \(pieceLength)")
            let wider = file.samples(in: start - pieceLength..<start + 2 * pieceLength)
            let offset = start - max(0, start - pieceLength)
            precondition(
                wider.count == min(count, start + 2 * pieceLength) - max(0, start - pieceLength),
                "a range reaching outside the audio is not clamped")
            precondition(
                Array(wider[offset..<offset + pieceLength]) == piece, "reading a piece gives other samples")
        }
        precondition(file.samples(in: count..<count + 5).isEmpty, "samples after the end")
        precondition(file.samples(in: -5..<0).isEmpty, "samples before the start")
    }
}
