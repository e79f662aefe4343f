/// How a ``DenoisingFrontEnd`` begins each stream after its first (after a reset or a flush).
public enum DenoiserRestart: Sendable {
    /// With a new denoiser state, as if nothing had been heard: a stream's output does not
    /// depend on the streams before it. For separate recordings.
    case fresh
    /// With the state the last stream left, its samples forgotten. No state is made (making a
    /// DeepFilterNet state parses its model: CPU and a burst of memory each time), and one
    /// that has heard the same room starts nearer to where a continuous stream would be than a
    /// new one does, once a second of the stream's own audio leads what matters (BENCHMARKS.md,
    /// *Wake word*). For stretches of one stream denoised on demand.
    case warm
}
