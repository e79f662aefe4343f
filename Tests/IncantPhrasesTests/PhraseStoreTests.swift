import Foundation
import Synchronization
import Testing

@testable import IncantPhrases

@Suite("Phrase store")
struct PhraseStoreTests {
    func temporaryStore() -> PhraseStore {
        PhraseStore(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("incant-store-\(UUID())").path)
    }

    @Test func addListEditRemoveRoundTrip() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store.directory) }
        let editor = PhraseEditor(store: store, shortcuts: try Fixtures.shortcuts())
        let added = try editor.add(
            shortcut: "order-pizza", phrase: "order my usual", settings: ["kind": "four cheese", "count": "two"])
        #expect(added.phrase.parameters == ["kind": .text("four cheese"), "count": .integer(2)])
        let stored = try store.all()
        #expect(stored.count == 1)
        #expect(stored[0].phrase == "order my usual")
        #expect(stored[0].parameters == added.phrase.parameters)
        let text = try String(contentsOfFile: store.directory + "/order-pizza.yaml", encoding: .utf8)
        #expect(text.contains("phrase: order my usual"))

        try editor.edit("order my usual", phrase: "order the usual", settings: nil)
        #expect(try store.all().map(\.phrase) == ["order the usual"])
        #expect(try store.all()[0].parameters["count"] == .integer(2))
        try editor.remove(added.phrase.id)
        #expect(try store.all().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: store.directory + "/order-pizza.yaml"))
        #expect(throws: PhraseStoreError.notFound("nothing")) { try editor.remove("nothing") }
    }

    @Test func refusesPhraseOwnedByAnotherShortcutNamingIt() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store.directory) }
        let editor = PhraseEditor(store: store, shortcuts: try Fixtures.shortcuts())
        #expect {
            try editor.add(shortcut: "set-timer", phrase: "order a pepperoni pizza")
        } throws: { error in
            "\(error)".contains("conflicts with shortcut 'order-pizza'")
        }
        // A user phrase is protected the same way.
        try editor.add(shortcut: "set-timer", phrase: "tea time", settings: ["minutes": "4"])
        #expect {
            try editor.add(shortcut: "kitchen-fan-on", phrase: "Tea time!")
        } throws: { error in
            "\(error)".contains("'set-timer'")
        }
        // A catch-all template is refused because it swallows existing phrases.
        #expect {
            try editor.add(shortcut: "remind", phrase: "turn on the {task}")
        } throws: { error in
            "\(error)".contains("kitchen-")
        }
        #expect(try store.all().count == 1)
    }

    @Test func nearMissIsAcceptedWithWarning() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store.directory) }
        let editor = PhraseEditor(store: store, shortcuts: try Fixtures.shortcuts())
        let change = try editor.add(shortcut: "kitchen-fan-on", phrase: "turn on the kitchen heater")
        #expect(change.warnings.contains { $0.contains("kitchen-lights-on") && $0.contains("a word") })
        #expect(try store.all().count == 1)
    }

    @Test func refusesUnknownParametersAndBadValues() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store.directory) }
        let editor = PhraseEditor(store: store, shortcuts: try Fixtures.shortcuts())
        #expect { try editor.add(shortcut: "order-pizza", phrase: "pizza {crust} please now") } throws: {
            "\($0)".contains("{crust}")
        }
        #expect {
            try editor.add(shortcut: "order-pizza", phrase: "pizza time", settings: ["kind": "hawaiian"])
        } throws: {
            "\($0)".contains("hawaiian") && "\($0)".contains("margherita")
        }
        #expect {
            try editor.add(shortcut: "order-pizza", phrase: "pizza time", settings: ["count": "eleven"])
        } throws: {
            "\($0)".contains("from 1 to 10")
        }
        #expect { try editor.add(shortcut: "nope", phrase: "anything at all") } throws: {
            "\($0)".contains("unknown shortcut 'nope'")
        }
        #expect(try store.all().isEmpty)
    }

    @Test func malformedFileIsReportedAndLeftIntact() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store.directory) }
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let broken = "phrases:\n  - id: x\n    phrase: [unclosed\n"
        try broken.write(toFile: store.directory + "/order-pizza.yaml", atomically: true, encoding: .utf8)
        let editor = PhraseEditor(store: store, shortcuts: try Fixtures.shortcuts())
        #expect { try editor.add(shortcut: "set-timer", phrase: "egg timer", settings: ["minutes": "6"]) } throws: {
            "\($0)".contains("order-pizza.yaml:")
        }
        #expect(try String(contentsOfFile: store.directory + "/order-pizza.yaml", encoding: .utf8) == broken)
    }

    @Test func concurrentWritersLoseNothing() async throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store.directory) }
        // Each writer is an independent store value on its own (Dispatch, not Swift concurrency)
        // thread, blocking on flock with its own lock descriptor, as separate processes would.
        let failures = Mutex<[String]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                DispatchQueue.concurrentPerform(iterations: 4) { writer in
                    let mine = PhraseStore(directory: store.directory)
                    for index in 0..<50 {
                        do {
                            try mine.update { phrases in
                                phrases.append(UserPhrase(shortcut: "set-timer", phrase: "timer \(writer) \(index)"))
                            }
                        } catch {
                            failures.withLock { $0.append("\(error)") }
                        }
                    }
                }
                done.resume()
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let phrases = try store.all()
        #expect(phrases.count == 200)
        #expect(Set(phrases.map(\.phrase)).count == 200)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.directory)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }
}
