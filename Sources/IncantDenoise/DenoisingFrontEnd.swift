import IncantCapture
import Synchronization

/// An ``AudioFrontEnd`` that runs a 48 kHz neural denoiser on the 16 kHz stream: resampled up,
/// denoised in the denoiser's frames, resampled down.
///
/// A quiet stream is raised before the denoiser (``QuietStreamGain``) and brought back to its
/// own level after it: DeepFilterNet 3 removes speech whose loudest frames lie 40 dB or more
/// below full scale as if it were noise.
///
/// The output is aligned with the input: the resamplers' and the denoiser's delays are taken
/// out, so sample `n` out is sample `n` in, denoised, and a stream and its ``flush()`` give back
/// exactly as many samples as went in. Chunk boundaries do not change the output. Make one with
/// ``FrontEndKind/make(directory:restart:)``.
public final class DenoisingFrontEnd: AudioFrontEnd {
    public let name: String
    public let latencySamples: Int
    private let pipeline: Mutex<Pipeline>

    init(
        name: String, restart: DenoiserRestart = .fresh,
        makeDenoiser: @escaping @Sendable () throws(DenoiseError) -> any FrameDenoiser
    ) throws(DenoiseError) {
        let pipeline = Pipeline(denoiser: try makeDenoiser(), restart: restart, makeDenoiser: makeDenoiser)
        self.name = name
        latencySamples = pipeline.latency
        self.pipeline = Mutex(pipeline)
    }

    public func process(_ samples: [Int16]) -> [Int16] {
        pipeline.withLock { $0.process(samples) }
    }

    /// The rest of the stream, as if silence followed; the front end then starts a new stream.
    public func flush() -> [Int16] {
        pipeline.withLock { $0.flush() }
    }

    public func reset() {
        pipeline.withLock { $0.reset() }
    }
}

/// The state of one stream through a ``DenoisingFrontEnd``.
private struct Pipeline {
    static let factor = 3
    let makeDenoiser: @Sendable () throws(DenoiseError) -> any FrameDenoiser
    let restart: DenoiserRestart
    /// This stream's denoiser state: made when the stream's first samples come (with a
    /// ``DenoiserRestart/fresh`` restart a used one is freed when the stream ends or is reset,
    /// so that only one is ever held).
    var state: (any FrameDenoiser)?
    /// Whether ``state`` has heard anything since it was made.
    var stateUsed = false
    /// Set when a state could not be made for this stream (it was made once already, so this
    /// takes running out of memory): the stream passes through unchanged instead.
    var passesThrough = false
    let frameLength: Int
    let delay: Int
    var up = StreamingResampler(factor: factor, direction: .up)
    var down = StreamingResampler(factor: factor, direction: .down)
    /// 48 kHz samples waiting for a whole frame, from `pendingStart` on.
    var pending: [Float] = []
    var pendingStart = 0
    /// 16 kHz samples received in this stream.
    var received = 0
    /// Denoised 48 kHz samples passed on (after the first `delay`, which are dropped).
    var passed = 0
    /// Denoised 48 kHz samples dropped as the denoiser's delay.
    var dropped = 0
    /// The gain that raises a quiet stream before the denoiser.
    var level = QuietStreamGain()
    /// The factor each input sample was raised by, from `factorsStart` on; the output is
    /// divided by them sample for sample.
    var factors: [Float] = []
    var factorsStart = 0

    init(
        denoiser: any FrameDenoiser, restart: DenoiserRestart,
        makeDenoiser: @escaping @Sendable () throws(DenoiseError) -> any FrameDenoiser
    ) {
        state = denoiser
        self.restart = restart
        frameLength = denoiser.frameLength
        delay = denoiser.delay
        self.makeDenoiser = makeDenoiser
    }

    /// The most 16 kHz samples held back: the resamplers' reach, a frame, the denoiser's delay.
    var latency: Int {
        let highRate = up.heldBack * Self.factor + frameLength - 1 + delay + down.heldBack
        return (highRate + Self.factor - 1) / Self.factor + 1
    }

    mutating func process(_ samples: [Int16]) -> [Int16] {
        if state == nil && !passesThrough {
            state = try? makeDenoiser()
            passesThrough = state == nil && received == 0
        }
        if passesThrough { return samples }
        received += samples.count
        let (raised, raisedBy) = level.raise(samples)
        factors += raisedBy
        pending += up.process(raised)
        var denoised: [Float] = []
        while pending.count - pendingStart >= frameLength {
            denoised += denoiseFrame(limit: .max)
        }
        pending.removeFirst(pendingStart)
        pendingStart = 0
        return Self.quantized(restored(down.process(denoised)))
    }

    mutating func flush() -> [Int16] {
        if passesThrough || received == 0 {
            reset()
            return []
        }
        pending += up.flush()
        let total = received * Self.factor
        var denoised: [Float] = []
        while passed < total {
            if pending.count - pendingStart < frameLength {
                pending += [Float](repeating: 0, count: frameLength - (pending.count - pendingStart))
            }
            denoised += denoiseFrame(limit: total - passed)
        }
        let output = Self.quantized(restored(down.process(denoised) + down.flush()))
        reset()
        return output
    }

    mutating func reset() {
        if stateUsed && restart == .fresh {
            state = nil
            stateUsed = false
        }
        passesThrough = false
        up.reset()
        down.reset()
        pending = []
        pendingStart = 0
        received = 0
        passed = 0
        dropped = 0
        level = QuietStreamGain()
        factors = []
        factorsStart = 0
    }

    /// The next output samples at the input's own level: each divided by the factor its input
    /// sample was raised by (the output lines up with the input).
    private mutating func restored(_ output: [Float]) -> [Float] {
        var result = output
        let count = min(result.count, factors.count - factorsStart)
        for index in 0..<count where factors[factorsStart + index] != 1 {
            result[index] /= factors[factorsStart + index]
        }
        factorsStart += count
        if factorsStart > 16_000 {
            factors.removeFirst(factorsStart)
            factorsStart = 0
        }
        return result
    }

    /// Denoises the first frame of ``pending``; returns at most `limit` samples of it past the delay.
    private mutating func denoiseFrame(limit: Int) -> ArraySlice<Float> {
        let length = frameLength
        // process(_:) made the state before any sample reached ``pending``.
        guard let state else { preconditionFailure("a frame to denoise without a denoiser state") }
        let output = state.denoise(Array(pending[pendingStart..<pendingStart + length]))
        stateUsed = true
        pendingStart += length
        let skip = min(delay - dropped, output.count)
        dropped += skip
        let kept = output[skip...].prefix(limit)
        passed += kept.count
        return kept
    }

    private static func quantized(_ samples: [Float]) -> [Int16] {
        samples.map { $0.isFinite ? Int16(clamping: Int($0.rounded())) : 0 }
    }
}
