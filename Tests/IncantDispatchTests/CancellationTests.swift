import Foundation
import IncantDispatch
import IncantPhrases
import Testing

/// Cancelling the task that dispatches (what SIGINT/SIGTERM do in the CLI) kills a running
/// handler's process group, skips the stages not started, and still records the dispatch.
@Suite("Cancelled dispatches", .timeLimit(.minutes(10)))
struct CancellationTests {
    @Test("cancelling during handle kills the handler and its child and records `interrupted`")
    func cancelDuringHandle() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.script("slow.sh", "sleep 300 &\necho $! > child.pid\necho $$ > handler.pid\nsleep 300")
        let shortcut = ShortcutDefinition(
            id: "slow", title: "Slow",
            handle: .run(arguments: ["./slow.sh"], timeout: .seconds(600), workingDirectory: directory.path))
        let history = try HistoryStore()
        let dispatcher = Dispatcher(history: history)
        let task = Task { await dispatcher.dispatch(shortcut, query: "be slow") }
        let deadline = ContinuousClock.now + .seconds(240)
        while !directory.exists("child.pid") || !directory.exists("handler.pid"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        task.cancel()
        let outcome = await task.value
        #expect(outcome.status == .interrupted)
        #expect(outcome.code == .failure)
        #expect(outcome.reason == "interrupted")
        #expect(outcome.confirm?.code == .ready)
        #expect(outcome.handle?.response == .failure(reason: "interrupted"))

        for name in ["handler.pid", "child.pid"] {
            let text = String(decoding: try #require(directory.contents(of: name)), as: UTF8.self)
            let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(await waitForDeath(of: pid), "\(name) (pid \(pid)) survived")
            if processIsAlive(pid) { kill(pid, SIGKILL) }
        }
        let recorded = try await history.recent()
        #expect(recorded.count == 1)
        #expect(recorded.first?.status == .interrupted)
        #expect(recorded.first?.reason == "interrupted")
    }

    @Test("a dispatch cancelled before it starts runs no stage and is still recorded")
    func cancelledBeforeStart() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.script("mark.sh", "touch ran")
        let shortcut = ShortcutDefinition(
            id: "mark", title: "Mark",
            confirm: .run(arguments: ["./mark.sh"], timeout: .seconds(10), workingDirectory: directory.path),
            handle: .run(arguments: ["./mark.sh"], timeout: .seconds(10), workingDirectory: directory.path))
        let history = try HistoryStore()
        let dispatcher = Dispatcher(history: history)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await dispatcher.dispatch(shortcut, query: "mark")
        }
        let cancelled = await task.value
        #expect(cancelled.status == .interrupted)
        #expect(cancelled.confirm == nil && cancelled.handle == nil)
        #expect(!directory.exists("ran"))
        let recorded = try await history.recent()
        #expect(recorded.count == 1)
        #expect(recorded.first?.status == .interrupted)
    }
}
