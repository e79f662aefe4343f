import Foundation
import Testing

@Suite("First run: init, configuration file")
struct FirstRunTests {
    @Test("without shortcuts, every command says once to run `incant init`")
    func missingShortcutsSaysInit() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        for arguments in [["simulate", "say hello"], ["shortcuts", "list"], ["shortcuts", "check"]] {
            let result = try await cli.run(arguments)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("run `incant init`"), "\(arguments): \(result.stderr)")
            let path = cli.home.appendingPathComponent("config/incant/shortcuts").path
            #expect(result.stderr.components(separatedBy: path).count == 2, "path named once: \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        }
    }

    @Test("init writes an example set that works at once, and never overwrites")
    func initCreatesAndKeeps() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let created = try await cli.run(["init"])
        #expect(created.status == 0, "\(created.stderr)")
        let example = cli.home.appendingPathComponent("config/incant/shortcuts/example.yaml").path
        let config = cli.home.appendingPathComponent("config/incant/config.yaml").path
        #expect(created.stdout.contains("created \(example)"))
        #expect(created.stdout.contains("created \(config)"))
        #expect(created.stdout.contains("incant simulate \"say hello\""))

        let check = try await cli.run(["shortcuts", "check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("0 errors, 0 warnings"), "\(check.stdout)")
        let hello = try await cli.run(["simulate", "say hello", "--no-history"])
        #expect(hello.status == 0, "\(hello.stderr)")
        #expect(hello.stdout.contains("Hello! Incant is working."))

        try "# mine\nshortcuts: []\n".write(toFile: example, atomically: true, encoding: .utf8)
        try "threshold: 0.9\n".write(toFile: config, atomically: true, encoding: .utf8)
        let again = try await cli.run(["init"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("kept"))
        #expect(try String(contentsOfFile: example, encoding: .utf8) == "# mine\nshortcuts: []\n")
        #expect(try String(contentsOfFile: config, encoding: .utf8) == "threshold: 0.9\n")
    }

    @Test("the configuration file sets defaults; command-line options override them")
    func configurationFileAndOverrides() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let folder = cli.home.appendingPathComponent("config/incant")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "shortcuts: \(CLIRunner.demo)\nthreshold: 1\n".write(
            to: folder.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)

        // "order three four cheese pizza" is one word from a phrase: below threshold 1, above 0.6.
        let strict = try await cli.run(["simulate", "order three four cheese pizzas please now", "--dry-run", "--json"])
        #expect(strict.status == 2, "\(strict.stdout)\(strict.stderr)")
        let relaxed = try await cli.run([
            "simulate", "order three four cheese pizzas please now", "--dry-run", "--json", "--threshold", "0.5",
        ])
        #expect(relaxed.status == 0, "\(relaxed.stdout)\(relaxed.stderr)")
        #expect(try relaxed.json()["shortcut"] as? String == "order-pizza")

        // --shortcuts overrides `shortcuts:`.
        let other = cli.home.appendingPathComponent("other.yaml").path
        try "shortcuts:\n  - id: only\n    phrases: [\"only this\"]\n".write(
            toFile: other, atomically: true, encoding: .utf8)
        let overridden = try await cli.run(["shortcuts", "list", "--shortcuts", other])
        #expect(overridden.stdout.contains("only"), "\(overridden.stdout)\(overridden.stderr)")
        #expect(!overridden.stdout.contains("order-pizza"))
    }

    @Test("a bad configuration file names its file, line and key, and nothing runs")
    func badConfigurationFile() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let folder = cli.home.appendingPathComponent("config/incant")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.yaml").path
        try "shortcuts: \(CLIRunner.demo)\nthreshhold: 0.7\n".write(toFile: config, atomically: true, encoding: .utf8)
        let result = try await cli.run(["simulate", "order three four cheese pizzas", "--dry-run"])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("\(config):2:"), "\(result.stderr)")
        #expect(result.stderr.contains("'threshhold'") && result.stderr.contains("did you mean 'threshold'"))
        #expect(result.stdout.isEmpty)
    }

    @Test("--phrases naming a file says it is a file, not a folder")
    func phrasesOnAFile() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let file = cli.home.appendingPathComponent("phrases.yaml").path
        try "x\n".write(toFile: file, atomically: true, encoding: .utf8)
        for arguments in [
            ["phrases", "add", "order-pizza", "order my usual", "--set", "kind=margherita"], ["phrases", "list"],
        ] {
            let result = try await cli.run(arguments + ["--shortcuts", CLIRunner.demo, "--phrases", file])
            #expect(result.status != 0)
            #expect(result.stderr.contains("\(file): is a file, not a folder"), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains(".lock"), "\(result.stderr)")
        }
    }
}
