/// One stream's denoiser of 48 kHz mono audio, taken in frames of a fixed length.
///
/// Samples are `Float` in 16-bit scale (±32768). The output of each frame lags the input by
/// ``delay`` samples.
protocol FrameDenoiser: AnyObject {
    /// Samples in each frame.
    var frameLength: Int { get }
    /// How many samples the output lags behind the input.
    var delay: Int { get }
    /// Denoises the next frame of exactly ``frameLength`` samples.
    func denoise(_ frame: [Float]) -> [Float]
}
