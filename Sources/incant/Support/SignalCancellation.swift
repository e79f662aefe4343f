import Dispatch
import Foundation
import Synchronization

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
    /// The signals are caught by a plain handler that writes their number to a pipe, read by a
    /// thread of its own. (A dispatch signal source with the signal ignored lost signals: on
    /// Linux it reads them through a signalfd, which only sees a signal blocked in the thread
    /// it goes to, and the kernel may hand a process's signal to any other thread, where being
    /// ignored discards it.) A handled signal is reset to its default in a handler's process.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> Outcome<T> {
        let received = ReceivedSignals()
        let cancellation = PendingCancellation()
        let watch = SignalPipe.start { number in
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

    /// SIGINT and SIGTERM, caught while a body runs and handed to a callback on a thread.
    private final class SignalPipe: @unchecked Sendable {
        private let readEnd: Int32
        private let writeEnd: Int32
        private let previous: [(Int32, sigaction)]

        /// Catches the signals until ``stop()``; `handle` runs on the reading thread.
        static func start(_ handle: @escaping @Sendable (Int32) -> Void) -> SignalPipe {
            var ends: [Int32] = [-1, -1]
            _ = pipe(&ends)
            _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
            signalPipeWriteEnd.store(ends[1], ordering: .sequentiallyConsistent)
            var saved: [(Int32, sigaction)] = []
            for number in [SIGINT, SIGTERM] {
                var action = sigaction()
                action.__sigaction_handler.sa_handler = { number in
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(signalPipeWriteEnd.load(ordering: .relaxed), &byte, 1)
                }
                sigemptyset(&action.sa_mask)
                action.sa_flags = SA_RESTART
                var old = sigaction()
                sigaction(number, &action, &old)
                saved.append((number, old))
            }
            let (readEnd, writeEnd) = (ends[0], ends[1])
            let watch = SignalPipe(readEnd: readEnd, writeEnd: writeEnd, previous: saved)
            let reader = Thread {
                // A thread starts with its creator's signal mask, and the concurrency pool's
                // threads block these signals; unblocked here, this thread can always take them.
                var caught = sigset_t()
                sigemptyset(&caught)
                sigaddset(&caught, SIGINT)
                sigaddset(&caught, SIGTERM)
                pthread_sigmask(SIG_UNBLOCK, &caught, nil)
                var byte: UInt8 = 0
                while read(readEnd, &byte, 1) == 1, byte != 0 {
                    handle(Int32(byte))
                }
                close(readEnd)
                close(writeEnd)
            }
            reader.name = "incant.signals"
            reader.start()
            return watch
        }

        private init(readEnd: Int32, writeEnd: Int32, previous: [(Int32, sigaction)]) {
            self.readEnd = readEnd
            self.writeEnd = writeEnd
            self.previous = previous
        }

        /// Restores the previous handlers and ends the reading thread.
        func stop() {
            for (number, old) in previous {
                var restored = old
                sigaction(number, &restored, nil)
            }
            var stopByte: UInt8 = 0
            _ = write(writeEnd, &stopByte, 1)
        }
    }
}

/// Where the signal handler writes (a handler can capture nothing).
private let signalPipeWriteEnd = Atomic<Int32>(-1)
