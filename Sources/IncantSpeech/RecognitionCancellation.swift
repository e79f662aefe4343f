import Synchronization

/// Stops a recognition under way from another thread: a decoding begun at a pause is
/// superseded when the speaker goes on talking.
///
/// Once cancelled, it stays so. An engine checks ``isCancelled`` between steps, or registers
/// ``onCancel(_:)`` to forward the cancellation to its own mechanism (pocketsphinx polls a flag
/// from C).
public final class RecognitionCancellation: Sendable {
    private struct State {
        var cancelled = false
        var handlers: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Cancels, and runs the registered handlers once.
    public func cancel() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            defer { state.handlers = [] }
            return state.handlers
        }
        for handler in handlers { handler() }
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Runs `handler` when cancelled (at once when already cancelled).
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.cancelled { return true }
            state.handlers.append(handler)
            return false
        }
        if runNow { handler() }
    }
}
