import Synchronization

/// A front end that passes audio on unchanged and keeps the latest of it, by stream position,
/// so that a later stage can hear a stretch as it was before the front ends after it.
///
/// Positions count from the last ``reset()``. Placed before a front end whose output lines up
/// with its input (``AudioFrontEnd/latencySamples`` compensated, as every shipped one does), a
/// stretch of that front end's output and the tap's samples of the same positions are the same
/// moment. Holds the latest ``capacity`` samples at least, and at most twice as many.
public final class UnprocessedAudioTap: AudioFrontEnd {
    /// The most samples kept (the latest).
    public let capacity: Int
    private let state = Mutex(Held())

    private struct Held {
        var samples: [Int16] = []
        /// Stream position of `samples[0]`.
        var start = 0
    }

    /// The samples kept by default: two minutes.
    public static let standardCapacity = AudioFormat.sampleRate * 120

    public init(capacity: Int = standardCapacity) {
        self.capacity = max(1, capacity)
    }

    public var name: String { "unprocessed" }

    public var latencySamples: Int { 0 }

    public func process(_ samples: [Int16]) -> [Int16] {
        state.withLock { held in
            held.samples += samples
            // Dropped in one go once twice the capacity is held, so each sample moves once.
            let excess = held.samples.count - capacity
            if held.samples.count > 2 * capacity {
                held.samples.removeFirst(excess)
                held.start += excess
            }
        }
        return samples
    }

    public func flush() -> [Int16] { [] }

    public func reset() {
        state.withLock { $0 = Held() }
    }

    /// The samples at stream positions `range`, or nil when they are not all held (too old,
    /// or not heard yet).
    public func samples(in range: Range<Int>) -> [Int16]? {
        state.withLock { held in
            guard range.lowerBound >= held.start, range.upperBound <= held.start + held.samples.count else {
                return nil
            }
            return Array(held.samples[(range.lowerBound - held.start)..<(range.upperBound - held.start)])
        }
    }
}
