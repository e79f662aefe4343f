/// Plays a WAV file as an ``AudioSource``, converting it to 16 kHz mono if needed.
///
/// See ``WAVFile`` for which files are accepted. Opening errors surface as the first
/// (thrown) element of ``frames()``.
public struct WAVFileSource: AudioSource {
    /// The file to read.
    public var path: String
    /// Samples per chunk (default 1,600: 100 ms).
    public var chunkSize: Int

    public init(path: String, chunkSize: Int = 1_600) {
        precondition(chunkSize > 0, "chunkSize must be positive")
        self.path = path
        self.chunkSize = chunkSize
    }

    public var description: String { "file '\(path)'" }

    public func frames() -> AudioFrameStream {
        let path = path
        let chunkSize = chunkSize
        return AudioFrameStream(threadName: "incant.wav") { sink in
            let file = try WAVFile(path: path)
            var start = 0
            while start < file.sampleCount {
                let end = min(start + chunkSize, file.sampleCount)
                guard sink.send(file.samples(in: start..<end)) else { return }
                start = end
            }
        }
    }
}
