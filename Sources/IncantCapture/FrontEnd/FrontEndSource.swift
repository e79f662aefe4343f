/// An ``AudioSource`` whose chunks pass through front ends, in order, before anyone hears them.
public struct FrontEndSource: AudioSource {
    /// The source read.
    public let source: any AudioSource
    /// The front ends, first applied first.
    public let frontEnds: [any AudioFrontEnd]

    public init(source: any AudioSource, frontEnds: [any AudioFrontEnd]) {
        self.source = source
        self.frontEnds = frontEnds
    }

    public var description: String {
        frontEnds.isEmpty
            ? source.description : source.description + " through " + frontEnds.map(\.name).joined(separator: ", ")
    }

    /// Starts the source; the front ends start a new stream.
    public func frames() -> AudioFrameStream {
        for frontEnd in frontEnds { frontEnd.reset() }
        return source.frames().through(frontEnds)
    }
}
