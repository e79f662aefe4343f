import Foundation
import Testing

@Suite("incant simulate")
struct SimulateTests {
    @Test func successPrintsTheIssueJSONShapeAndExitsZero() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let log = cli.home.appendingPathComponent("orders.log").path
        let result = try await cli.run(
            ["simulate", "order three four cheese pizzas", "--shortcuts", CLIRunner.demo, "--json"],
            extraEnvironment: ["PIZZERIA_LOG": log])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(json["query"] as? String == "order three four cheese pizzas")
        #expect(json["accepted"] as? Bool == true)
        #expect(json["shortcut"] as? String == "order-pizza")
        #expect(CLIRunner.texts(json["parameters"]) == ["count": "3", "kind": "four cheese"])
        #expect(json["confidence"] as? Double == 1)
        let confirm = try #require(json["confirm"] as? [String: Any])
        #expect(confirm["code"] as? String == "ready")
        let handle = try #require(json["handle"] as? [String: Any])
        #expect(handle["code"] as? String == "success")
        #expect(handle["dialog"] as? String == "Ordering 3 four cheese.")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "3 x four cheese\n")
    }

    @Test func customFailureFromConfirmExitsOne() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let closed = try await cli.run(
            ["simulate", "order a margherita pizza", "--shortcuts", CLIRunner.demo, "--json"],
            extraEnvironment: ["PIZZERIA_CLOSED": "1"])
        #expect(closed.status == 1)
        let json = try closed.json()
        #expect((json["confirm"] as? [String: Any])?["code"] as? String == "failurePizzeriaClosed")
        #expect((json["confirm"] as? [String: Any])?["dialog"] as? String == "The pizzeria is closed right now.")
        #expect(json["handle"] is NSNull)

        let soldOut = try await cli.run(
            ["simulate", "order a pepperoni pizza", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["PIZZERIA_SOLD_OUT": "pepperoni"])
        #expect(soldOut.status == 1)
        #expect(soldOut.stdout.contains("Sorry, pepperoni is sold out."))
    }

    @Test func noMatchExitsTwoWithNullShortcut() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run([
            "simulate", "what is the meaning of life", "--shortcuts", CLIRunner.demo, "--json",
        ])
        #expect(result.status == 2)
        let json = try result.json()
        #expect(json["accepted"] as? Bool == false)
        #expect(json["shortcut"] is NSNull)
    }

    @Test func dryRunStopsAfterConfirm() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let log = cli.home.appendingPathComponent("orders.log").path
        let result = try await cli.run(
            ["simulate", "order a pepperoni pizza", "--shortcuts", CLIRunner.demo, "--json", "--dry-run"],
            extraEnvironment: ["PIZZERIA_LOG": log])
        #expect(result.status == 0)
        let json = try result.json()
        #expect((json["confirm"] as? [String: Any])?["code"] as? String == "ready")
        #expect(json["handle"] is NSNull)
        #expect(!FileManager.default.fileExists(atPath: log))
    }

    @Test func missingParameterIsAskedThroughAnswer() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let unanswered = try await cli.run(["simulate", "order a pizza", "--shortcuts", CLIRunner.demo, "--json"])
        #expect(unanswered.status == 1)
        #expect((try unanswered.json())["reason"] as? String == "missing required parameter 'kind'")
        let answered = try await cli.run([
            "simulate", "order a pizza", "--shortcuts", CLIRunner.demo, "--json", "--answer", "kind=four cheese",
        ])
        #expect(answered.status == 0, "\(answered.stdout)")
        #expect(CLIRunner.texts((try answered.json())["parameters"]) == ["count": "1", "kind": "four cheese"])
    }

    @Test func confirmationNeedsYes() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let refused = try await cli.run(["simulate", "good night", "--shortcuts", CLIRunner.demo, "--json"])
        #expect(refused.status == 1)
        #expect(try refused.json()["reason"] as? String == "not confirmed")
        let confirmed = try await cli.run(["simulate", "good night", "--shortcuts", CLIRunner.demo, "--yes"])
        #expect(confirmed.status == 0)
        #expect(confirmed.stdout.contains("All lights are off."))
    }

    @Test func ambiguousQueryRunsNothing() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let definitions = cli.home.appendingPathComponent("defs.yaml")
        try """
        shortcuts:
          - id: fan
            phrases: ["turn on the kitchen fan"]
            responses: { success: Fan. }
          - id: light
            phrases: ["turn on the garden light"]
            responses: { success: Light. }
        """.write(to: definitions, atomically: true, encoding: .utf8)
        let result = try await cli.run(
            ["simulate", "turn on the kitchen light", "--shortcuts", definitions.path, "--json"])
        #expect(result.status == 2)
        let json = try result.json()
        #expect(json["decision"] as? String == "ambiguous")
        #expect((json["reason"] as? String)?.contains("fan") == true)
    }

    @Test func definitionErrorsExitSixtyFiveNamingFileAndLine() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let definitions = cli.home.appendingPathComponent("broken.yaml")
        try "shortcuts:\n  - id: x\n    phrases: [\"say {nothing}\"]\n".write(
            to: definitions, atomically: true, encoding: .utf8)
        let result = try await cli.run(["simulate", "say hi", "--shortcuts", definitions.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("broken.yaml:3:"))
        #expect(result.stderr.contains("{nothing}"))
        let usage = try await cli.run(["simulate", "say hi", "--shortcuts", definitions.path, "--answer", "novalue"])
        #expect(usage.status >= 64)
        let check = try await cli.run(["shortcuts", "check", "--shortcuts", definitions.path])
        #expect(check.status == 65)
        #expect(check.stdout.contains("broken.yaml:3:"))
    }

    @Test func historyRecordsEveryDispatch() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        _ = try await cli.run(
            ["simulate", "set a timer for five minutes", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["TIMER_DRY_RUN": "1"])
        _ = try await cli.run(
            ["simulate", "order a pepperoni pizza", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["PIZZERIA_CLOSED": "1"])
        let history = try await cli.run(["history", "--json"])
        #expect(history.status == 0, "\(history.stderr)")
        let lines = history.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains("failurePizzeriaClosed"))
        #expect(lines[1].contains("set-timer") && lines[1].contains("\"minutes\":5"))
        let database = cli.home.appendingPathComponent("data/incant/history.sqlite").path
        let attributes = try FileManager.default.attributesOfItem(atPath: database)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func hostileTextArrivesAsDataAndRunsNothing() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let marker = cli.home.appendingPathComponent("pwned").path
        let capture = cli.home.appendingPathComponent("capture")
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        let handler = cli.home.appendingPathComponent("note-handler")
        try """
        #!/bin/sh
        cat > "$CAPTURE/stdin.json"
        printf '%s' "$INCANT_TEXT" > "$CAPTURE/env.txt"
        printf '%s' "$1" > "$CAPTURE/argv.txt"
        """.write(to: handler, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: handler.path)
        let definitions = cli.home.appendingPathComponent("note.yaml")
        try """
        shortcuts:
          - id: note
            parameters: [{ name: text, type: text }]
            phrases: ["take a note"]
            handle: { run: ["./note-handler", "{text}"] }
        """.write(to: definitions, atomically: true, encoding: .utf8)
        let hostile = "\"; rm -rf ~; $(touch \(marker)) `touch \(marker)` 'quoted'\nsecond line"
        let result = try await cli.run(
            ["simulate", "take a note", "--shortcuts", definitions.path, "--answer", "text=\(hostile)", "--json"],
            extraEnvironment: ["CAPTURE": capture.path])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(try String(contentsOf: capture.appendingPathComponent("env.txt"), encoding: .utf8) == hostile)
        #expect(try String(contentsOf: capture.appendingPathComponent("argv.txt"), encoding: .utf8) == hostile)
        let request =
            try JSONSerialization.jsonObject(with: Data(contentsOf: capture.appendingPathComponent("stdin.json")))
            as? [String: Any]
        #expect((request?["parameters"] as? [String: Any])?["text"] as? String == hostile)
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(FileManager.default.fileExists(atPath: cli.home.path))
    }
}
