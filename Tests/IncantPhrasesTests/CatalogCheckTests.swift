import Foundation
import Testing

@testable import IncantPhrases

@Suite("Catalog checks")
struct CatalogCheckTests {
    static let yaml = """
        shortcuts:
          - id: maybe
            phrases: ["[maybe] [please]", "maybe now"]
            responses: { success: Maybe. }
          - id: silent
            phrases: []
            responses: { success: Nothing. }
          - id: lights
            phrases: ["lights on"]
            responses: { success: On. }
        """

    static func catalog() -> PhraseCatalog {
        PhraseCatalog(shortcuts: DefinitionLoader.parse(yaml, file: "e.yaml").shortcuts)
    }

    @Test func anEmptyQueryRunsNothing() {
        let matcher = PhraseMatcher(catalog: Self.catalog())
        for query in ["", "   ", "please", "um uh"] {
            let result = matcher.match(query)
            #expect(result.decision == .rejected, "\"\(query)\": \(result.reason)")
            #expect(result.candidates.isEmpty)
        }
        #expect(matcher.match(transcripts: ["", "please"]).decision == .rejected)
        #expect(matcher.match("maybe now").accepted?.shortcutID == "maybe")
    }

    @Test func phrasesMatchingAnEmptyQueryAreErrors() {
        let diagnostics = CatalogCheck.emptyQueryMatches(Self.catalog())
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.location.line == 3)
        #expect(diagnostics.first?.message.contains("[maybe] [please]") == true)
    }

    @Test func shortcutsNothingCanTriggerAreWarned() throws {
        let catalog = Self.catalog()
        let diagnostics = CatalogCheck.shortcutsWithoutPhrases(catalog)
        #expect(diagnostics.map(\.message.description).count == 1)
        #expect(diagnostics.first?.message.contains("'silent'") == true)
        #expect(diagnostics.first?.severity == .warning)
        // A phrase of the user's is a way to trigger it.
        let withUserPhrase = PhraseCatalog(
            shortcuts: catalog.shortcuts, userPhrases: [UserPhrase(shortcut: "silent", phrase: "hush now")])
        #expect(CatalogCheck.shortcutsWithoutPhrases(withUserPhrase).isEmpty)
    }
}

@Suite("Removing a recorded phrase")
struct PhraseTakesTests {
    @Test func removingAPhraseRemovesItsTakes() throws {
        let store = PhraseStore(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("incant-store-\(UUID())").path)
        defer { try? FileManager.default.removeItem(atPath: store.directory) }
        let editor = PhraseEditor(store: store, shortcuts: try Fixtures.shortcuts())
        let change = try editor.addRecorded(shortcut: "set-timer", phrase: "egg timer for {minutes} minutes") { id in
            try FileManager.default.createDirectory(atPath: store.takesDirectory, withIntermediateDirectories: true)
            return try (1...2).map { index in
                let name = "takes/\(id)-\(index).wav"
                try Data("RIFF".utf8).write(to: URL(fileURLWithPath: store.directory + "/" + name))
                return name
            }
        }
        let other = try editor.add(shortcut: "set-timer", phrase: "tea timer for {minutes} minutes")
        #expect(change.phrase.takes.count == 2)
        let paths = try change.phrase.takes.map { try store.takePath($0) }
        #expect(paths.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        let removed = try editor.remove(change.phrase.id)
        #expect(removed.id == change.phrase.id)
        #expect(paths.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        #expect(try store.all().map(\.id) == [other.phrase.id])
    }
}
