/// Something that produces speech audio for Incant: a microphone, a WAV file, a pipe.
///
/// Every source delivers 16 kHz, mono, signed 16-bit samples (see ``AudioFormat``)
/// in chunks of a few tens of milliseconds. A source is a description of where the
/// audio comes from; nothing is opened until ``frames()`` is iterated.
public protocol AudioSource: Sendable {
    /// A short human-readable description of the source, used in messages
    /// (for example `file 'kitchen.wav'` or `ALSA device 'default'`).
    var description: String { get }

    /// Starts reading and returns the chunks as they arrive.
    ///
    /// The stream ends when the input ends, throws a ``CaptureError`` when the input
    /// cannot be read, and stops reading when the consuming task is cancelled or the
    /// stream is dropped.
    func frames() -> AudioFrameStream
}
