import Foundation

/// Lines of standard input (a terminal or a pipe), read on a thread of their own once the first
/// question is asked, so that a question can wait for its answer with a time limit and a signal
/// can end the wait.
actor AnswerLines {
    /// What waiting for a line gave.
    enum Next: Sendable, Equatable {
        case line(String)
        /// Standard input ended, or the waiting task was cancelled.
        case ended
        /// No line arrived within the time limit.
        case timedOut
    }

    /// The process's standard input.
    static let standardInput = AnswerLines()

    private var started = false
    private var lines: [String] = []
    private var ended = false
    private var waiter: CheckedContinuation<Void, Never>?

    /// The next line (without its newline, trimmed), waiting at most `timeout`.
    func next(timeout: Duration) async -> Next {
        startReading()
        let deadline = ContinuousClock.now + timeout
        let timer = Task {
            try? await Task.sleep(until: deadline)
            self.wake()
        }
        defer { timer.cancel() }
        while true {
            if !lines.isEmpty { return .line(lines.removeFirst()) }
            if ended || Task.isCancelled { return .ended }
            if ContinuousClock.now >= deadline { return .timedOut }
            await withTaskCancellationHandler {
                await withCheckedContinuation { waiter = $0 }
            } onCancel: {
                Task { await self.wake() }
            }
        }
    }

    private func wake() {
        waiter?.resume()
        waiter = nil
    }

    private func push(_ line: String) {
        lines.append(line)
        wake()
    }

    private func finish() {
        ended = true
        wake()
    }

    /// Starts the reading thread (once): lines are handed over in order, then the end.
    private func startReading() {
        guard !started else { return }
        started = true
        let thread = Thread {
            while let line = readLine(strippingNewline: true) {
                let pushed = DispatchSemaphore(value: 0)
                Task {
                    await self.push(line.trimmingCharacters(in: .whitespaces))
                    pushed.signal()
                }
                pushed.wait()
            }
            Task { await self.finish() }
        }
        thread.name = "incant.answers"
        thread.start()
    }
}
