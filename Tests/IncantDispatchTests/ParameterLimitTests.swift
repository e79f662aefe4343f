import Foundation
import IncantDispatch
import IncantPhrases
import Testing

/// Parameter values a program cannot receive intact: a NUL byte would cut a C string short
/// and a value over Linux's 128 KiB per argument or variable cannot be passed at all. Both are
/// refused with a message naming what was too much, and nothing runs; a large value that fits
/// arrives byte-identical.
@Suite("Parameter values that cannot be passed")
struct ParameterLimitTests {
    static func shortcut(in directory: ScratchDirectory, arguments: [String]) -> ShortcutDefinition {
        ShortcutDefinition(
            id: "note", title: "Note",
            parameters: [ParameterDefinition(name: "text", type: .text)],
            handle: .run(arguments: arguments, timeout: .seconds(30), workingDirectory: directory.path))
    }

    static let recorder = """
        touch ran
        cat > request.json
        printf '%s' "$1" > argv1.txt
        printf '%s' "$INCANT_TEXT" > env.txt
        """

    @Test(
        "a NUL byte is refused naming the argument or variable, and nothing runs",
        arguments: [
            (["./record.sh", "{text}"], "argument 1"),
            (["./record.sh"], "environment variable INCANT_TEXT"),
        ])
    func nulByte(arguments: [String], named: String) async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let program = try directory.script("record.sh", Self.recorder)
        let outcome = await makeDispatcher().dispatch(
            Self.shortcut(in: directory, arguments: arguments), parameters: ["text": .text("before\0after")],
            query: "note")
        #expect(outcome.code == .failure)
        #expect(
            outcome.reason == "cannot run '\(program)': \(named) contains a NUL byte, which a program cannot receive")
        #expect(!directory.exists("ran"))
    }

    @Test("a 1 MB value is refused naming the variable, and nothing runs")
    func oneMegabyte() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let program = try directory.script("record.sh", Self.recorder)
        let value = String(repeating: "a", count: 1 << 20)
        let outcome = await makeDispatcher().dispatch(
            Self.shortcut(in: directory, arguments: ["./record.sh"]), parameters: ["text": .text(value)],
            query: "note")
        #expect(outcome.code == .failure)
        let size = "INCANT_TEXT=".utf8.count + value.utf8.count + 1
        #expect(
            outcome.reason
                == "cannot run '\(program)': environment variable INCANT_TEXT is \(size) bytes, over the 131072 bytes Linux passes to a program"
        )
        #expect(!directory.exists("ran"))
    }

    @Test("a 100 KB value arrives byte-identical as argument, variable and JSON")
    func largeValueThatFits() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.script("record.sh", Self.recorder)
        // Multi-byte characters and shell syntax, 100 KB in all.
        let unit = "é€ $(x) `y` ;\n"
        let value = String(repeating: unit, count: 100_000 / unit.utf8.count)
        let outcome = await makeDispatcher().dispatch(
            Self.shortcut(in: directory, arguments: ["./record.sh", "{text}"]), parameters: ["text": .text(value)],
            query: "note")
        #expect(outcome.code == .success, "\(outcome.reason ?? "")")
        #expect(directory.contents(of: "argv1.txt") == Data(value.utf8))
        #expect(directory.contents(of: "env.txt") == Data(value.utf8))
        let request = try JSONDecoder().decode(
            ShortcutRequest.self, from: try #require(directory.contents(of: "request.json")))
        #expect(request.parameters["text"] == .text(value))
    }
}
