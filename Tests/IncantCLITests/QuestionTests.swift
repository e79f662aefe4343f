import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("simulate's questions and misleading messages")
struct QuestionTests {
    @Test("answers can be piped on standard input")
    func pipedAnswer() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(
            ["simulate", "order a pizza", "--shortcuts", CLIRunner.demo, "--no-history", "--json"],
            extraEnvironment: ["PIZZERIA_LOG": cli.home.appendingPathComponent("log").path], stdin: "pepperoni\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLIRunner.texts(try result.json()["parameters"])?["kind"] == "pepperoni")
        #expect(result.stderr.contains("Which pizza?"))
    }

    @Test("an invalid answer is asked again at most twice")
    func askedAgainAtMostTwice() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let arguments = ["simulate", "order a pizza", "--shortcuts", CLIRunner.demo, "--no-history", "--json"]
        let third = try await cli.run(
            arguments, extraEnvironment: ["PIZZERIA_LOG": cli.home.appendingPathComponent("log").path],
            stdin: "pineapple\nbanana\nmargherita\n")
        #expect(third.status == 0, "\(third.stderr)")
        #expect(third.stderr.components(separatedBy: "Which pizza?").count == 4)

        let never = try await cli.run(arguments, stdin: "pineapple\nbanana\nkiwi\nmargherita\n")
        #expect(never.status == 1)
        #expect(never.stderr.components(separatedBy: "Which pizza?").count == 4, "\(never.stderr)")
        #expect((try never.json()["reason"] as? String)?.contains("\"kiwi\"") == true)
    }

    @Test("an --answer that does not parse is reported once, not once per attempt")
    func badAnswerReportedOnce() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run([
            "simulate", "order a pizza", "--shortcuts", CLIRunner.demo, "--no-history", "--answer", "kind=pineapple",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.components(separatedBy: "invalid value \"pineapple\"").count == 2, "\(result.stderr)")
    }

    @Test("an unanswered question times out and says so")
    func questionTimesOut() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let incant = try BackgroundIncant(
            cli,
            [
                "simulate", "order a pizza", "--shortcuts", CLIRunner.demo, "--no-history", "--json",
                "--answer-timeout", "0.5",
            ],
            feedsStandardInput: true)
        defer { incant.stop() }
        let status = await incant.waitForExit(within: .seconds(60))
        #expect(status == 1, "\(incant.stderr)")
        #expect(incant.stderr.contains("no answer within 0.5 s: timeout"), "\(incant.stderr)")
        #expect(incant.stdout.contains("missing required parameter 'kind' (no answer within 0.5 s: timeout)"))
    }

    @Test("SIGTERM while a question waits ends simulate with 143, recorded as interrupted")
    func signalEndsQuestion() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let incant = try BackgroundIncant(
            cli,
            // The question must still be waiting when the signal comes: on a loaded machine the
            // prompt can be seen later than the default 30 s answer timeout.
            ["simulate", "order a pizza", "--shortcuts", CLIRunner.demo, "--json", "--answer-timeout", "3600"],
            feedsStandardInput: true)
        defer { incant.stop() }
        #expect(await BackgroundIncant.waitUntil(within: .seconds(600)) { incant.stderr.contains("Which pizza?") })
        incant.send(SIGTERM)
        let status = await incant.waitForExit(within: .seconds(300))
        #expect(status == 143, "\(incant.stderr)")
        #expect(incant.stdout.contains("\"status\":\"interrupted\""), "\(incant.stdout)")
        let history = try await cli.run(["history", "--json"])
        #expect(history.stdout.contains("interrupted"), "\(history.stdout)")
    }

    @Test("an --answer for a parameter the shortcut does not have is an error naming it")
    func unknownAnswer() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let log = cli.home.appendingPathComponent("log").path
        let matched = try await cli.run(
            ["simulate", "order a margherita pizza", "--shortcuts", CLIRunner.demo, "--answer", "flavour=x"],
            extraEnvironment: ["PIZZERIA_LOG": log])
        #expect(matched.status == 64)
        #expect(matched.stderr.contains("--answer flavour=x: shortcut 'order-pizza' has no parameter 'flavour'"))
        #expect(!FileManager.default.fileExists(atPath: log), "nothing ran")
        let unmatched = try await cli.run(
            ["simulate", "what is the meaning of life", "--shortcuts", CLIRunner.demo, "--answer", "flavour=x"])
        #expect(unmatched.status == 64)
        #expect(unmatched.stderr.contains("no shortcut has a parameter 'flavour'"))
    }

    @Test("--limit -1 says what is wrong with -1, not that a value is missing")
    func negativeLimit() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(["history", "--limit", "-1"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--limit must be 1 or more, not -1"), "\(result.stderr)")
        #expect(!result.stderr.contains("Missing value"))
    }
}

@Suite("Shell completion")
struct CompletionTests {
    @Test("shortcut ids complete, from --shortcuts or the configured definitions")
    func shortcutIDs() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let typed = ["incant", "shortcuts", "show", "--shortcuts", CLIRunner.demo, "or"]
        let result = try await cli.run(["---completion", "shortcuts", "show", "--", "positional@0", "5", "2"] + typed)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n") == ["order-pizza"])

        _ = try await cli.run(["init"])
        let configured = try await cli.run(
            ["---completion", "phrases", "add", "--", "positional@0", "3", "0", "incant", "phrases", "add", ""])
        #expect(configured.stdout.split(separator: "\n") == ["hello", "open-folder", "timer"], "\(configured.stderr)")

        let script = try await cli.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        #expect(script.stdout.contains("---completion shortcuts show -- positional@0"))
    }
}
