import Foundation
import IncantDispatch
import IncantPhrases
import Testing

@Suite("History")
struct HistoryStoreTests {
    private func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    @Test("the store creates private directories and a private database file")
    func permissions() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.path + "/data/incant/history.sqlite"
        let store = try HistoryStore(path: path)
        #expect(store.path == path)
        #expect(try mode(of: directory.path + "/data") == 0o700)
        #expect(try mode(of: directory.path + "/data/incant") == 0o700)
        #expect(try mode(of: path) == 0o600)
        #expect(try await store.count() == 0)
    }

    @Test("dispatches are recorded and read back, newest first")
    func roundTrip() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.path + "/history.sqlite"
        let store = try HistoryStore(path: path)
        try directory.script("sold-out.sh", #"echo '{"code": "failurePizzaUnavailable"}'"#)
        let dispatcher = Dispatcher(history: store)

        let first = await dispatcher.dispatch(
            pizzaShortcut(in: directory, handle: ["./sold-out.sh"]), parameters: margheritaTimesTwo,
            query: "two margherita")
        let second = await dispatcher.dispatch(
            ShortcutDefinition(id: "hello", title: "Hello"), query: "hello")

        // Reopen the file to be sure it was written, not just cached.
        let reopened = try HistoryStore(path: path)
        let entries = try await reopened.recent(limit: 10)
        #expect(entries.map(\.shortcut) == ["hello", "order-pizza"])
        let pizza = try #require(entries.last)
        #expect(pizza.id != nil)
        #expect(pizza.query == "two margherita")
        #expect(pizza.parameters == first.parameters)
        #expect(pizza.confirmCode == .ready)
        #expect(pizza.handleCode == .custom("failurePizzaUnavailable"))
        #expect(pizza.code == .custom("failurePizzaUnavailable"))
        #expect(pizza.status == .completed)
        #expect(pizza.handleMilliseconds == HistoryEntry(first).handleMilliseconds)
        #expect(pizza.confirmMilliseconds == 0)
        #expect(pizza.totalMilliseconds == HistoryEntry(first).totalMilliseconds)
        #expect(abs(pizza.date.timeIntervalSince(first.startedAt)) < 0.002)
        #expect(entries.first?.code == second.code)
        #expect(try await reopened.recent(limit: 1).map(\.shortcut) == ["hello"])

        var entry = HistoryEntry(second)
        entry.reason = "not confirmed"
        entry.status = .notConfirmed
        entry.code = .failure
        let saved = try await reopened.record(entry)
        #expect(saved.id != nil)
        let usage = try await reopened.usage()
        #expect(usage.map(\.shortcut) == ["hello", "order-pizza"])
        #expect(usage.first?.count == 2)
        #expect(usage.first?.successCount == 1)
        #expect(usage.last?.successCount == 0)
        #expect(try await reopened.usage(since: Date().addingTimeInterval(60)).isEmpty)

        #expect(try await reopened.removeEntries() == 3)
        #expect(try await reopened.count() == 0)
    }
}
