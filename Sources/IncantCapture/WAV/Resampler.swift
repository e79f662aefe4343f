import Foundation

/// Changes the sample rate with a Hann-windowed sinc kernel.
///
/// Stateless: every output sample is computed from the input around it, so any range of
/// the output can be produced on its own (which lets a file be converted chunk by chunk). For
/// rates in a whole ratio, ``StreamingResampler`` converts a stream as it arrives.
public struct Resampler: Sendable {
    public let inputRate: Int
    public let outputRate: Int
    /// Zero crossings of the sinc on each side of the centre.
    let zeroCrossings = 12

    /// Cut-off as a fraction of the input Nyquist frequency: below the lower of both rates.
    private var cutoff: Double {
        min(1, Double(outputRate) / Double(inputRate)) * 0.94
    }

    public init(inputRate: Int, outputRate: Int) {
        self.inputRate = inputRate
        self.outputRate = outputRate
    }

    /// Output samples `range`, reading the input (of `inputCount` samples) through `input`.
    public func resample(_ range: Range<Int>, inputCount: Int, input: (Int) -> Float) -> [Int16] {
        let step = Double(inputRate) / Double(outputRate)
        let cutoff = self.cutoff
        let halfWidth = Double(zeroCrossings) / cutoff
        var output: [Int16] = []
        output.reserveCapacity(range.count)
        for index in range {
            let centre = Double(index) * step
            let first = max(0, Int((centre - halfWidth).rounded(.up)))
            let last = min(inputCount - 1, Int((centre + halfWidth).rounded(.down)))
            var sum = 0.0
            var weights = 0.0
            if first <= last {
                for position in first...last {
                    let x = Double(position) - centre
                    let weight = Self.sinc(x * cutoff) * Self.hann(x / halfWidth)
                    sum += weight * Double(input(position))
                    weights += weight
                }
            }
            let value = weights > 0 ? sum / weights : 0
            output.append(Int16(clamping: Int(value.rounded())))
        }
        return output
    }

    private static func sinc(_ x: Double) -> Double {
        if abs(x) < 1e-9 { return 1 }
        let px = Double.pi * x
        return sin(px) / px
    }

    private static func hann(_ x: Double) -> Double {
        abs(x) >= 1 ? 0 : 0.5 + 0.5 * cos(Double.pi * x)
    }
}
