import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGUSR1 (a push-to-talk trigger) and SIGHUP (reload the configuration) while listening,
/// caught by a handler that writes their number to a pipe and handed to a callback on a
/// thread of its own (see ``SignalCancellation`` for why not a dispatch source).
final class ControlSignals: @unchecked Sendable {
    private let writeEnd: Int32
    private let previous: [(Int32, sigaction)]

    /// Catches the signals until ``stop()``; `handle` runs on the reading thread.
    static func start(_ handle: @escaping @Sendable (Int32) -> Void) -> ControlSignals {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        controlSignalWriteEnd.store(ends[1], ordering: .sequentiallyConsistent)
        var saved: [(Int32, sigaction)] = []
        for number in [SIGUSR1, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(controlSignalWriteEnd.load(ordering: .relaxed), &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            sigaction(number, &action, &old)
            saved.append((number, old))
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let reader = Thread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) == 1, byte != 0 {
                handle(Int32(byte))
            }
            close(readEnd)
            close(writeEnd)
        }
        reader.name = "incant.control-signals"
        reader.start()
        return ControlSignals(writeEnd: writeEnd, previous: saved)
    }

    private init(writeEnd: Int32, previous: [(Int32, sigaction)]) {
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

/// Where the signal handler writes (a handler can capture nothing).
private let controlSignalWriteEnd = Atomic<Int32>(-1)
