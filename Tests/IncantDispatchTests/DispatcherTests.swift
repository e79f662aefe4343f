import Foundation
import IncantDispatch
import IncantPhrases
import Testing

@Suite("Dispatcher")
final class DispatcherTests {
    let directory: ScratchDirectory

    init() throws {
        directory = try ScratchDirectory()
        // The handle stage echoes what it got, so tests can see it ran and with what.
        try directory.script(
            "handle.sh",
            #"printf '%s %s %s' "$INCANT_COUNT" "$INCANT_SIZE" "$INCANT_KIND" > handled.txt"#)
    }

    deinit {
        directory.remove()
    }

    private func handled() -> String? {
        directory.contents(of: "handled.txt").map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("confirm then handle, with the declared success dialog and defaults applied")
    func success() async throws {
        try directory.script("confirm.sh", "exit 0")
        let shortcut = pizzaShortcut(in: directory, confirm: ["./confirm.sh"])
        let outcome = await makeDispatcher().dispatch(
            shortcut, parameters: margheritaTimesTwo, query: "two margherita")
        #expect(outcome.status == .completed, "\(outcome.reason ?? "")")
        #expect(outcome.confirm?.code == .ready)
        #expect(outcome.confirm?.dialog == "Ready.")
        #expect(outcome.handle?.code == .success)
        #expect(outcome.code == .success)
        #expect(outcome.dialog == "Ordering 2 large margherita.")
        #expect(outcome.parameters["size"] == .text("large"))
        #expect(handled() == "2 large margherita")
    }

    @Test("a custom failure code from handle renders the declared dialog")
    func customFailure() async throws {
        try directory.script("sold-out.sh", #"echo '{"code": "failurePizzaUnavailable"}'"#)
        let shortcut = pizzaShortcut(in: directory, handle: ["./sold-out.sh"])
        let outcome = await makeDispatcher().dispatch(
            shortcut, parameters: margheritaTimesTwo, query: "q")
        #expect(outcome.code == .custom("failurePizzaUnavailable"))
        #expect(outcome.isFailure)
        #expect(outcome.dialog == "Sorry, margherita is sold out.")
        #expect(outcome.handle?.dialog == "Sorry, margherita is sold out.")
    }

    @Test("a custom code from confirm stops before handle, its parameters in the dialog")
    func stoppedAtConfirm() async throws {
        try directory.script(
            "closed.sh",
            #"echo '{"code": "failurePizzeriaClosed", "parameters": {"opens": "5 pm"}}'"#)
        let shortcut = pizzaShortcut(in: directory, confirm: ["./closed.sh"])
        let outcome = await makeDispatcher().dispatch(
            shortcut, parameters: margheritaTimesTwo, query: "q")
        #expect(outcome.status == .stoppedAtConfirm)
        #expect(outcome.code == .custom("failurePizzeriaClosed"))
        #expect(outcome.dialog == "The pizzeria is closed until 5 pm.")
        #expect(outcome.confirm?.response.parameters == ["opens": .text("5 pm")])
        #expect(outcome.handle == nil)
        #expect(handled() == nil)
    }

    @Test("an undeclared custom code is a failure naming the shortcut and the code")
    func unknownCode() async throws {
        try directory.script(
            "odd.sh", #"echo '{"code": "failureOvenExploded", "dialog": "Boom."}'"#)
        let shortcut = pizzaShortcut(in: directory, handle: ["./odd.sh"])
        let outcome = await makeDispatcher().dispatch(
            shortcut, parameters: margheritaTimesTwo, query: "q")
        #expect(outcome.code == .failure)
        #expect(
            outcome.reason
                == "unknown response code 'failureOvenExploded' from shortcut 'order-pizza'")
        #expect(
            outcome.unknownResponseCode
                == UnknownResponseCodeError(shortcut: "order-pizza", code: "failureOvenExploded"))
        #expect(outcome.dialog == "Sorry, that didn't work.")
    }

    @Test("a handler failure carries its reason into the outcome")
    func handlerFailure() async throws {
        try directory.script("cold.sh", "echo 'oven cold' >&2\nexit 2")
        let shortcut = pizzaShortcut(in: directory, handle: ["./cold.sh"])
        let outcome = await makeDispatcher().dispatch(
            shortcut, parameters: margheritaTimesTwo, query: "q")
        #expect(outcome.code == .failure)
        #expect(outcome.reason == "exit status 2: oven cold")
        #expect(outcome.dialog == "Sorry, that didn't work.")
    }

    @Test("a missing required parameter is asked for until an answer parses")
    func askForMissingParameter() async throws {
        let interaction = ScriptedInteraction(answers: ["count": ["lots", "three"]])
        let shortcut = pizzaShortcut(in: directory)
        let outcome = await makeDispatcher(interaction: interaction)
            .dispatch(
                shortcut, parameters: ["kind": .text("4-cheese")], query: "order four cheese pizza")
        #expect(outcome.code == .success)
        #expect(outcome.parameters["count"] == .integer(3))
        #expect(await interaction.askedParameters == ["count", "count"])
        #expect(await interaction.rejectedAnswers == ["lots"])
        #expect(handled() == "3 large 4-cheese")
    }

    @Test("no answer for a required parameter fails naming it, and nothing runs")
    func missingParameter() async throws {
        let interaction = ScriptedInteraction(answers: [
            "kind": ["pineapple", "pineapple", "pineapple", "margherita"]
        ])
        let shortcut = pizzaShortcut(in: directory)
        let unanswered = await makeDispatcher().dispatch(
            shortcut, parameters: ["kind": .text("margherita")], query: "q")
        #expect(unanswered.status == .missingParameter)
        #expect(unanswered.code == .failure)
        #expect(unanswered.reason == "missing required parameter 'count'")
        #expect(unanswered.confirm == nil && unanswered.handle == nil)

        let invalid = await makeDispatcher(interaction: interaction)
            .dispatch(shortcut, parameters: ["count": .integer(1)], query: "q")
        #expect(invalid.status == .missingParameter)
        let reason = try #require(invalid.reason)
        #expect(reason.hasPrefix("missing required parameter 'kind' (invalid value \"pineapple\""))
        #expect(await interaction.askedParameters.count == 3)
        #expect(handled() == nil)
    }

    @Test("requiresConfirmation asks \"<title>?\" and runs handle on yes")
    func confirmedYes() async throws {
        let interaction = ScriptedInteraction(yesNo: [true])
        let shortcut = pizzaShortcut(in: directory, requiresConfirmation: true)
        let outcome = await makeDispatcher(interaction: interaction)
            .dispatch(shortcut, parameters: margheritaTimesTwo, query: "q")
        #expect(await interaction.questions == ["Order pizza?"])
        #expect(outcome.status == .completed)
        #expect(outcome.code == .success)
        #expect(handled() != nil)
    }

    @Test(
        "requiresConfirmation: no, or no answer, does not run handle",
        arguments: [false, nil] as [Bool?])
    func confirmedNo(answer: Bool?) async throws {
        let interaction = ScriptedInteraction(yesNo: [answer])
        let shortcut = pizzaShortcut(in: directory, requiresConfirmation: true)
        let outcome = await makeDispatcher(interaction: interaction)
            .dispatch(shortcut, parameters: margheritaTimesTwo, query: "q")
        #expect(await interaction.questions == ["Order pizza?"])
        #expect(outcome.status == .notConfirmed)
        #expect(outcome.code == .failure)
        #expect(outcome.reason == "not confirmed")
        #expect(outcome.confirm?.code == .ready)
        #expect(outcome.handle == nil)
        #expect(handled() == nil)
    }

    @Test("assumeYes skips the question")
    func assumeYes() async throws {
        let interaction = ScriptedInteraction()
        let shortcut = pizzaShortcut(in: directory, requiresConfirmation: true)
        let outcome = await makeDispatcher(interaction: interaction)
            .dispatch(
                shortcut, parameters: margheritaTimesTwo, query: "q",
                options: DispatchOptions(assumeYes: true))
        #expect(await interaction.questions.isEmpty)
        #expect(outcome.code == .success)
        #expect(handled() != nil)
    }

    @Test("a dry run runs confirm but not handle")
    func dryRun() async throws {
        try directory.script("confirm.sh", "echo confirmed > confirmed.txt")
        let shortcut = pizzaShortcut(in: directory, confirm: ["./confirm.sh"])
        let outcome = await makeDispatcher()
            .dispatch(
                shortcut, parameters: margheritaTimesTwo, query: "q",
                options: DispatchOptions(dryRun: true))
        #expect(outcome.status == .dryRun)
        #expect(outcome.code == .ready)
        #expect(outcome.confirm?.code == .ready)
        #expect(outcome.handle == nil)
        #expect(directory.exists("confirmed.txt"))
        #expect(handled() == nil)
    }

    @Test("a timeout in handle is a failure outcome with reason timeout", .timeLimit(.minutes(10)))
    func handleTimeout() async throws {
        try directory.script("slow.sh", "sleep 3600")
        let shortcut = pizzaShortcut(
            in: directory, handle: ["./slow.sh"], timeout: .milliseconds(300))
        let outcome = await makeDispatcher().dispatch(
            shortcut, parameters: margheritaTimesTwo, query: "q")
        #expect(outcome.code == .failure)
        #expect(outcome.reason == "timeout")
    }

    @Test("the outcome encodes to the JSON the CLI prints")
    func json() async throws {
        try directory.script(
            "sold-out.sh", #"echo '{"code": "failurePizzaUnavailable", "parameters": {"left": 0}}'"#
        )
        let shortcut = pizzaShortcut(in: directory, handle: ["./sold-out.sh"])
        let outcome = await makeDispatcher().dispatch(
            shortcut, parameters: margheritaTimesTwo, query: "two margherita")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.jsonString().utf8))
                as? [String: Any])
        #expect(object["shortcut"] as? String == "order-pizza")
        #expect(object["query"] as? String == "two margherita")
        #expect(object["code"] as? String == "failurePizzaUnavailable")
        #expect(object["status"] as? String == "completed")
        #expect(object["dialog"] as? String == "Sorry, margherita is sold out.")
        #expect((object["parameters"] as? [String: Any])?["count"] as? Int == 2)
        let confirm = try #require(object["confirm"] as? [String: Any])
        #expect(confirm["code"] as? String == "ready")
        #expect(confirm["dialog"] is NSNull)
        let handle = try #require(object["handle"] as? [String: Any])
        #expect(handle["code"] as? String == "failurePizzaUnavailable")
        #expect((handle["parameters"] as? [String: Any])?["left"] as? Int == 0)
        #expect(handle["dialog"] as? String == "Sorry, margherita is sold out.")
        #expect(handle["durationMs"] is Int)
        #expect((object["startedAt"] as? String)?.hasSuffix("Z") == true)

        let dry = await makeDispatcher()
            .dispatch(
                shortcut, parameters: margheritaTimesTwo, query: "q",
                options: DispatchOptions(dryRun: true))
        let dryObject = try #require(
            try JSONSerialization.jsonObject(with: Data(dry.jsonString(prettyPrinted: false).utf8))
                as? [String: Any])
        #expect(dryObject["handle"] is NSNull)
    }
}

@Suite("Swift handlers")
struct SwiftHandlerTests {
    struct Oven: ShortcutHandler {
        func confirm(_ request: ShortcutRequest) async throws -> ShortcutResponse {
            request.parameters["kind"] == .text("pineapple")
                ? ShortcutResponse(code: .custom("failurePizzaUnavailable")) : .ready
        }

        func handle(_ request: ShortcutRequest) async throws -> ShortcutResponse {
            ShortcutResponse(
                code: .success, dialog: "Baking \(request.parameters["kind"] ?? .text("?")).")
        }
    }

    struct Broken: ShortcutHandler {
        struct OvenOnFire: Error {}
        func handle(_ request: ShortcutRequest) async throws -> ShortcutResponse {
            throw OvenOnFire()
        }
    }

    private let shortcut = ShortcutDefinition(
        id: "bake", title: "Bake",
        parameters: [ParameterDefinition(name: "kind", type: .text)],
        confirm: .swift(name: "oven"), handle: .swift(name: "oven"),
        responses: [
            "failurePizzaUnavailable": ResponseDeclaration(
                code: "failurePizzaUnavailable", dialog: "No {kind}.")
        ])

    @Test("registered handlers run both stages")
    func registered() async {
        var handlers = HandlerRegistry()
        handlers.register(Oven(), as: "oven")
        let dispatcher = makeDispatcher(handlers: handlers)
        let baked = await dispatcher.dispatch(
            shortcut, parameters: ["kind": .text("calzone")], query: "bake")
        #expect(baked.code == .success)
        #expect(baked.dialog == "Baking calzone.")
        let refused = await dispatcher.dispatch(
            shortcut, parameters: ["kind": .text("pineapple")], query: "bake")
        #expect(refused.code == .custom("failurePizzaUnavailable"))
        #expect(refused.dialog == "No pineapple.")
        #expect(refused.handle == nil)
    }

    @Test("a thrown error, or a missing registration, is a failure with a reason")
    func failures() async {
        var handlers = HandlerRegistry()
        handlers.register(Broken(), as: "oven")
        let thrown = await makeDispatcher(handlers: handlers)
            .dispatch(shortcut, parameters: ["kind": .text("calzone")], query: "bake")
        #expect(thrown.confirm?.code == .ready)
        #expect(thrown.code == .failure)
        #expect(thrown.reason == "handler error: OvenOnFire()")
        let missing = await makeDispatcher().dispatch(
            shortcut, parameters: ["kind": .text("calzone")], query: "bake")
        #expect(missing.status == .stoppedAtConfirm)
        #expect(missing.reason == "no Swift handler registered as 'oven'")
    }

    @Test("a shortcut without handlers is implicitly ready and successful")
    func noHandlers() async {
        let answer = ShortcutDefinition(
            id: "hello", title: "Hello",
            responses: ["success": ResponseDeclaration(code: "success", dialog: "Hello there.")])
        let outcome = await makeDispatcher().dispatch(answer, query: "hello")
        #expect(outcome.confirm?.isImplicit == true)
        #expect(outcome.confirm?.dialog == nil)
        #expect(outcome.handle?.isImplicit == true)
        #expect(outcome.code == .success)
        #expect(outcome.dialog == "Hello there.")
    }
}
