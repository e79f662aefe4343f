import Foundation
import IncantTestSupport
import Testing

/// Standard output or standard error that cannot be written (here `/dev/full`, as on a full
/// disk): `incant` still ends with its own exit status and, where it can, says why — it does
/// not crash.
@Suite("Unwritable output")
struct OutputFaultTests {
    /// Runs `incant arguments` through `sh` with `redirection` applied (e.g. `2>/dev/full`).
    static func run(_ cli: CLIRunner, _ arguments: [String], redirection: String) async -> (BackgroundIncant?, Int32?) {
        guard
            let run = try? BackgroundIncant(
                cli, arguments, command: ["/bin/sh", "-c", "exec \"$0\" \"$@\" \(redirection)"])
        else { return (nil, nil) }
        return (run, await run.waitForExit())
    }

    @Test func anErrorMessageThatCannotBeWrittenStillExitsWithItsStatus() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let (run, status) = await Self.run(
            cli, ["listen", "--device", "incant_no_such_device", "--once", "--shortcuts", CLIRunner.demo],
            redirection: "2>/dev/full")
        defer { run?.stop() }
        #expect(status == 66, "a lost message must not turn into a crash")
    }

    @Test func listenResultsThatCannotBeWrittenEndWithAnIOError() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["turn on the kitchen lights"], in: cli.home)
        let (run, status) = await Self.run(
            cli, ["listen", "--file", audio, "--dry-run", "--shortcuts", CLIRunner.demo], redirection: ">/dev/full")
        defer { run?.stop() }
        #expect(status == 74, "\(run?.stderr ?? "")")
        #expect(run?.stderr.contains("cannot write to standard output") == true, "\(run?.stderr ?? "")")
    }
}
