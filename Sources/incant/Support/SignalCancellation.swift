import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Turns SIGINT and SIGTERM into task cancellation, so that a command winds down cleanly: a
/// running handler's process group is killed, the dispatch is recorded in the history as
/// `failure`, reason `interrupted`, and the command prints its result and exits.
///
/// A second signal exits at once with status 128 + the signal number.
enum SignalCancellation {
    /// The body's result and the signal that cancelled it, if one did.
    struct Outcome<Value: Sendable>: Sendable {
        var value: Value
        /// `SIGINT` or `SIGTERM` when a signal arrived while the body ran; `nil` otherwise.
        var signal: Int32?

        /// The conventional exit status of a command ended by `signal`: 128 + its number.
        var signalExitStatus: Int32? { signal.map { 128 + $0 } }
    }

    /// Runs `body` in a task of its own and cancels that task on SIGINT or SIGTERM; the body
    /// should then wind down and return.
    ///
    /// The signals are caught through a ``SignalPipe``.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> Outcome<T> {
        let received = ReceivedSignals()
        let cancellation = PendingCancellation()
        let watch = try SignalPipe.start(.termination) { number in
            if received.record(number) > 1 { exit(128 + number) }
            cancellation.cancel()
        }
        defer { watch.stop() }
        let task = Task { try await body() }
        cancellation.attach { task.cancel() }
        let value = try await task.value
        return Outcome(value: value, signal: received.first)
    }

    /// A cancellation that may be asked for before what it cancels exists.
    private final class PendingCancellation: @unchecked Sendable {
        private let lock = NSLock()
        private var requested = false
        private var action: (@Sendable () -> Void)?

        /// Cancels now, or as soon as ``attach(_:)`` gives the action.
        func cancel() {
            let run = lock.withLock { () -> (@Sendable () -> Void)? in
                requested = true
                return action
            }
            run?()
        }

        /// Gives the action; runs it at once when a cancellation was already asked for.
        func attach(_ cancel: @escaping @Sendable () -> Void) {
            let runNow = lock.withLock { () -> Bool in
                action = cancel
                return requested
            }
            if runNow { cancel() }
        }
    }

    /// The signals received so far (written on the signal queue, read once the body ended).
    private final class ReceivedSignals: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private var firstSignal: Int32?

        /// Records `signal` and returns how many signals arrived, this one included.
        func record(_ signal: Int32) -> Int {
            lock.withLock {
                count += 1
                if firstSignal == nil { firstSignal = signal }
                return count
            }
        }

        var first: Int32? { lock.withLock { firstSignal } }
    }
}
