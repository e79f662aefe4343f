import Foundation
import IncantDispatch
import IncantPhrases
import Testing

@Suite("Open handlers")
final class OpenHandlerTests {
    let directory: ScratchDirectory
    let opener: Opener

    init() throws {
        directory = try ScratchDirectory()
        // The fake opener records its last argument in the file named by its first.
        let program = try directory.script("fake-open.sh", #"printf '%s' "$2" > "$1""#)
        opener = Opener(program: program, arguments: [directory.path + "/opened.txt"])
    }

    deinit {
        directory.remove()
    }

    private func opened() -> String? {
        directory.contents(of: "opened.txt").map { String(decoding: $0, as: UTF8.self) }
    }

    private func shortcut(opening target: String) -> ShortcutDefinition {
        ShortcutDefinition(
            id: "search", title: "Search",
            parameters: [ParameterDefinition(name: "topic", type: .text)],
            handle: .open(target: target))
    }

    @Test("URLs get percent-encoded values and answer continueInApp")
    func url() async {
        let outcome = await makeDispatcher(opener: opener).dispatch(
            shortcut(opening: "https://example.org/search?q={topic}&lang=en"),
            parameters: ["topic": .text("ham & cheese/2 ?#é")], query: "search")
        #expect(outcome.code == .continueInApp)
        #expect(outcome.dialog == "Continuing in the app.")
        #expect(
            opened() == "https://example.org/search?q=ham%20%26%20cheese%2F2%20%3F%23%C3%A9&lang=en"
        )
    }

    @Test("paths are filled as they are, and cannot pass for options")
    func paths() async {
        let dispatcher = makeDispatcher(opener: opener)
        _ = await dispatcher.dispatch(
            shortcut(opening: "/srv/docs/{topic}.pdf"), parameters: ["topic": .text("tax 2024")],
            query: "q")
        #expect(opened() == "/srv/docs/tax 2024.pdf")
        _ = await dispatcher.dispatch(
            shortcut(opening: "{topic}"), parameters: ["topic": .text("--help")], query: "q")
        #expect(opened() == "./--help")
    }

    @Test("~ in a path is the home directory passed down ($HOME), not the account's")
    func homeDirectory() async {
        let dispatcher = Dispatcher(opener: opener, homeDirectory: "/home/someone")
        _ = await dispatcher.dispatch(shortcut(opening: "~/Downloads"), parameters: ["topic": .text("x")], query: "q")
        #expect(opened() == "/home/someone/Downloads")
        #expect(IncantPaths(environment: ["HOME": "/tmp/elsewhere"]).home == "/tmp/elsewhere")
    }

    @Test("dialogs say an enum value's spoken form, not the value the handler gets")
    func spokenFormInDialog() async {
        let city = ShortcutDefinition(
            id: "weather", title: "Weather",
            parameters: [
                ParameterDefinition(
                    name: "city", type: .enumeration([EnumValue(spoken: "New York", value: "new-york")]))
            ],
            handle: .open(target: "https://wttr.in/{city}"),
            responses: ["continueInApp": ResponseDeclaration(code: "continueInApp", dialog: "Weather for {city}.")])
        let outcome = await makeDispatcher(opener: opener).dispatch(
            city, parameters: ["city": .text("new-york")], query: "weather in new york")
        #expect(opened() == "https://wttr.in/new-york")
        #expect(outcome.dialog == "Weather for New York.")
    }

    @Test("a failing or missing opener is failureRequiringAppLaunch with a reason")
    func openerFailure() async throws {
        let failing = try directory.script(
            "failing-open.sh", "echo 'no handler for scheme' >&2\nexit 4")
        let failed = await makeDispatcher(opener: Opener(program: failing)).dispatch(
            shortcut(opening: "gopher://x/{topic}"), parameters: ["topic": .text("y")], query: "q")
        #expect(failed.code == .failureRequiringAppLaunch)
        #expect(
            failed.reason
                == "cannot open 'gopher://x/y': \(failing) exited with status 4: no handler for scheme"
        )

        let missing = await makeDispatcher(opener: Opener(program: "incant-no-such-opener"))
            .dispatch(
                shortcut(opening: "https://example.org"), parameters: ["topic": .text("y")],
                query: "q")
        #expect(missing.code == .failureRequiringAppLaunch)
        #expect(
            missing.reason
                == "cannot open 'https://example.org': handler program 'incant-no-such-opener' not found in PATH"
        )
    }
}
