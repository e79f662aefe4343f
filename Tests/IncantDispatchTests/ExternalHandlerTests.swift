import Foundation
import IncantDispatch
import IncantPhrases
import Testing

@Suite("External handlers")
final class ExternalHandlerTests {
    let directory: ScratchDirectory

    init() throws {
        directory = try ScratchDirectory()
    }

    deinit {
        directory.remove()
    }

    private func run(
        _ arguments: [String],
        stage: DispatchStage = .handle,
        parameters: [String: ParameterValue] = [:],
        timeout: Duration = .seconds(10)
    ) async -> ShortcutResponse {
        let handler = ExternalHandler(
            arguments: arguments, timeout: timeout, workingDirectory: directory.path,
            declaredParameters: Array(parameters.keys))
        let request = ShortcutRequest(
            stage: stage, shortcut: "test", parameters: parameters, query: "test it")
        return await handler.respond(to: request)
    }

    @Test("a JSON answer on stdout is the response")
    func jsonAnswer() async throws {
        try directory.script(
            "answer.sh",
            #"echo '{"code": "inProgress", "parameters": {"minutes": 20}, "dialog": "On its way."}'"#
        )
        let response = await run(["./answer.sh"])
        #expect(
            response
                == ShortcutResponse(
                    code: .inProgress, parameters: ["minutes": .integer(20)], dialog: "On its way.")
        )
    }

    @Test("exit 0 with empty stdout is ready when confirming and success when handling")
    func emptyOutput() async throws {
        try directory.script("quiet.sh", "echo 'progress goes to stderr' >&2\nexit 0")
        #expect(await run(["./quiet.sh"], stage: .confirm) == .ready)
        #expect(await run(["./quiet.sh"], stage: .handle) == .success)
    }

    @Test("a non-zero exit with empty stdout is a failure with the stderr tail")
    func nonZeroExit() async throws {
        try directory.script(
            "cold.sh", "echo 'warming up' >&2\necho 'the oven is cold' >&2\nexit 3")
        let response = await run(["./cold.sh"])
        #expect(response.code == .failure)
        #expect(response.reason == "exit status 3: warming up\nthe oven is cold")
    }

    @Test("a crash is a failure naming the signal, with the stderr tail")
    func crash() async throws {
        try directory.script("crash.sh", "echo 'segfaulting now' >&2\nkill -SEGV $$")
        let response = await run(["./crash.sh"])
        #expect(response.code == .failure)
        #expect(response.reason == "handler killed by SIGSEGV: segfaulting now")
    }

    @Test(
        "garbage on stdout is a failure quoting it, with the stderr tail",
        arguments: [
            "echo 'hello there'",
            #"echo '{"dialog": "no code"}'"#,
            #"echo '{"code": 42}'"#,
            #"echo '{"code": "success"} {"code": "success"}'"#,
            #"echo '["success"]'"#,
        ])
    func garbage(script: String) async throws {
        try directory.script("garbage.sh", script + "\necho 'confused' >&2")
        let response = await run(["./garbage.sh"])
        #expect(response.code == .failure)
        let reason = try #require(response.reason)
        #expect(
            reason.hasPrefix(
                "invalid handler output (expected one JSON object with a string \"code\")"))
        #expect(reason.hasSuffix(": confused"))
    }

    @Test("flooding stdout and stderr is capped and does not hang")
    func flood() async throws {
        try directory.script(
            "flood.sh",
            "yes | head -c 2000000\nyes 'error line' | head -c 2000008 >&2\necho 'last words' >&2"
        )
        // A handler that hung on its full pipes would end in "timeout" after 600 s; the reason
        // below is the cap's. (No wall-clock bound: in the parallel suite on two cores, the
        // test's own start can wait 90 s for the others.)
        let response = await run(["./flood.sh"], timeout: .seconds(600))
        #expect(response.code == .failure)
        let reason = try #require(response.reason)
        #expect(reason.hasPrefix("handler output exceeds 64 KiB: "))
        #expect(reason.hasSuffix("error line\nerror linelast words"))
        #expect(reason.count < 2000)
    }

    @Test("a handler past its timeout is killed with everything it forked", .timeLimit(.minutes(10)))
    func timeout() async throws {
        try directory.script("slow.sh", "sleep 3600 &\necho $! > child.pid\nsleep 3600")
        let start = ContinuousClock.now
        let response = await run(["./slow.sh"], timeout: .seconds(1))
        let elapsed = ContinuousClock.now - start
        #expect(response == .failure(reason: "timeout"))
        #expect(elapsed >= .seconds(1))
        let pidText = try #require(directory.contents(of: "child.pid"))
        let child = try #require(
            Int32(
                String(decoding: pidText, as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        #expect(await waitForDeath(of: child), "the forked `sleep 300` (pid \(child)) survived")
        if processIsAlive(child) { kill(child, SIGKILL) }
    }

    @Test(
        "a handler that exits while a background child holds its output returns promptly", .timeLimit(.minutes(10)))
    func backgroundChild() async throws {
        try directory.script(
            "detach.sh", "sleep 3600 &\necho $! > child.pid\necho '{\"code\": \"success\"}'")
        let response = await run(["./detach.sh"], timeout: .seconds(3000))
        #expect(response == .success)
        if let pidText = directory.contents(of: "child.pid"),
            let child = Int32(
                String(decoding: pidText, as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines))
        {
            kill(child, SIGKILL)
        }
    }

    @Test("a handler that closes its output but keeps running still times out", .timeLimit(.minutes(10)))
    func closedOutputs() async throws {
        try directory.script("sneaky.sh", "exec >&- 2>&-\nsleep 3600")
        let response = await run(["./sneaky.sh"], timeout: .seconds(1))
        #expect(response == .failure(reason: "timeout"))
    }

    @Test("a missing program is a failure naming its path")
    func missingProgram() async throws {
        let response = await run(["./no-such-handler", "x"])
        #expect(
            response
                == .failure(
                    reason: "handler program '\(directory.path)/no-such-handler' does not exist"))
    }

    @Test("a program that is not executable is a failure naming its path")
    func notExecutable() async throws {
        try directory.script("plain.sh", "exit 0", executable: false)
        let response = await run(["./plain.sh"])
        #expect(
            response
                == .failure(
                    reason: "handler program '\(directory.path)/plain.sh' is not executable"))
    }

    @Test("a working directory that does not exist is a failure naming the program")
    func missingWorkingDirectory() async throws {
        let program = try directory.script("fine.sh", "exit 0")
        let handler = ExternalHandler(
            arguments: [program], workingDirectory: directory.path + "/gone")
        let response = await handler.respond(
            to: ShortcutRequest(stage: .handle, shortcut: "t", parameters: [:], query: ""))
        #expect(response.code == .failure)
        let reason = try #require(response.reason)
        #expect(reason.hasPrefix("cannot run '\(program)': "), "\(reason)")
    }

    @Test("a bare name is looked up in PATH and a missing one is named")
    func pathLookup() async throws {
        #expect(await run(["true"]) == .success)
        #expect(await run(["false"]) == .failure(reason: "exit status 1"))
        #expect(
            await run(["incant-no-such-program"])
                == .failure(reason: "handler program 'incant-no-such-program' not found in PATH"))
    }

    @Test("the handler runs in its working directory and gets the request as JSON and variables")
    func requestDelivery() async throws {
        try directory.script(
            "record.sh",
            """
            cat > request.json
            pwd > cwd.txt
            printf '%s|%s|%s|%s|%s' "$INCANT_STAGE" "$INCANT_SHORTCUT" "$INCANT_QUERY" "$INCANT_PIZZA_KIND" "${INCANT_UNSET-unset}" > env.txt
            """)
        let handler = ExternalHandler(
            arguments: ["./record.sh"], workingDirectory: directory.path,
            declaredParameters: ["pizza-kind", "count", "unset"])
        let request = ShortcutRequest(
            stage: .confirm, shortcut: "order-pizza",
            parameters: ["pizza-kind": .text("4-cheese"), "count": .integer(3)],
            query: "order three pizzas")
        #expect(await handler.respond(to: request) == .ready)

        let json = try #require(directory.contents(of: "request.json"))
        #expect(try JSONDecoder().decode(ShortcutRequest.self, from: json) == request)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(object.keys) == ["stage", "shortcut", "parameters", "query"])
        #expect(object["stage"] as? String == "confirm")
        let cwd = String(decoding: try #require(directory.contents(of: "cwd.txt")), as: UTF8.self)
        #expect(
            URL(fileURLWithPath: cwd.trimmingCharacters(in: .newlines)).resolvingSymlinksInPath()
                == URL(fileURLWithPath: directory.path).resolvingSymlinksInPath())
        let env = String(decoding: try #require(directory.contents(of: "env.txt")), as: UTF8.self)
        #expect(env == "confirm|order-pizza|order three pizzas|4-cheese|unset")
    }
}
