/// Why a ``TakeRecorder`` stopped before its last take.
public enum TakeRecorderError: Error, CustomStringConvertible {
    /// The input of take `take` could not be read (the source's error, a
    /// ``IncantCapture/CaptureError``).
    case captureFailed(take: Int, any Error)
    /// The stream ended before take `take`.
    case inputEnded(take: Int)
    /// Take `take`'s own source (described by `source`) holds no speech.
    case noSpeech(take: Int, source: String)

    /// Which take, from 1.
    public var take: Int {
        switch self {
        case .captureFailed(let take, _), .inputEnded(let take), .noSpeech(let take, _): take
        }
    }

    public var description: String {
        switch self {
        case .captureFailed(let take, let error): "take \(take): \(error)"
        case .inputEnded(let take): "take \(take): the input ended"
        case .noSpeech(let take, let source): "take \(take): no speech in \(source)"
        }
    }
}
