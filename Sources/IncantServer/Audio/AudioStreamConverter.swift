import IncantCapture

/// Converts a stream of PCM in any ``PCMFormat`` to what the recognizer decodes, 16 kHz mono
/// 16-bit, as chunks arrive.
///
/// Channels are averaged; widths other than 16 bits are scaled to it. A rate in a whole ratio to
/// 16 kHz (8, 32, 48 kHz…) or reached by a whole factor up then a whole factor down (24 kHz: up
/// 2, down 3) is converted as it streams by ``IncantCapture/StreamingResampler``; any other rate
/// (44.1 kHz) is held and converted by ``IncantCapture/Resampler`` at ``finish()``. Chunks need not
/// end on a frame: a partial frame waits for the next chunk.
public struct AudioStreamConverter: Sendable {
    public let format: PCMFormat
    /// Frames received so far (at the input rate).
    public private(set) var inputFrames = 0

    private enum Conversion: Sendable {
        case none
        case streaming(up: StreamingResampler?, down: StreamingResampler?)
        case held([Float])
    }

    private var conversion: Conversion
    /// Bytes of an incomplete frame, waiting for the rest.
    private var partial: [UInt8] = []

    public init(format: PCMFormat) {
        self.format = format
        let target = PCMFormat.recognizer.rate
        if format.rate == target {
            conversion = .none
        } else if let (up, down) = Self.wholeFactors(from: format.rate, to: target) {
            conversion = .streaming(
                up: up > 1 ? StreamingResampler(factor: up, direction: .up) : nil,
                down: down > 1 ? StreamingResampler(factor: down, direction: .down) : nil)
        } else {
            conversion = .held([])
        }
    }

    /// Seconds of audio received so far.
    public var inputSeconds: Double { Double(inputFrames) / Double(format.rate) }

    /// Converts the next chunk; returns the 16 kHz samples complete so far.
    public mutating func convert(_ bytes: [UInt8]) -> [Int16] {
        let mono = monoSamples(bytes)
        switch conversion {
        case .none:
            return mono.map { Int16(clamping: Int($0.rounded())) }
        case .streaming(var up, var down):
            var samples = mono
            if up != nil { samples = up!.process(samples) }
            if down != nil { samples = down!.process(samples) }
            conversion = .streaming(up: up, down: down)
            return samples.map { Int16(clamping: Int($0.rounded())) }
        case .held(var held):
            held += mono
            conversion = .held(held)
            return []
        }
    }

    /// Ends the stream: the samples still owed (a partial frame at the end is dropped).
    public mutating func finish() -> [Int16] {
        partial = []
        switch conversion {
        case .none:
            return []
        case .streaming(var up, var down):
            var samples: [Float] = []
            if up != nil {
                samples = up!.flush()
                if down != nil { samples = down!.process(samples) }
            }
            if down != nil { samples += down!.flush() }
            conversion = .streaming(up: up, down: down)
            return samples.map { Int16(clamping: Int($0.rounded())) }
        case .held(let held):
            conversion = .held([])
            let resampler = Resampler(inputRate: format.rate, outputRate: PCMFormat.recognizer.rate)
            let count = Int((Double(held.count) * Double(resampler.outputRate) / Double(format.rate)).rounded(.down))
            return held.withUnsafeBufferPointer { input in
                resampler.resample(0..<count, inputCount: input.count) { input[$0] }
            }
        }
    }

    /// The whole frames of `bytes` (after any partial frame held back), channels averaged, in
    /// the 16-bit scale.
    private mutating func monoSamples(_ bytes: [UInt8]) -> [Float] {
        let data = partial.isEmpty ? bytes : partial + bytes
        let frameBytes = format.frameBytes
        let frames = data.count / frameBytes
        partial = Array(data[(frames * frameBytes)...])
        inputFrames += frames
        let width = format.width
        let channels = format.channels
        var output = [Float](repeating: 0, count: frames)
        data.withUnsafeBufferPointer { input in
            for frame in 0..<frames {
                var sum: Float = 0
                for channel in 0..<channels {
                    sum += Self.sample(input, at: (frame * channels + channel) * width, width: width)
                }
                output[frame] = sum / Float(channels)
            }
        }
        return output
    }

    /// One sample in the 16-bit scale.
    private static func sample(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, width: Int) -> Float {
        switch width {
        case 1:
            return Float(Int(bytes[offset]) - 128) * 256
        case 2:
            return Float(Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8))
        case 3:
            let value = Int32(
                bitPattern: UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2])
                    << 24)
            return Float(value) / 65_536
        default:
            let value = Int32(
                bitPattern: UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                    | UInt32(bytes[offset + 3]) << 24)
            return Float(value) / 65_536
        }
    }

    /// `(up, down)` with `rate * up / down == target`, each at most 6, when there are such.
    static func wholeFactors(from rate: Int, to target: Int) -> (up: Int, down: Int)? {
        for down in 1...6 {
            for up in 1...6 where rate * up == target * down {
                return (up, down)
            }
        }
        return nil
    }
}
