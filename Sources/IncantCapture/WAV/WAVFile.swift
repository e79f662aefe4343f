import Foundation

/// A RIFF/WAVE file, mapped into memory.
///
/// A file read once from start to end need not stay resident: ``releaseAudio(before:)`` lets
/// the system drop the pages already read, so that memory does not grow with the file's length.
///
/// Files in Incant's format (16 kHz mono 16-bit PCM) are used as they are. Other sample rates,
/// channel counts and encodings (8-bit unsigned, 24- and 32-bit integer, 32- and 64-bit float,
/// A-law, µ-law) are converted on the fly: channels are averaged to mono, the rate is changed
/// with a windowed-sinc resampler, and samples are rounded to 16 bits. Compressed encodings are
/// refused with a message that says how to convert them with sox.
public struct WAVFile: Sendable {
    /// The path the file was read from, as given.
    public let path: String
    /// The encoding declared by the file.
    public let format: WAVFormat
    /// The bytes of the `data` chunk.
    let audio: Data
    /// Whether the bytes are a private mapping of the file (whose pages can be dropped and read
    /// again), rather than a copy in memory.
    let isMapped: Bool
    /// Frames in the file at its own rate.
    public var sourceFrameCount: Int { audio.count / format.bytesPerFrame }

    /// Samples the file yields once converted to 16 kHz mono.
    public var sampleCount: Int {
        if format.sampleRate == AudioFormat.sampleRate { return sourceFrameCount }
        return Int(Int64(sourceFrameCount) * Int64(AudioFormat.sampleRate) / Int64(format.sampleRate))
    }

    /// The length of the audio.
    public var duration: Duration { AudioFormat.duration(ofSamples: sampleCount) }

    /// Opens and parses `path`. A file that does not start as a WAV file does is given to
    /// `decoder`, when there is one, and read as the WAV file it writes (a temporary file,
    /// mapped and removed at once, so that a long recording is not held in memory either).
    ///
    /// - Throws: ``CaptureError`` naming the file when it cannot be read, is not a WAV
    ///   file (nor one `decoder` decodes), is cut short, or uses a compressed encoding.
    public init(path: String, decoder: (any AudioFileDecoder)? = nil) throws {
        let (contents, mapped) = try Self.map(path)
        if let decoder, !contents.starts(with: Array("RIFF".utf8)) {
            let decoded = FileManager.default.temporaryDirectory
                .appendingPathComponent("incant-decoded-\(UUID().uuidString).wav").path
            defer { unlink(decoded) }
            try decoder.decode(path, toWAV: decoded)
            let (wav, wavMapped) = try Self.map(decoded)
            try self.init(path: path, contents: wav, isMapped: wavMapped)
            return
        }
        try self.init(path: path, contents: contents, isMapped: mapped)
    }

    /// Parses the bytes of a whole WAV file already in memory; `path` only names it in errors.
    init(path: String, contents: Data, isMapped: Bool = false) throws {
        self.path = path
        let parsed = try WAVParser(path: path, bytes: contents).parse()
        format = parsed.format
        audio = parsed.audio
        self.isMapped = isMapped
    }

    /// Lets the system drop the file's pages that hold only audio before sample `index` (16 kHz
    /// indices, as ``samples(in:)`` counts), for a file read once from start to end. Reading
    /// them again later still works: they are read from the file again. Does nothing for a file
    /// that is not mapped.
    public func releaseAudio(before index: Int) {
        guard isMapped, index > 0 else { return }
        // A converting read looks some frames behind its first one (the resampler's window is
        // far narrower than this); pages dropped too early would only be read again.
        let margin = format.isNative ? 0 : 1_024
        let frame = Int(Int64(min(index, sampleCount)) * Int64(format.sampleRate) / Int64(AudioFormat.sampleRate))
        let bytes = max(0, frame - margin) * format.bytesPerFrame
        guard bytes > 0 else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        audio.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            let first = Int(bitPattern: base) / page * page
            let end = (Int(bitPattern: base) + bytes) / page * page
            guard end > first, let start = UnsafeMutableRawPointer(bitPattern: first) else { return }
            _ = madvise(start, end - first, Int32(MADV_DONTNEED))
        }
    }

    /// Reads the audio once from start to end, `length` 16 kHz samples at a time, handing each
    /// piece and the index of its first sample to `body`, which returns false to stop early.
    /// The pages of each piece are released once `body` has it (``releaseAudio(before:)``), so
    /// a long file is read in bounded memory.
    public func readOnce(inPiecesOf length: Int, _ body: (_ samples: [Int16], _ start: Int) throws -> Bool) rethrows {
        precondition(length > 0, "length must be positive")
        var start = 0
        while start < sampleCount {
            let end = min(start + length, sampleCount)
            let keepsReading = try body(samples(in: start..<end), start)
            releaseAudio(before: end)
            guard keepsReading else { return }
            start = end
        }
    }

    /// Reads the whole file as 16 kHz mono samples (another format through `decoder`).
    public static func readSamples(path: String, decoder: (any AudioFileDecoder)? = nil) throws -> [Int16] {
        try WAVFile(path: path, decoder: decoder).samples()
    }

    /// All the audio as 16 kHz mono samples.
    public func samples() -> [Int16] {
        samples(in: 0..<sampleCount)
    }

    /// The 16 kHz mono samples in `range` (indices at 16 kHz), converting if needed.
    public func samples(in range: Range<Int>) -> [Int16] {
        let range = range.clamped(to: 0..<sampleCount)
        if range.isEmpty { return [] }
        if format.isNative {
            return audio.withUnsafeBytes { raw in
                (range.lowerBound..<range.upperBound).map { index in
                    Int16(littleEndian: raw.loadUnaligned(fromByteOffset: index * 2, as: Int16.self))
                }
            }
        }
        return audio.withUnsafeBytes { raw in
            let mono = { (frame: Int) -> Float in
                var sum: Float = 0
                let base = frame * format.bytesPerFrame
                for channel in 0..<format.channelCount {
                    sum += format.sample(in: raw, at: base + channel * format.bytesPerSample)
                }
                return sum / Float(format.channelCount)
            }
            if format.sampleRate == AudioFormat.sampleRate {
                return range.map { Int16(clamping: Int(mono($0).rounded())) }
            }
            let resampler = Resampler(inputRate: format.sampleRate, outputRate: AudioFormat.sampleRate)
            return resampler.resample(range, inputCount: sourceFrameCount, input: mono)
        }
    }

    /// Writes `samples` as a 16-bit PCM mono WAV file.
    public static func write(_ samples: [Int16], sampleRate: Int = AudioFormat.sampleRate, to path: String) throws {
        let data = encode(samples, sampleRate: sampleRate)
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CaptureError.unwritableFile(path: path, reason: Self.reason(for: error))
        }
    }

    /// The bytes of a 16-bit PCM mono WAV file holding `samples`.
    public static func encode(_ samples: [Int16], sampleRate: Int = AudioFormat.sampleRate) -> Data {
        var data = Data(capacity: 44 + samples.count * 2)
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8))
        append32(UInt32(36 + samples.count * 2))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append32(16)
        append16(1)
        append16(1)
        append32(UInt32(sampleRate))
        append32(UInt32(sampleRate * 2))
        append16(2)
        append16(16)
        data.append(contentsOf: Array("data".utf8))
        append32(UInt32(samples.count * 2))
        samples.withUnsafeBufferPointer { buffer in
            for sample in buffer {
                append16(UInt16(bitPattern: sample))
            }
        }
        return data
    }

    /// The file's bytes: a private read-only mapping of a regular file (`true`), or a copy read
    /// into memory for anything else (a pipe, an empty file).
    private static func map(_ path: String) throws -> (Data, Bool) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CaptureError.unreadableFile(path: path, reason: "no such file")
        }
        if isDirectory.boolValue {
            throw CaptureError.unreadableFile(path: path, reason: "it is a directory")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            throw CaptureError.unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0,
            let region = mmap(nil, Int(status.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0),
            region != MAP_FAILED
        {
            let data = Data(
                bytesNoCopy: region, count: Int(status.st_size),
                deallocator: .custom { pointer, count in munmap(pointer, count) })
            return (data, true)
        }
        do {
            return (try Data(contentsOf: URL(fileURLWithPath: path)), false)
        } catch {
            throw CaptureError.unreadableFile(path: path, reason: reason(for: error))
        }
    }

    private static func reason(for error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}
