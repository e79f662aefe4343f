import Foundation
import IncantTestSupport
import Testing

/// `incant adapt`: an MLLR transform from recorded takes (SphinxTrain as child processes), used
/// by every command that listens, refused by name when broken.
@Suite("incant adapt", .tags(.slow), .skippedWhenFast)
struct AdaptCommandTests {
    static let toolsAreInstalled =
        FileManager.default.isExecutableFile(atPath: "/usr/lib/sphinxtrain/bw")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/pocketsphinx_mdef_convert")

    @Test func withoutTakesItSaysWhatToDo() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(["adapt", "--shortcuts", CLIRunner.demo])
        #expect(result.status == 66)
        #expect(result.stderr.contains("no recorded takes to adapt to: record some with `incant phrases record`"))
        #expect(
            !FileManager.default.fileExists(atPath: cli.home.appendingPathComponent("data/incant/adaptation.mllr").path)
        )
    }

    @Test(.enabled(if: Self.toolsAreInstalled))
    func takesMakeATransformThatListeningUsesUntilRemoved() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        var takes: [String] = []
        for speed in stride(from: 120, through: 210, by: 10) {
            takes.append(try await Speech.recording(["order my usual"], in: cli.home, speed: speed))
        }
        let recorded = try await cli.run(
            ["phrases", "record", "order-pizza", "--phrase", "order my usual", "--set", "kind=margherita"]
                + takes.flatMap { ["--file", $0] } + ["--shortcuts", CLIRunner.demo])
        #expect(recorded.status == 0, "\(recorded.stderr)")

        let adapted = try await cli.run(["adapt", "--json", "--shortcuts", CLIRunner.demo])
        #expect(adapted.status == 0, "\(adapted.stderr)")
        let report = try adapted.json()
        let path = cli.home.appendingPathComponent("data/incant/adaptation.mllr").path
        #expect(report["transform"] as? String == path)
        #expect(report["takes"] as? Int == 10 && report["used"] as? Int == 10)
        #expect(report["recognizedBefore"] as? Int == 10 && report["recognizedAfter"] as? Int == 10)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("1\n3\n13\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // Listening picks it up; the takes still pass.
        let tested = try await cli.run(["phrases", "test", "--shortcuts", CLIRunner.demo])
        #expect(tested.status == 0, "\(tested.stdout)\n\(tested.stderr)")

        // A damaged transform is refused by name, not handed to pocketsphinx.
        try (text.split(separator: "\n").prefix(10).joined(separator: "\n") + "\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        let damaged = try await cli.run(["listen", "--file", takes[0], "--once", "--shortcuts", CLIRunner.demo])
        #expect(damaged.status == 66)
        #expect(damaged.stderr.contains("\(path): not an MLLR transform: stream 1 needs 195 numbers"))
        let without = try await cli.run(
            ["listen", "--file", takes[0], "--once", "--json", "--no-adaptation", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["PIZZERIA_LOG": cli.home.appendingPathComponent("orders.log").path])
        #expect(without.status == 0, "\(without.stderr)")

        let removed = try await cli.run(["adapt", "--remove"])
        #expect(removed.status == 0 && removed.stdout == "removed \(path)\n")
        #expect(!FileManager.default.fileExists(atPath: path))
        let again = try await cli.run(["adapt", "--remove"])
        #expect(again.stdout == "no adaptation at \(path)\n")
    }

    @Test func anUnreadableTransformIsNamed() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let missing = cli.home.appendingPathComponent("nowhere.mllr").path
        let result = try await cli.run(
            ["recognize", "/dev/null", "--adaptation", missing, "--shortcuts", CLIRunner.demo])
        #expect(result.status == 66)
        #expect(result.stderr.contains("cannot read adaptation file \(missing)"))
    }
}

/// `incant listen --adapt-online`: the model follows what the listener accepted.
@Suite("incant listen --adapt-online", .tags(.slow), .skippedWhenFast)
struct OnlineAdaptationCLITests {
    @Test(.enabled(if: AdaptCommandTests.toolsAreInstalled))
    func everyTenAcceptedUtterancesAdaptTheModel() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let commands = ["order three four cheese pizzas", "turn on the kitchen lights", "order a pepperoni pizza"]
        let audio = try await Speech.recording((0..<12).map { commands[$0 % commands.count] }, in: cli.home)
        // A private temporary folder: other tests running beside this one make their own
        // `incant-online-model-*` folders in the shared one.
        let temporary = cli.home.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let result = try await cli.run(
            ["listen", "--file", audio, "--dry-run", "--adapt-online", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["TMPDIR": temporary.path])
        #expect(result.status == 0, "\(result.stderr)")
        let accepted = result.stdout.split(separator: "\n").filter { $0.contains("→ ") }
        #expect(accepted.count >= 10, "\(result.stdout)")
        #expect(
            result.stderr.contains("incant: adapted the model to the last 10 accepted utterances"), "\(result.stderr)")
        #expect(!result.stderr.contains("cannot adapt"))
        // The transform lived only as long as the listener.
        // (Audio libraries may leave their own `pulse-*` folder there.)
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("incant") }
        #expect(left.isEmpty, "left in the temporary folder: \(left)")
    }
}
