import Foundation

/// A bounded hand-over queue between one producing thread and one consuming task.
///
/// The producer blocks while the queue is full (back-pressure instead of unbounded growth);
/// the consumer suspends while it is empty. Either side can end the exchange: the producer
/// by finishing (with or without an error), the consumer by cancelling.
final class FrameChannel: @unchecked Sendable {
    // All mutable state is guarded by `condition`, which is also the lock.
    private let condition = NSCondition()
    private let capacity: Int
    private var queue: [[Int16]] = []
    private var head = 0
    private var waiter: CheckedContinuation<[Int16]?, any Error>?
    private var failure: (any Error)?
    private var finished = false
    private var cancelled = false
    private var started = false

    init(capacity: Int) {
        precondition(capacity > 0, "a frame channel needs room for at least one chunk")
        self.capacity = capacity
    }

    /// Chunks the queue holds, including those already taken but not yet dropped (for tests:
    /// stays below twice the capacity however long the exchange runs).
    var storedChunkCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return queue.count
    }

    // MARK: Producer side

    /// True once the consumer has gone away; the producer should stop reading.
    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Hands a chunk to the consumer, waiting while the queue is full.
    /// Returns false when the consumer has gone away.
    func send(_ chunk: [Int16]) -> Bool {
        condition.lock()
        while queue.count - head >= capacity && !cancelled {
            condition.wait()
        }
        if cancelled || finished {
            condition.unlock()
            return false
        }
        if let waiter {
            self.waiter = nil
            condition.unlock()
            waiter.resume(returning: chunk)
            return true
        }
        queue.append(chunk)
        condition.unlock()
        return true
    }

    /// Ends the stream after the queued chunks, with `error` if given.
    func finish(throwing error: (any Error)? = nil) {
        condition.lock()
        guard !finished else {
            condition.unlock()
            return
        }
        finished = true
        if !cancelled { failure = error }
        let waiter = self.waiter
        self.waiter = nil
        let failure = self.failure
        if waiter != nil { self.failure = nil }
        condition.unlock()
        if let waiter {
            if let failure {
                waiter.resume(throwing: failure)
            } else {
                waiter.resume(returning: nil)
            }
        }
    }

    // MARK: Consumer side

    /// Returns true exactly once: for the caller that must start the producer.
    func claimStart() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if started { return false }
        started = true
        return true
    }

    /// Stops the exchange from the consumer's side and wakes everyone up.
    func cancel() {
        condition.lock()
        cancelled = true
        queue.removeAll()
        head = 0
        let waiter = self.waiter
        self.waiter = nil
        condition.broadcast()
        condition.unlock()
        waiter?.resume(returning: nil)
    }

    /// The next chunk, or nil at the end of the stream or after cancellation.
    func next() async throws -> [Int16]? {
        if let ready = try takeReady() {
            return ready.chunk
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                condition.lock()
                do {
                    if let ready = try takeReadyLocked() {
                        condition.unlock()
                        continuation.resume(returning: ready.chunk)
                    } else {
                        waiter = continuation
                        condition.unlock()
                    }
                } catch {
                    condition.unlock()
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            self.cancel()
        }
    }

    /// What the consumer gets without waiting: a chunk, or the end of the stream.
    private struct Ready {
        /// The chunk, or nil for the end of the stream.
        var chunk: [Int16]?
    }

    /// A chunk (or the end) if one is available without waiting; nil if the consumer must wait.
    private func takeReady() throws -> Ready? {
        condition.lock()
        defer { condition.unlock() }
        return try takeReadyLocked()
    }

    private func takeReadyLocked() throws -> Ready? {
        if head < queue.count {
            let chunk = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= capacity {
                // A producer that keeps the queue from ever running empty (a pipe read as fast as
                // the consumer allows) must not make it keep every chunk already taken.
                queue.removeFirst(head)
                head = 0
            }
            condition.signal()
            return Ready(chunk: chunk)
        }
        if cancelled || Task.isCancelled {
            return Ready(chunk: nil)
        }
        if finished {
            if let failure {
                self.failure = nil
                throw failure
            }
            return Ready(chunk: nil)
        }
        return nil
    }
}
