import IncantCapture

/// An ``IncantCapture/AudioSource`` that hands out fixed samples in chunks, as a file would.
public struct SamplesSource: AudioSource {
    public let samples: [Int16]
    public let chunkSize: Int

    public init(_ samples: [Int16], chunkSize: Int = 320) {
        self.samples = samples
        self.chunkSize = chunkSize
    }

    public var description: String { "test samples" }

    public func frames() -> AudioFrameStream {
        let samples = samples
        let chunkSize = chunkSize
        return AudioFrameStream(threadName: "test.samples") { sink in
            var start = 0
            while start < samples.count {
                let end = min(samples.count, start + chunkSize)
                guard sink.send(Array(samples[start..<end])) else { return }
                start = end
            }
        }
    }
}
