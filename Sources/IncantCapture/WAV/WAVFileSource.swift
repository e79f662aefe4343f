/// Plays a WAV file as an ``AudioSource``, converting it to 16 kHz mono if needed.
///
/// See ``WAVFile`` for which files are accepted; other formats through ``decoder``. Opening
/// errors surface as the first (thrown) element of ``frames()``.
public struct WAVFileSource: AudioSource {
    /// The file to read.
    public var path: String
    /// Samples per chunk (default 1,600: 100 ms).
    public var chunkSize: Int
    /// Deliver the audio no faster than it plays, as a microphone would (for measuring what a
    /// listener does in real time, such as the delay from end of speech to the shortcut).
    public var isRealTime: Bool
    /// Raise a quiet file as a whole before it plays (``QuietAudioGain/gain(of:target:limit:)``),
    /// as `incant recognize` does.
    public var raisesQuietAudio: Bool
    /// Reads files that are not WAV files (``WAVFile/init(path:decoder:)``); nil: none.
    public var decoder: (any AudioFileDecoder)?

    public init(
        path: String, chunkSize: Int = 1_600, realTime: Bool = false, raisesQuietAudio: Bool = false,
        decoder: (any AudioFileDecoder)? = nil
    ) {
        precondition(chunkSize > 0, "chunkSize must be positive")
        self.path = path
        self.decoder = decoder
        self.chunkSize = chunkSize
        self.isRealTime = realTime
        self.raisesQuietAudio = raisesQuietAudio
    }

    public var description: String { "file '\(path)'" }

    public func frames() -> AudioFrameStream {
        let path = path
        let chunkSize = chunkSize
        let isRealTime = isRealTime
        let raises = raisesQuietAudio
        let decoder = decoder
        return AudioFrameStream(threadName: "incant.wav") { sink in
            let file = try WAVFile(path: path, decoder: decoder)
            let gain = raises ? QuietAudioGain.gain(of: file) : 0
            var pace = SpeakingPace()
            file.readOnce(inPiecesOf: chunkSize) { samples, start in
                // A chunk is available once its last sample has been "spoken".
                if isRealTime { pace.waitUntilSpoken(start + samples.count) }
                return sink.send(QuietAudioGain.applying(gain, to: samples))
            }
        }
    }
}
