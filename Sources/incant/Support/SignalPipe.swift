import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Signals caught by a plain handler that writes their number to a pipe, handed to a callback
/// on a thread of its own.
///
/// A dispatch signal source with the signal ignored lost signals: on Linux it reads them
/// through a signalfd, which only sees a signal blocked in the thread it goes to, and the
/// kernel may hand a process's signal to any other thread, where being ignored discards it.
/// Here the reading thread unblocks its group's signals (the concurrency pool's threads, and
/// every thread they start, may block them), so one thread can always take them. The pipe's
/// ends are closed on exec, and a handled signal is reset to its default in a handler's
/// process.
final class SignalPipe: @unchecked Sendable {
    /// The signals one pipe catches; each group has its own pipe.
    enum Group: Sendable {
        /// SIGINT and SIGTERM: end the command.
        case termination
        /// SIGUSR1 (push-to-talk trigger) and SIGHUP (reload) while listening.
        case control

        var signals: [Int32] {
            switch self {
            case .termination: [SIGINT, SIGTERM]
            case .control: [SIGUSR1, SIGHUP]
            }
        }

        /// Points the handler of this group's signals at `end`.
        fileprivate func handlerWrites(to end: Int32) {
            switch self {
            case .termination: terminationWriteEnd.store(end, ordering: .sequentiallyConsistent)
            case .control: controlWriteEnd.store(end, ordering: .sequentiallyConsistent)
            }
        }
    }

    private let group: Group
    private let writeEnd: Int32
    private let previous: [(Int32, sigaction)]

    /// Catches `group`'s signals until ``stop()``; `handle` runs on the reading thread.
    ///
    /// - Throws: ``CommandFailure`` when no pipe can be made (out of file descriptors).
    static func start(_ group: Group, _ handle: @escaping @Sendable (Int32) -> Void) throws -> SignalPipe {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw CommandFailure(
                message: "cannot catch \(group.signals.map(Self.name).joined(separator: " and ")): "
                    + String(cString: strerror(errno)),
                status: ExitStatus.unavailable)
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        group.handlerWrites(to: ends[1])
        var saved: [(Int32, sigaction)] = []
        for number in group.signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let end =
                    number == SIGINT || number == SIGTERM
                    ? terminationWriteEnd.load(ordering: .relaxed) : controlWriteEnd.load(ordering: .relaxed)
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(end, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            sigaction(number, &action, &old)
            saved.append((number, old))
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let signals = group.signals
        let reader = Thread {
            var caught = sigset_t()
            sigemptyset(&caught)
            for number in signals { sigaddset(&caught, number) }
            pthread_sigmask(SIG_UNBLOCK, &caught, nil)
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) == 1, byte != 0 {
                handle(Int32(byte))
            }
            close(readEnd)
            close(writeEnd)
        }
        reader.name = "incant.signals.\(group)"
        reader.start()
        return SignalPipe(group: group, writeEnd: writeEnd, previous: saved)
    }

    private init(group: Group, writeEnd: Int32, previous: [(Int32, sigaction)]) {
        self.group = group
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

    private static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGUSR1: "SIGUSR1"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}

/// Where the handler writes SIGINT and SIGTERM (a handler can capture nothing).
private let terminationWriteEnd = Atomic<Int32>(-1)
/// Where the handler writes SIGUSR1 and SIGHUP.
private let controlWriteEnd = Atomic<Int32>(-1)
