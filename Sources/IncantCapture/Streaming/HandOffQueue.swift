/// A first-in first-out queue between producing tasks and one consumer at a time, whose
/// `next()` can be raced against other events and cancelled without losing an element.
///
/// Used by ``LiveUtterances`` for the utterances heard while the consumer is busy, and by the
/// command line for typed answers. Cancelling a waiting `next()` returns `nil` and consumes
/// nothing; an element taken by a task that lost a race can be put back with ``putBack(_:)``.
/// ``push(_:)`` never waits (the queue is unbounded); ``push(_:limit:)`` waits while the queue
/// is full, so that a producer faster than the consumer is slowed down instead of filling memory.
public actor HandOffQueue<Element: Sendable> {
    private var buffer: [Element] = []
    private var ending: Result<Void, any Error>?
    private var waiter: (id: Int, continuation: CheckedContinuation<Element?, any Error>)?
    private var nextWaiterID = 0
    private var spaceWaiters: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []

    public init() {}

    /// Appends an element (ignored after ``finish(throwing:)``).
    public func push(_ element: Element) {
        guard ending == nil else { return }
        if let waiter {
            self.waiter = nil
            waiter.continuation.resume(returning: element)
        } else {
            buffer.append(element)
        }
    }

    /// Appends an element after waiting while `limit` or more elements are buffered (back-pressure
    /// for a producer that can outrun the consumer, such as a file read as fast as it can be).
    /// When the calling task is cancelled while waiting, the element is dropped.
    public func push(_ element: Element, limit: Int) async {
        precondition(limit > 0, "a bounded push needs room for at least one element")
        while buffer.count >= limit && ending == nil {
            if Task.isCancelled { return }
            nextWaiterID += 1
            let id = nextWaiterID
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    if Task.isCancelled {
                        continuation.resume()
                    } else {
                        spaceWaiters.append((id, continuation))
                    }
                }
            } onCancel: {
                Task { await self.cancelSpaceWaiter(id) }
            }
        }
        push(element)
    }

    /// The element ``next()`` would return now, left in place; nil when none is buffered.
    public var first: Element? { buffer.first }

    /// The number of elements waiting for the consumer.
    public var count: Int { buffer.count }

    /// Puts an element back at the front, to be returned by the next ``next()``.
    public func putBack(_ element: Element) {
        if let waiter {
            self.waiter = nil
            waiter.continuation.resume(returning: element)
        } else {
            buffer.insert(element, at: 0)
        }
    }

    /// Ends the queue after the buffered elements: `next()` then returns nil, or throws `error`.
    public func finish(throwing error: (any Error)? = nil) {
        guard ending == nil else { return }
        ending = error.map { .failure($0) } ?? .success(())
        wakeSpaceWaiters()
        if let waiter {
            self.waiter = nil
            resumeEnded(waiter.continuation)
        }
    }

    /// Whether the queue has ended and holds nothing more.
    public var isExhausted: Bool { buffer.isEmpty && ending != nil }

    /// The next element; nil when the queue has ended (or the calling task was cancelled).
    /// Only one consumer may wait at a time.
    public func next() async throws -> Element? {
        if !buffer.isEmpty {
            let element = buffer.removeFirst()
            wakeSpaceWaiters()
            return element
        }
        if ending != nil || Task.isCancelled {
            if case .failure(let error) = ending { throw error }
            return nil
        }
        nextWaiterID += 1
        let id = nextWaiterID
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: nil)
                } else {
                    precondition(waiter == nil, "HandOffQueue has one consumer at a time")
                    waiter = (id, continuation)
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    /// Lets every producer waiting in ``push(_:limit:)`` check for room again.
    private func wakeSpaceWaiters() {
        let waiting = spaceWaiters
        spaceWaiters.removeAll()
        for waiter in waiting { waiter.continuation.resume() }
    }

    private func cancelSpaceWaiter(_ id: Int) {
        guard let index = spaceWaiters.firstIndex(where: { $0.id == id }) else { return }
        spaceWaiters.remove(at: index).continuation.resume()
    }

    private func cancelWaiter(_ id: Int) {
        guard let waiter, waiter.id == id else { return }
        self.waiter = nil
        waiter.continuation.resume(returning: nil)
    }

    private func resumeEnded(_ continuation: CheckedContinuation<Element?, any Error>) {
        if case .failure(let error) = ending {
            continuation.resume(throwing: error)
        } else {
            continuation.resume(returning: nil)
        }
    }
}
