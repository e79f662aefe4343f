import Foundation

/// Changes the sample rate of a stream by a whole factor, up or down, with a polyphase
/// Kaiser-windowed sinc filter.
///
/// The filter is symmetric and its delay is compensated: output sample `n` is centred on input
/// time `n / factor` (up) or `n * factor` (down), so a stream comes out aligned with what went
/// in. The price is that the last ``heldBack`` input samples wait for the input after them;
/// ``flush()`` produces the rest of the stream as if silence followed. Samples are `Float` in any
/// scale; chunk boundaries do not change the output.
public struct StreamingResampler: Sendable {
    /// Which way the rate changes.
    public enum Direction: Sendable {
        /// `factor` output samples per input sample.
        case up
        /// One output sample per `factor` input samples.
        case down
    }

    /// The whole ratio of the rates.
    public let factor: Int
    public let direction: Direction
    /// Zero crossings of the sinc on each side of the centre, at the lower rate.
    public let zeroCrossings: Int

    /// Input samples on each side of an output sample's centre that it reads.
    private let reach: Int
    /// Output phases: `factor` going up (each output sits between inputs), 1 going down.
    private let phases: Int
    /// Weights of input samples `base - reach ... base + reach`, phase after phase; each phase's
    /// sum to one.
    private let weights: [Float]

    /// Input kept, starting at absolute input index `bufferStart` (silence before the stream).
    private var buffer: [Float]
    private var bufferStart: Int
    /// Input samples received so far.
    private var received = 0
    /// Absolute index of the next output sample.
    private var produced = 0

    /// - Parameters:
    ///   - factor: the whole rate ratio (2 or more).
    ///   - passband: the cut-off as a fraction of the lower rate's Nyquist frequency.
    ///   - zeroCrossings: filter length on each side, in sinc zero crossings at the lower rate.
    public init(factor: Int, direction: Direction, passband: Double = 0.92, zeroCrossings: Int = 16) {
        precondition(factor >= 2, "a resampling factor is 2 or more")
        self.factor = factor
        self.direction = direction
        self.zeroCrossings = zeroCrossings
        // Distances are counted in input samples; the cut-off is relative to the input rate.
        let cutoff = direction == .up ? passband : passband / Double(factor)
        let halfWidth = Double(zeroCrossings) / (direction == .up ? 1 : cutoff / passband)
        let reach = Int(halfWidth.rounded(.up))
        let phases = direction == .up ? factor : 1
        self.reach = reach
        self.phases = phases
        let beta = 8.0
        let besselBeta = Self.besselI0(beta)
        weights = (0..<phases).map { phase in
            let offset = Double(phase) / Double(direction == .up ? factor : 1)
            var row = (-reach...reach).map { index -> Double in
                let distance = offset - Double(index)
                let ratio = distance / halfWidth
                guard abs(ratio) < 1 else { return 0 }
                let window = Self.besselI0(beta * (1 - ratio * ratio).squareRoot()) / besselBeta
                return cutoff * Self.sinc(cutoff * distance) * window
            }
            let sum = row.reduce(0, +)
            row = row.map { $0 / sum }
            return row.map { Float($0) }
        }.flatMap { $0 }
        buffer = [Float](repeating: 0, count: reach)
        bufferStart = -reach
    }

    /// Input samples that wait, at most, for the input after them.
    public var heldBack: Int { reach }

    /// Resamples the next chunk; returns the output samples complete so far.
    public mutating func process(_ samples: [Float]) -> [Float] {
        buffer += samples
        received += samples.count
        return produce(through: received)
    }

    /// Ends the stream: the output still owed, as if silence followed (in all, `factor` times the
    /// input going up, the input divided by `factor` and rounded up going down). The resampler
    /// then starts a new stream.
    public mutating func flush() -> [Float] {
        buffer += [Float](repeating: 0, count: reach)
        let output = produce(through: received + reach)
        reset()
        return output
    }

    /// Forgets the stream so far.
    public mutating func reset() {
        buffer = [Float](repeating: 0, count: reach)
        bufferStart = -reach
        received = 0
        produced = 0
    }

    /// Produces every output sample whose last input comes before absolute input index `limit`.
    private mutating func produce(through limit: Int) -> [Float] {
        let ready = limit - reach
        let end: Int
        switch direction {
        case .up: end = max(produced, ready * factor)
        case .down: end = max(produced, ready > 0 ? (ready + factor - 1) / factor : 0)
        }
        let count = end - produced
        var output = [Float](repeating: 0, count: count)
        let width = 2 * reach + 1
        let first = produced
        let offset = bufferStart
        buffer.withUnsafeBufferPointer { input in
            weights.withUnsafeBufferPointer { taps in
                output.withUnsafeMutableBufferPointer { output in
                    for index in 0..<count {
                        let (base, phase) = position(of: first + index)
                        let start = base - reach - offset
                        let row = phase * width
                        var sum: Float = 0
                        for tap in 0..<width { sum += taps[row + tap] * input[start + tap] }
                        output[index] = sum
                    }
                }
            }
        }
        produced = end
        let keepFrom = position(of: produced).base - reach
        if keepFrom - bufferStart > 4096 {
            buffer.removeFirst(keepFrom - bufferStart)
            bufferStart = keepFrom
        }
        return output
    }

    /// The input sample an output sample is centred on (or just after, going up) and its phase.
    private func position(of output: Int) -> (base: Int, phase: Int) {
        direction == .up ? (output / factor, output % factor) : (output * factor, 0)
    }

    private static func sinc(_ x: Double) -> Double {
        if abs(x) < 1e-12 { return 1 }
        return sin(Double.pi * x) / (Double.pi * x)
    }

    /// The modified Bessel function of the first kind, order zero (for the Kaiser window).
    private static func besselI0(_ x: Double) -> Double {
        var sum = 1.0
        var term = 1.0
        var k = 1.0
        while term > sum * 1e-12 {
            term *= (x / (2 * k)) * (x / (2 * k))
            sum += term
            k += 1
        }
        return sum
    }
}
