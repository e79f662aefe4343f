import Foundation
import Testing

@testable import IncantPhrases

@Suite("Conflict checker")
struct ConflictCheckerTests {
    static let confusable = """
        shortcuts:
          - id: kitchen-on
            phrases: ["kitchen on"]
            responses: { success: On. }
          - id: kitchen-off
            phrases: ["kitchen off"]
            responses: { success: Off. }
          - id: good-night
            phrases: ["good night"]
            responses: { success: Night. }
          - id: good-nights
            phrases: ["good nights"]
            responses: { success: Nights. }
          - id: bedtime-light
            phrases: ["bedtime light"]
            responses: { success: Light. }
          - id: bedtime-lights
            phrases: ["bedtime lights"]
            responses: { success: Lights. }
          - id: yes
            phrases: ["yes"]
            responses: { success: Yes. }
          - id: no
            phrases: ["no"]
            responses: { success: No. }
          - id: coffee
            phrases: ["coffee time"]
            responses: { success: Coffee. }
          - id: music
            phrases: ["music loud"]
            responses: { success: Music. }
        """

    static func catalog(_ yaml: String) -> PhraseCatalog {
        let result = DefinitionLoader.parse(yaml, file: "c.yaml")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return PhraseCatalog(shortcuts: result.shortcuts)
    }

    /// The unordered pairs of lines a diagnostic names: its own, and the line of the phrase
    /// its message names (`c.yaml:N`).
    static func pairs(_ diagnostics: [Diagnostic]) -> Set<Set<Int>> {
        Set(
            diagnostics.map { diagnostic in
                let other = diagnostic.message.split(separator: "c.yaml:").dropFirst().compactMap {
                    Int($0.prefix { $0.isNumber })
                }
                return Set([diagnostic.location.line ?? 0] + other)
            })
    }

    @Test func twoWordPhrasesOneWordApartAreWarnedOnce() {
        let diagnostics = ConflictChecker.checkAll(Self.catalog(Self.confusable))
        #expect(diagnostics.allSatisfy { $0.severity == .warning }, "\(diagnostics)")
        // kitchen on/off (lines 3, 6), good night/nights (9, 12), bedtime light/lights (15, 18):
        // each pair once; yes/no and phrases sharing no word are not near misses.
        #expect(Self.pairs(diagnostics) == [[3, 6], [9, 12], [15, 18]], "\(diagnostics)")
        #expect(diagnostics.count == 3, "\(diagnostics)")
        #expect(diagnostics.contains { $0.message.contains("\"kitchen on\" is only a word away from \"kitchen off\"") })
    }

    @Test func addingAConfusablePhraseWarns() throws {
        let store = PhraseStore(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("incant-store-\(UUID())").path)
        defer { try? FileManager.default.removeItem(atPath: store.directory) }
        let result = DefinitionLoader.parse(Self.confusable, file: "c.yaml")
        let editor = PhraseEditor(store: store, shortcuts: result.shortcuts)
        let change = try editor.add(shortcut: "coffee", phrase: "kitchen of")
        #expect(change.warnings.contains { $0.contains("kitchen on") }, "\(change.warnings)")
        #expect(change.warnings.contains { $0.contains("kitchen off") }, "\(change.warnings)")
        let unrelated = try editor.add(shortcut: "coffee", phrase: "espresso please now")
        #expect(unrelated.warnings.isEmpty, "\(unrelated.warnings)")
    }

    @Test func conflictsOutrankNearMissesAndAreReportedOncePerPair() {
        let yaml = """
            shortcuts:
              - id: a
                phrases: ["lights off"]
                responses: { success: A. }
              - id: b
                phrases: ["[turn] lights off"]
                responses: { success: B. }
              - id: c
                phrases: ["lights off"]
                responses: { success: C. }
            """
        let diagnostics = ConflictChecker.checkAll(Self.catalog(yaml))
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(Self.pairs(errors) == [[3, 6], [3, 9], [6, 9]], "\(diagnostics)")
        #expect(errors.count == 3, "\(diagnostics)")
        #expect(diagnostics.count == 3, "\(diagnostics)")
    }

    @Test func indexedCheckFindsWhatThePairwiseCheckFinds() {
        // Generated phrases over a small vocabulary, so that many share words: some are
        // duplicates across shortcuts, some a word apart, with slots and numbers.
        let verbs = ["turn on", "turn off", "open", "close"]
        let things = ["lamp", "fan", "door", "blinds", "lights"]
        let rooms = ["kitchen", "hall", "attic"]
        var yaml = "shortcuts:\n"
        var index = 0
        for verb in verbs {
            for room in rooms {
                yaml += """
                      - id: s\(index)
                        parameters:
                          - { name: level, type: integer, range: [1, 10] }
                          - { name: thing, type: enum, values: [\(things.joined(separator: ", "))] }
                        phrases:
                          - "\(verb) the \(room) {thing}"
                          - "\(verb) \(room) \(things[index % things.count]) [to {level}]"
                          - "\(verbs[(index + 1) % verbs.count]) the \(room) \(things[(index + 2) % things.count])"
                        responses: { success: Done. }

                    """
                index += 1
            }
        }
        let catalog = Self.catalog(yaml)
        let indexed = ConflictChecker.checkAll(catalog)
        let pairwise = ConflictChecker.checkAllPairwise(catalog)
        #expect(indexed.contains { $0.severity == .error })
        #expect(indexed.contains { $0.severity == .warning })
        // The index never misses a pair that aligning every phrase with every other finds.
        #expect(Set(indexed) == Set(pairwise))
    }
}
