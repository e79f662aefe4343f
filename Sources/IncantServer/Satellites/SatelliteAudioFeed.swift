import Foundation
import IncantCapture

/// The audio a satellite streams, handed from its connection's task to the thread a
/// ``IncantListening/Listener`` reads its source on.
///
/// Bounded: when the listener falls behind, ``push(_:)`` waits, so the connection stops
/// reading and TCP slows the satellite down instead of memory growing.
final class SatelliteAudioFeed: @unchecked Sendable {
    // Every field is guarded by `condition`.
    private let condition = NSCondition()
    private var chunks: [[Int16]] = []
    private var finished = false
    private var spaceWaiters: [CheckedContinuation<Bool, Never>] = []
    private let capacity: Int

    /// - Parameter capacity: chunks held before ``push(_:)`` waits.
    init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
    }

    /// Adds 16 kHz samples, waiting while the feed is full; dropped after ``finish()``.
    func push(_ samples: [Int16]) async {
        guard !samples.isEmpty else { return }
        while true {
            let added: Bool = await withCheckedContinuation { continuation in
                condition.lock()
                if finished {
                    condition.unlock()
                    continuation.resume(returning: true)
                } else if chunks.count < capacity {
                    chunks.append(samples)
                    condition.signal()
                    condition.unlock()
                    continuation.resume(returning: true)
                } else {
                    // Resumed by `take()` when it makes room (false: try again) or by `finish()`.
                    spaceWaiters.append(continuation)
                    condition.unlock()
                }
            }
            if added { return }
        }
    }

    /// Ends the feed: the reader gets what is left, then the end.
    func finish() {
        condition.lock()
        finished = true
        let waiters = spaceWaiters
        spaceWaiters = []
        condition.broadcast()
        condition.unlock()
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// The next chunk, blocking the calling thread until there is one; `nil` once finished and
    /// empty.
    func take() -> [Int16]? {
        condition.lock()
        while chunks.isEmpty && !finished { condition.wait() }
        guard !chunks.isEmpty else {
            condition.unlock()
            return nil
        }
        let chunk = chunks.removeFirst()
        let waiters = spaceWaiters
        spaceWaiters = []
        condition.unlock()
        for waiter in waiters { waiter.resume(returning: false) }
        return chunk
    }
}
