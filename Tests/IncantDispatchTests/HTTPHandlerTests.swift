import Foundation
import IncantDispatch
import IncantPhrases
import Testing

/// `http` handlers against a real HTTP server on 127.0.0.1 (scripts/http-test-server.py).
@Suite("HTTP handlers")
final class HTTPHandlerTests {
    let directory: ScratchDirectory
    let server: LocalHTTPServer
    let dispatcher = Dispatcher()

    init() throws {
        directory = try ScratchDirectory()
        server = try LocalHTTPServer(in: directory)
    }

    deinit {
        server.stop()
        directory.remove()
    }

    /// The one shortcut `handler` (the YAML of a `handle:` mapping, indented for it) and
    /// `responses` declare, loaded from a file in the scratch folder.
    private func shortcut(handle handler: String, responses: String = "") throws -> ShortcutDefinition {
        let yaml = """
            shortcuts:
              - id: lights
                parameters:
                  - name: room
                  - name: note
                    required: false
                  - name: level
                    type: integer
                    required: false
                  - name: lit
                    type: boolean
                    required: false
                  - name: unset
                    required: false
                phrases: ["lights in {room}"]
                handle:
            \(handler)
            \(responses)
            """
        let result = DefinitionLoader.parse(yaml, file: directory.path + "/lights.yaml")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return try #require(result.shortcuts.first)
    }

    @Test("JSON values arrive intact, typed, whatever the spoken text holds")
    func templatedJSON() async throws {
        let tricky = "He said \"hi\" {braces} \\ back\nnew line\ttab — ünïcödé 🍕 </script> \u{1} end"
        let shortcut = try shortcut(
            handle: """
                      http:
                        url: "\(server.url("/api/{room}"))?note={note}"
                        json:
                          entity_id: "light.{room}"
                          note: "{note}"
                          level: "{level}"
                          lit: "{lit}"
                          unset: "{unset}"
                          mixed: "level {level} in {room}"
                          nested: {list: ["{note}", 3, true, null, "x {note} y"]}
                          fixed: 2.5
                """)
        let outcome = await dispatcher.dispatch(
            shortcut,
            parameters: [
                "room": .text("living room/1"), "note": .text(tricky), "level": .integer(40), "lit": .boolean(true),
            ],
            query: "lights in living room")
        await dispatcher.shutdown()
        #expect(outcome.code == .success, "\(outcome.reason ?? "")")
        let request = try #require(try server.received().last)
        #expect(request.method == "POST")
        #expect(request.headers["content-type"] == "application/json")
        let percentNote = try #require(tricky.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        #expect(request.path.hasPrefix("/api/living%20room%2F1?note="))
        #expect(
            request.path.removingPercentEncoding == "/api/living room/1?note=" + tricky,
            "\(request.path) vs \(percentNote)")

        let body = try #require(
            try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])
        #expect(body["entity_id"] as? String == "light.living room/1")
        #expect(body["note"] as? String == tricky)
        #expect(body["level"] as? Int == 40)
        #expect(body["lit"] as? Bool == true)
        #expect(body["unset"] is NSNull)
        #expect(body["mixed"] as? String == "level 40 in living room/1")
        #expect(body["fixed"] as? Double == 2.5)
        let list = try #require((body["nested"] as? [String: Any])?["list"] as? [Any])
        #expect(list.count == 5)
        #expect(list[0] as? String == tricky)
        #expect(list[1] as? Int == 3)
        #expect(list[2] as? Bool == true)
        #expect(list[3] is NSNull)
        #expect(list[4] as? String == "x \(tricky) y")
        #expect(body.count == 8)
    }

    @Test("Headers and the token from a file arrive; the token is not in the definition")
    func headersAndTokenFile() async throws {
        try "secret-token-123\n".write(toFile: directory.path + "/ha.token", atomically: true, encoding: .utf8)
        let shortcut = try shortcut(
            handle: """
                      http:
                        url: "\(server.url("/api/services/light/turn_off"))"
                        method: post
                        headers: {X-Room: "{room} \\"quoted\\" {{literal}}"}
                        token_file: ha.token
                """)
        let outcome = await dispatcher.dispatch(shortcut, parameters: ["room": .text("hall")], query: "q")
        await dispatcher.shutdown()
        #expect(outcome.code == .success, "\(outcome.reason ?? "")")
        let request = try #require(try server.received().last)
        #expect(request.method == "POST")
        #expect(request.headers["authorization"] == "Bearer secret-token-123")
        #expect(request.headers["x-room"] == "hall \"quoted\" {literal}")
        #expect(request.body.isEmpty)
    }

    @Test("A token from an environment variable in a header of its own")
    func tokenFromEnvironment() async throws {
        let spec = HTTPRequestSpec(
            url: server.url("/hook"), token: .environment(name: "INCANT_TEST_HOOK_TOKEN"), tokenHeader: "X-Api-Key")
        let session = HTTPSession()
        let request = ShortcutRequest(stage: .handle, shortcut: "hook", parameters: [:], query: "q")
        let answered = await HTTPHandler(
            spec: spec, session: session, environment: ["INCANT_TEST_HOOK_TOKEN": "abc"]
        ).respond(to: request)
        let missing = await HTTPHandler(spec: spec, session: session, environment: [:]).respond(to: request)
        await session.shutdown()
        #expect(answered.code == .success, "\(answered.reason ?? "")")
        let received = try server.received()
        #expect(received.count == 1)
        #expect(received.first?.headers["x-api-key"] == "abc")
        #expect(received.first?.headers["authorization"] == nil)
        #expect(missing.code == .failure)
        #expect(missing.reason == "no token: environment variable INCANT_TEST_HOOK_TOKEN is not set")
    }

    @Test("A missing or empty token file is a failure with a reason, and nothing is sent")
    func missingToken() async throws {
        let shortcut = try shortcut(
            handle: """
                      http:
                        url: "\(server.url("/hook"))"
                        token_file: no-such.token
                """)
        let missing = await dispatcher.dispatch(shortcut, parameters: ["room": .text("hall")], query: "q")
        try "  \n".write(toFile: directory.path + "/no-such.token", atomically: true, encoding: .utf8)
        let empty = await dispatcher.dispatch(shortcut, parameters: ["room": .text("hall")], query: "q")
        await dispatcher.shutdown()
        #expect(missing.code == .failure)
        #expect(missing.reason == "no token: token file \(directory.path)/no-such.token does not exist")
        #expect(empty.reason == "no token: token file \(directory.path)/no-such.token is empty")
        #expect(try server.received().isEmpty)
    }

    @Test("No answer within the timeout is a failure")
    func timeout() async throws {
        let shortcut = try shortcut(
            handle: """
                      http: {url: "\(server.url("/slow?seconds=30"))"}
                      timeout: 0.5
                """)
        let outcome = await dispatcher.dispatch(shortcut, parameters: ["room": .text("hall")], query: "q")
        await dispatcher.shutdown()
        #expect(outcome.code == .failure)
        #expect(
            outcome.reason?.hasPrefix("timeout: no complete answer from \(server.url("/slow")) within 0.5 s") == true,
            "\(outcome.reason ?? "")")
        #expect(outcome.status == .completed)
    }

    @Test("Cancelling the dispatch stops a request in flight; it is recorded as interrupted")
    func cancellation() async throws {
        let shortcut = try shortcut(
            handle: """
                      http: {url: "\(server.url("/slow?seconds=30"))"}
                      timeout: 60
                """)
        let dispatcher = dispatcher
        let task = Task {
            await dispatcher.dispatch(shortcut, parameters: ["room": .text("hall")], query: "q")
        }
        // Cancel once the server has the request, so the cancellation reaches it in flight.
        while try server.received().isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        task.cancel()
        let outcome = await task.value
        await dispatcher.shutdown()
        #expect(outcome.status == .interrupted)
        #expect(outcome.reason == Dispatcher.interruptedReason)
    }

    @Test("A 5xx answer is a failure naming the status")
    func serverError() async throws {
        let shortcut = try shortcut(handle: "          http: {url: \"\(server.url("/status/503"))\"}")
        let outcome = await dispatcher.dispatch(shortcut, parameters: ["room": .text("hall")], query: "q")
        await dispatcher.shutdown()
        #expect(outcome.code == .failure)
        #expect(outcome.reason == #"HTTP 503 Service Unavailable: {"error": "status 503"}"#)
        #expect(outcome.dialog == "Sorry, that didn't work.")
    }

    @Test("The answer's JSON picks a custom code, its parameters and the dialog")
    func responseMapping() async throws {
        let responses = """
                responses:
                  failureLightBusy: {dialog: "The {room} light is busy for {minutes} minutes.", parameters: [minutes]}
                  failureNoSuchLight: "There is no light in the {room}."
            """
        let declared = try shortcut(
            handle: """
                      http:
                        url: "\(server.url("/reply"))"
                        code_from: /result/code
                """, responses: responses)
        let picked = await dispatcher.dispatch(declared, parameters: ["room": .text("hall")], query: "q")
        #expect(picked.code == .custom("failureLightBusy"), "\(picked.reason ?? "")")
        #expect(picked.dialog == "The hall light is busy for 5 minutes.")

        let spoken = try shortcut(
            handle: """
                      http:
                        url: "\(server.url("/reply"))"
                        code_from: /result/code
                        dialog_from: /result/speech
                """, responses: responses)
        let told = await dispatcher.dispatch(spoken, parameters: ["room": .text("hall")], query: "q")
        #expect(told.code == .custom("failureLightBusy"))
        #expect(told.dialog == "The hall light is busy.")

        let mapped = try shortcut(
            handle: """
                      http:
                        url: "\(server.url("/status/404"))"
                        status: {404: failureNoSuchLight, 5xx: failure}
                """, responses: responses)
        let missing = await dispatcher.dispatch(mapped, parameters: ["room": .text("attic")], query: "q")
        #expect(missing.code == .custom("failureNoSuchLight"))
        #expect(missing.dialog == "There is no light in the attic.")
        #expect(missing.reason == "HTTP 404 Not Found")

        let absent = try shortcut(
            handle: """
                      http:
                        url: "\(server.url("/hook"))"
                        code_from: /result/code
                """, responses: responses)
        let none = await dispatcher.dispatch(absent, parameters: ["room": .text("hall")], query: "q")
        await dispatcher.shutdown()
        #expect(none.code == .failure)
        #expect(none.reason == "HTTP 200 OK has no response code (a string) at /result/code")
    }

    @Test("An http confirm stage answers ready on 2xx")
    func confirmStage() async throws {
        let yaml = """
            shortcuts:
              - id: hook
                phrases: ["ring the bell"]
                confirm: {http: {url: "\(server.url("/ready"))"}}
                handle: {http: {url: "\(server.url("/status/500"))", method: DELETE}}
            """
        let shortcut = try #require(DefinitionLoader.parse(yaml, file: directory.path + "/hook.yaml").shortcuts.first)
        let outcome = await dispatcher.dispatch(shortcut, query: "ring the bell")
        await dispatcher.shutdown()
        #expect(outcome.confirm?.code == .ready)
        #expect(outcome.code == .failure)
        #expect(try server.received().map(\.method) == ["GET", "DELETE"])
    }

    @Test("Redirects are followed a few times, and the token stays with its origin")
    func redirects() async throws {
        try "tok".write(toFile: directory.path + "/t", atomically: true, encoding: .utf8)
        func redirecting(_ path: String) throws -> ShortcutDefinition {
            try shortcut(
                handle: """
                          http: {url: "\(server.url(path))", token_file: t}
                          timeout: 300
                    """)
        }
        let followed = await dispatcher.dispatch(
            try redirecting("/redirect/2"), parameters: ["room": .text("a")], query: "q")
        #expect(followed.code == .success, "\(followed.reason ?? "")")
        let sameOrigin = try server.received()
        #expect(sameOrigin.map(\.path) == ["/redirect/2", "/redirect/1", "/redirect/0", "/echo"])
        #expect(sameOrigin.allSatisfy { $0.headers["authorization"] == "Bearer tok" })

        let away = await dispatcher.dispatch(
            try redirecting("/redirect-away"), parameters: ["room": .text("a")], query: "q")
        #expect(away.code == .success, "\(away.reason ?? "")")
        let last = try #require(try server.received().last)
        #expect(last.path == "/echo")
        #expect(last.headers["host"]?.hasPrefix("localhost") == true)
        #expect(last.headers["authorization"] == nil)

        let tooMany = await dispatcher.dispatch(
            try redirecting("/redirect/9"), parameters: ["room": .text("a")], query: "q")
        await dispatcher.shutdown()
        #expect(tooMany.code == .failure)
        #expect(tooMany.reason == "more than 3 redirects from \(server.url("/redirect/9"))")
    }

    @Test("An answer over 1 MiB, a refused connection and a closed session are failures with reasons")
    func limitsAndUnreachable() async throws {
        let big = await dispatcher.dispatch(
            try shortcut(handle: "          http: {url: \"\(server.url("/big"))\"}"), parameters: ["room": .text("a")],
            query: "q")
        #expect(big.code == .failure)
        #expect(big.reason == "HTTP 200: the answer is larger than 1 MiB")

        server.stop()
        let refused = await dispatcher.dispatch(
            try shortcut(handle: "          http: {url: \"\(server.url("/hook"))\"}"), parameters: ["room": .text("a")],
            query: "q")
        #expect(refused.code == .failure)
        #expect(refused.reason?.hasPrefix("cannot reach \(server.url("/hook")): ") == true, "\(refused.reason ?? "")")

        await dispatcher.shutdown()
        let closed = await dispatcher.dispatch(
            try shortcut(handle: "          http: {url: \"\(server.url("/hook"))\"}"), parameters: ["room": .text("a")],
            query: "q")
        #expect(closed.reason == "the HTTP client is shut down")
        #expect(!dispatcher.http.isRunning)
    }
}
