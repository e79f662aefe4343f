import Foundation
import IncantTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// One bad item never disables the rest: a phrase no one can pronounce, a broken definition
/// file, a corrupt history, an empty query, a recorded take that is not the phrase.
@Suite("One bad item")
struct OneBadItemTests {
    /// The demo shortcuts copied to `home/defs`, plus a file of phrases that cannot be
    /// pronounced and a file that is not YAML.
    static func definitions(in cli: CLIRunner) throws -> String {
        let folder = cli.home.appendingPathComponent("defs")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: CLIRunner.demo), to: folder)
        try """
        shortcuts:
          - id: droid
            phrases: ["call r2d2 now"]
            responses: { success: Beep. }
          - id: leave
            parameters: [{ name: door, type: enum, values: [exit3, front] }]
            phrases: ["leave by the {door} door"]
            responses: { success: Bye. }
        """.write(to: folder.appendingPathComponent("droid.yaml"), atomically: true, encoding: .utf8)
        try "shortcuts:\n  - id: [broken\n".write(
            to: folder.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        return folder.path
    }

    /// A history database that is not one.
    static func corruptHistory(in cli: CLIRunner) throws -> String {
        let folder = cli.home.appendingPathComponent("data/incant")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("history.sqlite").path
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func listenSkipsOnlyWhatIsBroken() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let definitions = try Self.definitions(in: cli)
        let history = try Self.corruptHistory(in: cli)
        let audio = try await Speech.recording(["order three four cheese pizzas"], in: cli.home)
        let log = cli.home.appendingPathComponent("orders.log").path
        let result = try await cli.run(
            ["listen", "--file", audio, "--once", "--json", "--shortcuts", definitions],
            extraEnvironment: ["PIZZERIA_LOG": log])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "3 x four cheese\n")
        // Each skipped phrase is named with its place, and so is the broken file.
        #expect(result.stderr.contains("droid.yaml:3"), "\(result.stderr)")
        #expect(result.stderr.contains("r2d2"))
        #expect(result.stderr.contains("droid.yaml:7"), "\(result.stderr)")
        #expect(result.stderr.contains("exit3"))
        #expect(result.stderr.contains("broken.yaml"))
        // The history is told about once, with what to do.
        #expect(result.stderr.components(separatedBy: "cannot open the history").count == 2, "\(result.stderr)")
        #expect(result.stderr.contains("mv '\(history)'"), "\(result.stderr)")

        let recognized = try await cli.run(["recognize", audio, "--json", "--shortcuts", definitions])
        #expect(recognized.status == 0, "\(recognized.stderr)")
        #expect(try recognized.json()["shortcut"] as? String == "order-pizza")
        #expect(recognized.stderr.contains("droid.yaml:3"), "\(recognized.stderr)")

        let simulated = try await cli.run(
            ["simulate", "order two margherita pizzas", "--shortcuts", definitions],
            extraEnvironment: ["PIZZERIA_LOG": log])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        #expect(simulated.stderr.contains("cannot open the history"))
        #expect(try String(contentsOfFile: log, encoding: .utf8).hasSuffix("2 x margherita\n"))
    }

    /// How a working history is made unwritable: the database file, or the folder it is in (so
    /// SQLite can open the file but not create the journal a write needs).
    enum ReadOnly: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case file, folder
        var testDescription: String { "read-only history \(rawValue)" }
    }

    /// A history holding one dispatch, then made read-only as `readOnly` says, with the demo
    /// shortcuts copied into the home and a folder anyone may write for the handler's log. As
    /// root (who ignores file modes) the commands run as `nobody` through `command`.
    struct ReadOnlyHistory {
        var history: String
        var definitions: String
        var output: String
        var command: [String]
        /// The history's bytes once made read-only.
        var bytes: Data
    }

    static func readOnlyHistory(_ readOnly: ReadOnly, in cli: CLIRunner) async throws -> ReadOnlyHistory {
        let manager = FileManager.default
        let definitions = cli.home.appendingPathComponent("demo-shortcuts").path
        try manager.copyItem(atPath: CLIRunner.demo, toPath: definitions)
        let output = cli.home.appendingPathComponent("out").path
        try manager.createDirectory(atPath: output, withIntermediateDirectories: true)
        try manager.setAttributes([.posixPermissions: 0o777], ofItemAtPath: output)
        let first = try await cli.run(
            ["simulate", "order three pepperoni pizzas", "--shortcuts", definitions],
            extraEnvironment: ["PIZZERIA_LOG": output + "/first.log"])
        #expect(first.status == 0, "\(first.stderr)")
        let folder = cli.home.appendingPathComponent("data/incant").path
        let history = folder + "/history.sqlite"
        var command: [String] = []
        if StoreFaultTests.isRoot {
            command = [StoreFaultTests.setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"]
            for path in [cli.home.path, cli.home.path + "/data", folder] {
                try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            }
            switch readOnly {
            case .file:
                // root's file, readable by nobody but not writable.
                try manager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: history)
            case .folder:
                // nobody's file in root's folder.
                let user = try #require(getpwnam("nobody"))
                #expect(chown(history, user.pointee.pw_uid, user.pointee.pw_gid) == 0)
            }
        } else {
            try manager.setAttributes(
                [.posixPermissions: 0o555], ofItemAtPath: readOnly == .file ? history : folder)
        }
        return ReadOnlyHistory(
            history: history, definitions: definitions, output: output, command: command,
            bytes: try Data(contentsOf: URL(fileURLWithPath: history)))
    }

    /// Gives the owner back the right to write, so the home can be removed.
    static func restore(_ setup: ReadOnlyHistory) {
        let folder = (setup.history as NSString).deletingLastPathComponent
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder)
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: setup.history)
    }

    /// The lines of `stderr` that are warnings.
    static func warnings(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.contains("warning") }
    }

    @Test(
        .enabled(
            if: !StoreFaultTests.isRoot || StoreFaultTests.canDropToNobody,
            "as root, needs setpriv allowed to switch to nobody"),
        arguments: ReadOnly.allCases)
    func simulateRunsWithAReadOnlyHistoryAndWarnsOnce(_ readOnly: ReadOnly) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let setup = try await Self.readOnlyHistory(readOnly, in: cli)
        defer { Self.restore(setup) }
        let log = setup.output + "/orders.log"
        let run = try BackgroundIncant(
            cli, ["simulate", "order two margherita pizzas", "--shortcuts", setup.definitions],
            command: setup.command, extraEnvironment: ["PIZZERIA_LOG": log])
        defer { run.stop() }
        #expect(await run.waitForExit() == 0, "\(run.stderr)")
        #expect((try? String(contentsOfFile: log, encoding: .utf8)) == "2 x margherita\n", "\(run.stderr)")
        let warnings = Self.warnings(run.stderr)
        #expect(warnings.count == 1, "\(run.stderr)")
        #expect(warnings.first?.contains("history at \(setup.history)") == true, "\(run.stderr)")
        #expect(run.stderr.contains("mv '\(setup.history)'"), "says how to move it aside: \(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: setup.history)) == setup.bytes)
    }

    @Test(
        .tags(.slow), .skippedWhenFast,
        .enabled(
            if: !StoreFaultTests.isRoot || StoreFaultTests.canDropToNobody,
            "as root, needs setpriv allowed to switch to nobody"))
    func listenRunsEveryShortcutWithAReadOnlyHistoryFolderAndWarnsOnce() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let setup = try await Self.readOnlyHistory(.folder, in: cli)
        defer { Self.restore(setup) }
        if StoreFaultTests.isRoot {
            // The listener's runtime folder (control socket) is nobody's own.
            let user = try #require(getpwnam("nobody"))
            #expect(chown(cli.home.path + "/run", user.pointee.pw_uid, user.pointee.pw_gid) == 0)
        }
        let audio = try await Speech.recording(
            ["order three four cheese pizzas", "order two margherita pizzas"], in: cli.home)
        let log = setup.output + "/orders.log"
        let run = try BackgroundIncant(
            cli, ["listen", "--file", audio, "--shortcuts", setup.definitions],
            command: setup.command, extraEnvironment: ["PIZZERIA_LOG": log])
        defer { run.stop() }
        #expect(await run.waitForExit() == 0, "\(run.stderr)")
        // Every dispatch failed to be recorded; the problem is told once.
        #expect(
            (try? String(contentsOfFile: log, encoding: .utf8)) == "3 x four cheese\n2 x margherita\n",
            "\(run.stdout)\n\(run.stderr)")
        let warnings = Self.warnings(run.stderr)
        #expect(warnings.count == 1, "\(run.stderr)")
        #expect(warnings.first?.contains("history at \(setup.history)") == true, "\(run.stderr)")
        #expect(run.stderr.contains("mv '\(setup.history)'"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: setup.history)) == setup.bytes)
    }

    @Test func checkReportsEveryBrokenThingWithItsPlace() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let definitions = try Self.definitions(in: cli)
        try """
        shortcuts:
          - id: vague
            phrases: ["[maybe] [please]"]
            responses: { success: Maybe. }
          - id: unreachable
            phrases: []
            responses: { success: Nobody. }
          - id: lost
            phrases: ["run the lost handler"]
            handle: { run: ["./handlers/nowhere"] }
          - id: kitchen-on
            phrases: ["kitchen on"]
            responses: { success: On. }
          - id: kitchen-off
            phrases: ["kitchen off"]
            responses: { success: Off. }
        """.write(
            to: URL(fileURLWithPath: definitions).appendingPathComponent("more.yaml"), atomically: true,
            encoding: .utf8)
        let result = try await cli.run(["shortcuts", "check", "--shortcuts", definitions])
        #expect(result.status == 65)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func line(_ place: String, _ words: String...) -> Bool {
            lines.contains { line in line.contains(place) && words.allSatisfy { line.contains($0) } }
        }
        #expect(line("droid.yaml:3", "error", "r2d2"), "\(result.stdout)")
        #expect(line("droid.yaml:7", "error", "exit3"), "\(result.stdout)")
        #expect(line("broken.yaml", "error"), "\(result.stdout)")
        #expect(line("more.yaml:3", "error", "empty query"), "\(result.stdout)")
        #expect(line("more.yaml:5", "warning", "'unreachable'"), "\(result.stdout)")
        #expect(line("more.yaml:8", "error", "nowhere' does not exist"), "\(result.stdout)")
        #expect(line("more.yaml:", "warning", "\"kitchen on\"", "kitchen off"), "\(result.stdout)")
    }

    @Test func anEmptyQueryRunsNothing() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let marker = cli.home.appendingPathComponent("ran").path
        let definitions = cli.home.appendingPathComponent("vague.yaml")
        try """
        shortcuts:
          - id: vague
            phrases: ["[maybe] [please]"]
            handle: { run: ["/bin/touch", "\(marker)"] }
        """.write(to: definitions, atomically: true, encoding: .utf8)
        for query in ["", "please", "  "] {
            let result = try await cli.run(["simulate", query, "--shortcuts", definitions.path, "--json"])
            #expect(result.status == 2, "\(query): \(result.stdout) \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: marker))
        }
    }

    @Test func phrasesAddRefusesAWordThatCannotBePronounced() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let refused = try await cli.run(
            [
                "phrases", "add", "order-pizza", "order for r2d2", "--set", "kind=margherita", "--shortcuts",
                CLIRunner.demo,
            ])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("r2d2"), "\(refused.stderr)")
        let listed = try await cli.run(["phrases", "list", "--json"])
        #expect(!listed.stdout.contains("r2d2"))
        let added = try await cli.run(
            [
                "phrases", "add", "order-pizza", "order for robots", "--set", "kind=margherita", "--shortcuts",
                CLIRunner.demo,
            ])
        #expect(added.status == 0, "\(added.stderr)")
        let edited = try await cli.run(
            ["phrases", "edit", "order for robots", "--to", "order for c3po", "--shortcuts", CLIRunner.demo])
        #expect(edited.status == 65)
        #expect(edited.stderr.contains("c3po"), "\(edited.stderr)")
        let kept = try await cli.run(["phrases", "list", "--json"])
        #expect(kept.stdout.contains("order for robots"))
    }

    @Test func aTakeThatIsNotThePhraseIsReportedAndRemoveDeletesTakes() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let wrong = try await Speech.recording(["the weather is lovely today"], in: cli.home)
        let right = try await Speech.recording(["order my usual"], in: cli.home)
        let takes = cli.home.appendingPathComponent("data/incant/phrases/takes").path
        let refused = try await cli.run(
            [
                "phrases", "record", "order-pizza", "--file", wrong, "--phrase", "order my usual", "--set",
                "kind=margherita", "--shortcuts", CLIRunner.demo,
            ])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("take 1 is not recognized as \"order my usual\""), "\(refused.stderr)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: takes)) ?? []).isEmpty)

        let mixed = try await cli.run(
            [
                "phrases", "record", "order-pizza", "--file", right, "--file", wrong, "--phrase", "order my usual",
                "--set", "kind=margherita", "--json", "--shortcuts", CLIRunner.demo,
            ])
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(mixed.stderr.contains("take 2 is not recognized"), "\(mixed.stderr)")
        let json = try mixed.json()
        #expect((json["takes"] as? [String])?.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: takes).count == 1)

        let removed = try await cli.run(["phrases", "remove", "order my usual"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: takes).isEmpty)
    }
}
