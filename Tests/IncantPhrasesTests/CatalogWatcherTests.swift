import Foundation
import Testing

@testable import IncantPhrases

@Suite("Catalog watcher")
struct CatalogWatcherTests {
    func check(_ watcher: inout CatalogWatcher) -> Bool {
        watcher.changed()
    }

    @Test func noticesEditedAddedAndRemovedFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("incant-watch-\(UUID())")
        let definitions = root.appendingPathComponent("shortcuts")
        let phrases = root.appendingPathComponent("phrases")
        try FileManager.default.createDirectory(at: definitions, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = definitions.appendingPathComponent("a.yaml")
        try "shortcuts: []\n".write(to: file, atomically: true, encoding: .utf8)
        var watcher = CatalogWatcher(definitionsPath: definitions.path, phrasesDirectory: phrases.path)
        #expect(!check(&watcher))

        try "shortcuts: []\n# edited\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(check(&watcher))
        #expect(!check(&watcher))

        let store = PhraseStore(directory: phrases.path)
        try store.update { $0.append(UserPhrase(shortcut: "set-timer", phrase: "tea time")) }
        #expect(check(&watcher))

        try FileManager.default.removeItem(at: file)
        #expect(check(&watcher))
        #expect(!check(&watcher))
    }
}
