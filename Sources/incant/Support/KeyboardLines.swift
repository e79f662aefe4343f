import Foundation
import IncantCapture

#if canImport(Glibc)
    import Glibc
#endif

/// Lines typed at the terminal, read on a thread of their own so that waiting for them can be
/// raced against speech. Only started when standard input is a terminal.
enum KeyboardLines {
    /// Starts reading; an empty line calls `onEmptyLine` instead of being an answer, when given
    /// (Enter is the push-to-talk trigger).
    static func start(onEmptyLine: (@Sendable () -> Void)? = nil) -> HandOffQueue<String>? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        let queue = HandOffQueue<String>()
        let thread = Thread {
            while let line = readLine(strippingNewline: true) {
                if let onEmptyLine, line.trimmingCharacters(in: .whitespaces).isEmpty {
                    onEmptyLine()
                    continue
                }
                let pushed = DispatchSemaphore(value: 0)
                Task {
                    await queue.push(line.trimmingCharacters(in: .whitespaces))
                    pushed.signal()
                }
                pushed.wait()
            }
            Task { await queue.finish() }
        }
        thread.name = "incant.keyboard"
        thread.start()
        return queue
    }
}
