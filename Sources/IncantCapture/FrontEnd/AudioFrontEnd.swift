/// A stage that transforms audio before utterance detection and recognition: samples in,
/// samples out (a denoiser, an automatic gain control).
///
/// A front end works on the 16 kHz mono 16-bit stream of ``AudioFormat`` and keeps whatever
/// state it needs between calls, so one instance serves one stream. It may hold samples back
/// (``latencySamples``); ``flush()`` returns them at the end of the stream.
public protocol AudioFrontEnd: AnyObject, Sendable {
    /// A short name for messages and reports (`identity`, `deepfilternet`).
    var name: String { get }

    /// How many samples the output lags behind the input.
    var latencySamples: Int { get }

    /// Processes the next chunk of the stream and returns the samples ready so far.
    func process(_ samples: [Int16]) -> [Int16]

    /// Returns the samples still held back, at the end of the stream.
    func flush() -> [Int16]

    /// Forgets the stream so far, to start another one.
    func reset()
}
