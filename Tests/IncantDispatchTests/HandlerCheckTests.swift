import Foundation
import IncantDispatch
import IncantPhrases
import Testing

@Suite("Handler check")
struct HandlerCheckTests {
    @Test func missingAndNonExecutableProgramsAreNamed() throws {
        let scratch = try ScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch.path) }
        try scratch.script("good", "exit 0")
        try scratch.script("plain", "exit 0", executable: false)
        let yaml = """
            shortcuts:
              - id: fine
                phrases: ["fine now"]
                confirm: { run: ["./good"] }
                handle: { run: ["./good", "on"] }
              - id: broken
                phrases: ["broken now"]
                confirm: { run: ["./missing"] }
                handle: { run: ["./plain"] }
              - id: nowhere
                phrases: ["nowhere now"]
                handle: { run: ["incant-no-such-program"] }
              - id: computed
                parameters: [{ name: program, type: enum, values: [a, b] }]
                phrases: ["computed {program}"]
                handle: { run: ["{program}"] }
            """
        let result = DefinitionLoader.parse(yaml, file: scratch.path + "/h.yaml")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let shortcuts = Dictionary(uniqueKeysWithValues: result.shortcuts.map { ($0.id, $0) })
        #expect(HandlerCheck.diagnostics(of: try #require(shortcuts["fine"]), homeDirectory: NSHomeDirectory()).isEmpty)
        #expect(
            HandlerCheck.diagnostics(of: try #require(shortcuts["computed"]), homeDirectory: NSHomeDirectory()).isEmpty)
        let broken = HandlerCheck.diagnostics(of: try #require(shortcuts["broken"]), homeDirectory: NSHomeDirectory())
        #expect(broken.count == 2, "\(broken)")
        #expect(broken.allSatisfy { $0.severity == .error && $0.location.line == 6 })
        #expect(broken.first?.message.contains("confirm") == true)
        #expect(broken.first?.message.contains("/missing' does not exist") == true)
        #expect(broken.last?.message.contains("/plain' is not executable") == true)
        let nowhere = HandlerCheck.diagnostics(
            of: try #require(shortcuts["nowhere"]), homeDirectory: NSHomeDirectory(), searchPath: "/usr/bin:/bin")
        #expect(nowhere.first?.message.contains("'incant-no-such-program' not found in PATH") == true)
    }
}
