import Foundation
import IncantDispatch
import IncantPhrases
import Testing

@Suite("Parameter values are never interpreted")
struct InjectionTests {
    @Test(
        "hostile values arrive byte-identical as argv elements, variables and JSON, and run nothing"
    )
    func hostileValues() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let marker =
            FileManager.default.temporaryDirectory.path + "/incant-injection-" + UUID().uuidString
        let quoteBreaker = "\"; rm -rf ~"
        let substitution =
            "$(touch \(marker)) `touch \(marker)-backtick` 'quoted' \"double\"\nsecond line; touch \(marker)-semicolon\n"
        try directory.script(
            "record.sh",
            """
            cat > request.json
            printf '%s' "$#" > argc.txt
            printf '%s' "$1" > argv1.txt
            printf '%s' "$2" > argv2.txt
            printf '%s' "$3" > argv3.txt
            printf '%s' "$INCANT_DANGER" > env-danger.txt
            printf '%s' "$INCANT_SUBST" > env-subst.txt
            """)
        let shortcut = ShortcutDefinition(
            id: "inject", title: "Inject",
            parameters: [
                ParameterDefinition(name: "danger", type: .text),
                ParameterDefinition(name: "subst", type: .text),
            ],
            handle: .run(
                arguments: ["./record.sh", "{danger}", "{subst}", "--note={danger}{subst}"],
                timeout: .seconds(5), workingDirectory: directory.path))
        let parameters: [String: ParameterValue] = [
            "danger": .text(quoteBreaker), "subst": .text(substitution),
        ]

        let outcome = await makeDispatcher().dispatch(
            shortcut, parameters: parameters, query: "inject")

        #expect(outcome.code == .success)
        func text(_ name: String) throws -> String {
            String(decoding: try #require(directory.contents(of: name)), as: UTF8.self)
        }
        #expect(try text("argc.txt") == "3")
        #expect(directory.contents(of: "argv1.txt") == Data(quoteBreaker.utf8))
        #expect(directory.contents(of: "argv2.txt") == Data(substitution.utf8))
        #expect(
            directory.contents(of: "argv3.txt")
                == Data(("--note=" + quoteBreaker + substitution).utf8))
        #expect(directory.contents(of: "env-danger.txt") == Data(quoteBreaker.utf8))
        #expect(directory.contents(of: "env-subst.txt") == Data(substitution.utf8))
        let request = try JSONDecoder().decode(
            ShortcutRequest.self, from: try #require(directory.contents(of: "request.json")))
        #expect(request.parameters == parameters)
        #expect(request.stage == .handle)
        for suffix in ["", "-backtick", "-semicolon"] {
            #expect(!FileManager.default.fileExists(atPath: marker + suffix))
        }
    }

    @Test("{{ and }} in a run argument are literal braces, so a JSON body can be passed")
    func literalBraces() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.script("record.sh", #"printf '%s' "$1" > body.json"#)
        let text = """
            shortcuts:
              - id: post
                parameters: [{ name: room, type: text }]
                phrases: ["post {room}"]
                handle: { run: ["./record.sh", '{{"room": "{room}", "on": true}}'] }
            """
        let loaded = DefinitionLoader.parse(text, file: directory.path + "/post.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let shortcut = try #require(loaded.shortcuts.first)
        let outcome = await makeDispatcher().dispatch(shortcut, parameters: ["room": .text("kitchen")], query: "q")
        #expect(outcome.code == .success, "\(outcome.reason ?? "")")
        let body = try #require(directory.contents(of: "body.json"))
        #expect(String(decoding: body, as: UTF8.self) == #"{"room": "kitchen", "on": true}"#)
        #expect(DialogTemplate("{{a}} {b} }} {").placeholders == ["b"])
        #expect(DialogTemplate("{{a}} {b} }} {").render(["b": .integer(1)]) == "{a} 1 } {")
    }

    @Test("the program itself is never taken from a parameter")
    func programIsNotFilled() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let shortcut = ShortcutDefinition(
            id: "inject", title: "Inject",
            parameters: [ParameterDefinition(name: "program", type: .text)],
            handle: .run(
                arguments: ["{program}"], timeout: .seconds(5), workingDirectory: directory.path))
        let outcome = await makeDispatcher().dispatch(
            shortcut, parameters: ["program": .text("true")], query: "x")
        #expect(outcome.code == .failure)
        #expect(outcome.reason == "handler program '{program}' not found in PATH")
    }
}
