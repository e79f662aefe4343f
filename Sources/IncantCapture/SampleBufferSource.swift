/// An ``AudioSource`` over samples already in memory, handed out in chunks as a file would be
/// (a recording read whole, a test).
public struct SampleBufferSource: AudioSource {
    public let samples: [Int16]
    public let chunkSize: Int

    public let description: String

    public init(_ samples: [Int16], chunkSize: Int = 320, description: String = "samples in memory") {
        self.samples = samples
        self.chunkSize = max(1, chunkSize)
        self.description = description
    }

    public func frames() -> AudioFrameStream {
        let samples = samples
        let chunkSize = chunkSize
        return AudioFrameStream(threadName: "incant.samples") { sink in
            var start = 0
            while start < samples.count {
                let end = min(samples.count, start + chunkSize)
                guard sink.send(Array(samples[start..<end])) else { return }
                start = end
            }
        }
    }
}
