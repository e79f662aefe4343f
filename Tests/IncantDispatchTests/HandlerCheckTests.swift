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

    @Test func unreadableTokenFilesAreAWarning() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try "t".write(toFile: scratch.path + "/present.token", atomically: true, encoding: .utf8)
        let yaml = """
            shortcuts:
              - id: present
                phrases: ["present"]
                handle: { http: { url: "http://127.0.0.1:9/x", token_file: present.token } }
              - id: absent
                phrases: ["absent"]
                handle: { http: { url: "http://127.0.0.1:9/x", token_file: absent.token } }
            """
        let result = DefinitionLoader.parse(yaml, file: scratch.path + "/t.yaml")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let shortcuts = Dictionary(uniqueKeysWithValues: result.shortcuts.map { ($0.id, $0) })
        #expect(
            HandlerCheck.diagnostics(of: try #require(shortcuts["present"]), homeDirectory: NSHomeDirectory()).isEmpty)
        let absent = HandlerCheck.diagnostics(of: try #require(shortcuts["absent"]), homeDirectory: NSHomeDirectory())
        #expect(absent.count == 1)
        #expect(absent.first?.severity == .warning)
        #expect(
            absent.first?.message
                == "'absent' handle: token file \(scratch.path)/absent.token does not exist or cannot be read")
    }
}
