import Foundation
import Testing

@testable import IncantPhrases

@Suite("Definition files")
struct DefinitionLoaderTests {
    @Test func loadsTheIssueExampleExactly() throws {
        let yaml = """
            shortcuts:
              - id: order-pizza
                title: Order pizza
                description: Orders a pizza from the corner pizzeria
                parameters:
                  - name: kind
                    type: enum                     # enum | integer | number | boolean | text
                    values: [margherita, pepperoni, "four cheese"]   # or a map  spoken form: value
                  - name: count
                    type: integer
                    range: [1, 10]
                    default: 1
                phrases:                           # templates: (a|b) alternatives, [optional], {param}
                  - "order [me] [a] {kind} pizza"
                  - "order {count} {kind} pizzas"
                confirm: { run: ["./pizzeria", "check"], timeout: 5 }
                handle:  { run: ["./pizzeria", "order"], timeout: 10 }
                requires-confirmation: false       # true: ask "Order pizza?" yes/no before handle
                responses:
                  success: "Ordering {count} {kind}."
                  failurePizzeriaClosed: "The pizzeria is closed right now."
                  failurePizzaUnavailable: "Sorry, {kind} is sold out."
            """
        let result = DefinitionLoader.parse(yaml, file: "/srv/pizza/pizza.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let shortcut = try #require(result.shortcuts.first)
        #expect(shortcut.id == "order-pizza")
        #expect(shortcut.title == "Order pizza")
        #expect(shortcut.description == "Orders a pizza from the corner pizzeria")
        #expect(shortcut.parameters.map(\.name) == ["kind", "count"])
        #expect(
            shortcut.parameters[0].type
                == .enumeration([.init(spoken: "margherita"), .init(spoken: "pepperoni"), .init(spoken: "four cheese")])
        )
        #expect(shortcut.parameters[0].isRequired)
        #expect(shortcut.parameters[1].type == .integer(1...10))
        #expect(shortcut.parameters[1].defaultValue == .integer(1))
        #expect(!shortcut.parameters[1].isRequired)
        #expect(shortcut.phrases.map(\.text) == ["order [me] [a] {kind} pizza", "order {count} {kind} pizzas"])
        #expect(shortcut.phrases[0].location.line == 14)
        #expect(
            shortcut.confirm
                == .run(arguments: ["./pizzeria", "check"], timeout: .seconds(5), workingDirectory: "/srv/pizza"))
        #expect(
            shortcut.handle
                == .run(arguments: ["./pizzeria", "order"], timeout: .seconds(10), workingDirectory: "/srv/pizza"))
        #expect(!shortcut.requiresConfirmation)
        #expect(Set(shortcut.responses.keys) == ["success", "failurePizzeriaClosed", "failurePizzaUnavailable"])
        #expect(
            shortcut.responses["failurePizzaUnavailable"]?.dialog?.render(["kind": .text("pepperoni")])
                == "Sorry, pepperoni is sold out.")
    }

    @Test func mapValuesOpenHandlersAndResponseParameters() throws {
        let yaml = """
            shortcuts:
              - id: weather
                parameters:
                  - name: city
                    type: enum
                    values: { "new york": new-york, paris: paris }
                phrases: ["weather in {city}"]
                handle: { open: "https://wttr.in/{city}" }
                responses:
                  inProgress: { dialog: "Ready in {minutes}.", parameters: [minutes] }
            """
        let result = DefinitionLoader.parse(yaml, file: "w.yaml")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let shortcut = try #require(result.shortcuts.first)
        #expect(
            shortcut.parameters[0].type
                == .enumeration([.init(spoken: "new york", value: "new-york"), .init(spoken: "paris")]))
        #expect(shortcut.handle == .open(target: "https://wttr.in/{city}"))
        #expect(shortcut.responses["inProgress"]?.parameters == ["minutes"])
    }

    @Test func reportsEveryProblemWithFileAndLine() {
        let yaml = """
            shortcuts:
              - id: order-pizza
                parameters:
                  - name: kind
                    type: enum
                    values: [margherita]
                  - name: size
                    type: colour
                phrases:
                  - "order {kind} pizza with {topping}"
                  - "order (a pizza"
                handle: { run: ["./p", "{crust}"], timeout: -1 }
                responses:
                  failureClosed: "Closed until {hour}."
                phrase: ["typo key"]
              - id: "../etc"
                phrases: ["x"]
            """
        let result = DefinitionLoader.parse(yaml, file: "bad.yaml")
        let errors = result.diagnostics.filter { $0.severity == .error }.map(\.description)
        func has(_ line: Int, _ text: String) -> Bool {
            errors.contains { $0.hasPrefix("bad.yaml:\(line):") && $0.contains(text) }
        }
        #expect(has(8, "unknown parameter type 'colour'"), "\(errors)")
        #expect(has(10, "unknown parameter {topping}"), "\(errors)")
        #expect(has(11, "missing ')'"), "\(errors)")
        #expect(has(12, "'timeout' must be between"), "\(errors)")
        #expect(has(14, "unknown parameter {hour}"), "\(errors)")
        #expect(has(15, "unknown key 'phrase'") && has(15, "did you mean 'phrases'"), "\(errors)")
        #expect(has(16, "invalid shortcut id '../etc'"), "\(errors)")
        #expect(result.shortcuts.isEmpty)
    }

    /// A shortcut whose `requires-confirmation` (line 4) is `value`, written as is.
    static func confirmation(_ value: String) -> String {
        """
        shortcuts:
          - id: lights-off
            phrases: ["lights off"]
            requires-confirmation: \(value)
            handle: { run: ["true"] }
        """
    }

    @Test(arguments: [
        ("true", true), ("True", true), ("YES", true), ("on", true), ("false", false), ("No", false),
        ("OFF", false),
    ])
    func plainBooleansAreRead(word: String, value: Bool) throws {
        let result = DefinitionLoader.parse(Self.confirmation(word), file: "b.yaml")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        #expect(try #require(result.shortcuts.first).requiresConfirmation == value)
    }

    @Test(arguments: ["\"true\"", "'yes'", "1", "maybe", "[true]"])
    func otherValuesAreNotBooleans(text: String) {
        let errors = DefinitionLoader.parse(Self.confirmation(text), file: "b.yaml").diagnostics.map(\.description)
        #expect(errors.contains { $0.hasPrefix("b.yaml:4:") && $0.contains("must be true or false") }, "\(errors)")
    }

    @Test func malformedYAMLNamesTheLine() {
        let result = DefinitionLoader.parse(
            "shortcuts:\n  - id: a\n    phrases: [\"x\"\n  - id: b\n", file: "broken.yaml")
        let error = result.diagnostics.first
        #expect(error?.severity == .error)
        #expect(error?.description.hasPrefix("broken.yaml:") == true)
        #expect(error?.message.contains("malformed YAML") == true)
        #expect((error?.location.line ?? 0) >= 3)
    }

    @Test func duplicateIdsAcrossFilesAreErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("incant-defs-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let body = "shortcuts:\n  - id: same\n    phrases: [\"hello there\"]\n    responses: { success: Hi. }\n"
        try body.write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try body.write(to: folder.appendingPathComponent("b.yml"), atomically: true, encoding: .utf8)
        try "not: [yaml".write(to: folder.appendingPathComponent("ignored.txt"), atomically: true, encoding: .utf8)
        let result = DefinitionLoader.check(path: folder.path)
        #expect(result.shortcuts.count == 1)
        #expect(
            result.diagnostics.contains {
                $0.message.contains("duplicate shortcut id 'same'") && $0.location.file.hasSuffix("b.yml")
            })
        #expect(throws: DefinitionError.self) { try DefinitionLoader.load(path: folder.path) }
        #expect(throws: DefinitionError.self) { try DefinitionLoader.load(path: folder.path + "/missing") }
    }

    @Test func shippedExamplesLoadCleanly() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let result = DefinitionLoader.check(path: root.appendingPathComponent("phrases/demo").path)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.shortcuts.contains { $0.id == "order-pizza" })
        let catalog = PhraseCatalog(shortcuts: result.shortcuts)
        let conflicts = ConflictChecker.checkAll(catalog).filter { $0.severity == .error }
        #expect(conflicts.isEmpty, "\(conflicts)")
    }

    @Test func conflictingDefinitionsAreFound() throws {
        let yaml = """
            shortcuts:
              - id: a
                phrases: ["lights off"]
                responses: { success: A. }
              - id: b
                phrases: ["[turn] lights off"]
                responses: { success: B. }
            """
        let result = DefinitionLoader.parse(yaml, file: "c.yaml")
        let diagnostics = ConflictChecker.checkAll(PhraseCatalog(shortcuts: result.shortcuts))
        #expect(diagnostics.contains { $0.severity == .error && $0.message.contains("'b'") && $0.location.line == 3 })
    }
}
