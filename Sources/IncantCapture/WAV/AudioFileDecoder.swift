/// Decodes audio files that are not WAV files (FLAC, Ogg Vorbis, ...) for ``WAVFile``.
///
/// The core reads WAV itself; a decoder of other formats lives with the platform code (the
/// `incant` tool uses libsndfile's, `IncantSoundFile`).
public protocol AudioFileDecoder: Sendable {
    /// Writes the audio of the file at `path` to `destination` as a 16-bit PCM WAV file, at the
    /// file's own sample rate and channel count.
    ///
    /// - Throws: ``CaptureError`` naming `path` when it cannot be decoded, or `destination` when
    ///   it cannot be written.
    func decode(_ path: String, toWAV destination: String) throws
}
