import Foundation
import IncantDispatch
import IncantPhrases
import Logging
import Synchronization
import Testing

/// What a dispatch does when one part misbehaves: a response parameter the handler did not
/// send, values sent by confirm, a history that cannot be written.
@Suite("Dispatch fault tolerance")
final class DispatchFaultToleranceTests {
    let directory: ScratchDirectory

    init() throws {
        directory = try ScratchDirectory()
        try directory.script(
            "handle.sh", #"printf '%s %s %s' "$INCANT_KIND" "$INCANT_COUNT" "$INCANT_PRICE" > handled.txt"#)
    }

    deinit {
        directory.remove()
    }

    @Test("a declared response parameter the handler did not send is never spoken as {name}")
    func missingResponseParameter() async throws {
        try directory.script("closed.sh", #"echo '{"code": "failurePizzeriaClosed"}'"#)
        let shortcut = pizzaShortcut(in: directory, confirm: ["./closed.sh"])
        let outcome = await makeDispatcher().dispatch(shortcut, parameters: margheritaTimesTwo, query: "q")
        #expect(outcome.code == .custom("failurePizzeriaClosed"))
        let dialog = try #require(outcome.dialog)
        #expect(!dialog.contains("{"), "\(dialog)")
        #expect(dialog == "Sorry, that didn't work.")
        // With the value, the declared dialog is spoken.
        try directory.script("closed.sh", #"echo '{"code": "failurePizzeriaClosed", "parameters": {"opens": "5 pm"}}'"#)
        let told = await makeDispatcher().dispatch(shortcut, parameters: margheritaTimesTwo, query: "q")
        #expect(told.dialog == "The pizzeria is closed until 5 pm.")
    }

    @Test("parameters sent by confirm with ready reach handle and its dialog, never replacing the user's")
    func confirmParametersReachHandle() async throws {
        try directory.script(
            "confirm.sh", #"echo '{"code": "ready", "parameters": {"price": "12 euros", "kind": "pepperoni"}}'"#)
        var shortcut = pizzaShortcut(in: directory, confirm: ["./confirm.sh"])
        shortcut.responses["success"] = ResponseDeclaration(code: "success", dialog: "Ordering {kind} for {price}.")
        let outcome = await makeDispatcher().dispatch(shortcut, parameters: margheritaTimesTwo, query: "q")
        #expect(outcome.code == .success, "\(outcome.reason ?? "")")
        let handled = directory.contents(of: "handled.txt").map { String(decoding: $0, as: UTF8.self) }
        #expect(handled == "margherita 2 12 euros")
        #expect(outcome.dialog == "Ordering margherita for 12 euros.")
        #expect(outcome.parameters["price"] == .text("12 euros"))
    }

    @Test("a history that cannot be written is told once, and dispatching goes on without it")
    func brokenHistoryIsSetAside() async throws {
        let path = directory.path + "/history.sqlite"
        let history = try HistoryStore(path: path)
        let warnings = CollectedWarnings()
        let logger = Logger(label: "test") { _ in CollectingLogHandler(collected: warnings) }
        let dispatcher = Dispatcher(history: history, logger: logger)
        let shortcut = pizzaShortcut(in: directory)
        _ = await dispatcher.dispatch(shortcut, parameters: margheritaTimesTwo, query: "q")
        #expect(try await history.count() == 1)
        // The file is replaced by garbage while Incant runs.
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        for _ in 0..<3 {
            let outcome = await dispatcher.dispatch(shortcut, parameters: margheritaTimesTwo, query: "q")
            #expect(outcome.code == .success)
        }
        #expect(history.isSetAside)
        let told = warnings.messages.withLock { $0 }
        #expect(told.count == 1, "\(told)")
        #expect(told.first?.contains("mv '\(path)'") == true, "\(told)")
    }
}

/// The warnings a ``CollectingLogHandler`` saw.
final class CollectedWarnings: Sendable {
    let messages = Mutex<[String]>([])
}

/// Keeps the warnings logged, for tests.
struct CollectingLogHandler: LogHandler {
    let collected: CollectedWarnings
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .warning

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(
        level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String,
        function: String, line: UInt
    ) {
        guard level >= .warning else { return }
        collected.messages.withLock { $0.append(message.description) }
    }
}
