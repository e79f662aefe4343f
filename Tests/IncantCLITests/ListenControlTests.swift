import Foundation
import IncantTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `incant listen --push-to-talk` and the control socket: `incant trigger`, SIGUSR1, `mute`,
/// `unmute` and `status`, against a real listener reading speech from standard input.
@Suite("Push-to-talk and the control socket", .tags(.slow), .skippedWhenFast)
struct ListenControlTests {
    static let definitions = """
        shortcuts:
          - id: window
            phrases: ["open the window"]
            responses: { success: "Done: window." }
          - id: door
            phrases: ["close the door"]
            responses: { success: "Done: door." }

        """

    /// The shortcuts file and raw audio (s16le) of `text`, with `silence` seconds of faint
    /// noise after it.
    static func setUp(_ cli: CLIRunner) throws -> String {
        let file = cli.home.appendingPathComponent("home.yaml")
        try definitions.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    static func raw(_ text: String, in cli: CLIRunner, silence: Double = 0) async throws -> Data {
        let audio = try await Speech.recording([text], in: cli.home)
        let raw = cli.home.appendingPathComponent("\(UUID().uuidString.prefix(8)).raw").path
        var arguments = [audio, "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "16000", raw]
        if silence > 0 { arguments += ["pad", "0", "\(silence)"] }
        try await TestProcess.soxOutput(arguments)
        return try Data(contentsOf: URL(fileURLWithPath: raw))
    }

    /// `incant status --json`'s status object.
    static func status(_ cli: CLIRunner) async throws -> [String: Any] {
        let result = try await cli.run(["status", "--json"])
        try #require(result.status == 0, "status: \(result.stderr)")
        return try #require(try result.json()["status"] as? [String: Any])
    }

    /// Waits until the listener answers on its control socket, and has started reading.
    static func waitForControl(_ cli: CLIRunner, _ run: BackgroundIncant) async throws {
        var answered = false
        let deadline = ContinuousClock.now + .seconds(180)
        while !answered, ContinuousClock.now < deadline, run.process.isRunning {
            let status = try await cli.run(["status", "--json"])
            answered = status.status == 0 && !status.stdout.contains("\"activity\":\"starting\"")
            if !answered { try await Task.sleep(for: .milliseconds(200)) }
        }
        try #require(answered, "the listener never answered on its socket: \(run.stderr)")
    }

    /// The decided utterances on standard output (`--json` also prints ignored ones).
    static func decided(_ run: BackgroundIncant) -> [Substring] {
        run.stdout.split(separator: "\n").filter { !$0.contains("\"ignored\":true") }
    }

    /// The `number`th decided utterance's JSON line, waiting for it.
    static func line(_ number: Int, of run: BackgroundIncant) async throws -> [String: Any] {
        let printed = await BackgroundIncant.waitUntil(within: .seconds(180)) {
            decided(run).count >= number
        }
        try #require(printed, "no line \(number); stderr: \(run.stderr)")
        let line = decided(run)[number - 1]
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    static func count(_ text: String, in run: BackgroundIncant) -> Int {
        run.stderr.components(separatedBy: text).count - 1
    }

    @Test func pushToTalkRecognizesOnlyTriggeredCommandsOnePerTrigger() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let shortcuts = try Self.setUp(cli)
        let window = try await Self.raw("open the window", in: cli)
        let door = try await Self.raw("close the door", in: cli)
        let run = try BackgroundIncant(
            cli, ["listen", "--stdin", "--json", "--push-to-talk", "--trigger-window", "60", "--shortcuts", shortcuts],
            feedsStandardInput: true)
        defer { run.stop() }
        try await Self.waitForControl(cli, run)

        // The socket is owner-only, in a private folder.
        let socket = cli.home.appendingPathComponent("run/incant/control.sock").path
        var info = stat()
        #expect(lstat(socket, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK)
        #expect(info.st_mode & 0o077 == 0, "socket mode \(String(info.st_mode & 0o777, radix: 8))")
        #expect(stat(cli.home.appendingPathComponent("run/incant").path, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(try await Self.status(cli)["activity"] as? String == "waiting for trigger")

        // Not triggered: ignored, never recognized.
        try await run.feed(window)
        #expect(await BackgroundIncant.waitUntil(within: .seconds(180)) { Self.count("ignored", in: run) >= 1 })
        #expect(run.stderr.contains("push-to-talk: no trigger came before it"), "\(run.stderr)")
        let ignored = try #require(try await Self.status(cli)["lastUtterance"] as? [String: Any])
        #expect(ignored["outcome"] as? String == "ignored")
        #expect(ignored["transcript"] == nil)

        // `incant trigger` opens one command.
        let trigger = try await cli.run(["trigger"])
        #expect(trigger.status == 0, "\(trigger.stderr)")
        #expect(trigger.stdout.contains("listening for one command"))
        #expect(try await Self.status(cli)["activity"] as? String == "listening for one command")
        try await run.feed(door)
        let first = try await Self.line(1, of: run)
        #expect(first["shortcut"] as? String == "door")
        let accepted = try #require(try await Self.status(cli)["lastUtterance"] as? [String: Any])
        #expect(accepted["outcome"] as? String == "accepted")
        #expect(accepted["shortcut"] as? String == "door")
        #expect(accepted["transcript"] as? String == "close the door")

        // One command per trigger: the next utterance is ignored again.
        try await run.feed(window)
        #expect(await BackgroundIncant.waitUntil(within: .seconds(180)) { Self.count("ignored", in: run) >= 2 })
        #expect(Self.decided(run).count == 1, "\(run.stdout)")

        // SIGUSR1 triggers too.
        run.send(SIGUSR1)
        #expect(await BackgroundIncant.waitUntil(within: .seconds(180)) { run.stderr.contains("SIGUSR1: listening") })
        try await run.feed(window)
        #expect(try await Self.line(2, of: run)["shortcut"] as? String == "window")

        // Its log is plain text for the journal: no terminal colours on a pipe.
        #expect(!run.stderr.contains("\u{1B}"), "\(run.stderr)")
        try run.endInput()
        #expect(await run.waitForExit() == 0, "\(run.stderr)")
        // The socket goes with the listener.
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test func enterAtTheTerminalTriggersOneCommand() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            try Test.cancel("needs util-linux's script(1) for a terminal")
        }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let shortcuts = try Self.setUp(cli)
        // "close the door" after 8 s of quiet, twice, 30 s apart, played in real time. Enter is
        // pressed once the listener runs: before the first one on most machines (which is then
        // the command, and the second is ignored), or late, on a loaded one (the first is
        // ignored, the trigger waits, and the second is the command). Either way, exactly one runs.
        let speech = try await Speech.recording(["close the door"], in: cli.home)
        let padded = cli.home.appendingPathComponent("padded.wav").path
        try await TestProcess.soxOutput([speech, padded, "pad", "8", "20"])
        let noise = cli.home.appendingPathComponent("quiet.wav").path
        let seconds = try Double(
            await TestSpeech.output("soxi", ["-D", padded]).trimmingCharacters(in: .whitespacesAndNewlines))
        try await TestProcess.soxOutput([
            "-n", "-r", "16000", "-c", "1", "-b", "16", noise, "synth", "\(try #require(seconds))", "whitenoise",
            "vol", "0.003",
        ])
        let once = cli.home.appendingPathComponent("once.wav").path
        try await TestProcess.soxOutput(["-m", padded, noise, once])
        let twice = cli.home.appendingPathComponent("twice.wav").path
        try await TestProcess.soxOutput([once, once, twice])

        // script(1) gives the listener a terminal; what is written to script is typed there.
        let run = try BackgroundIncant(
            cli,
            [
                "listen", "--file", twice, "--real-time", "--push-to-talk", "--trigger-window", "60", "--json",
                "--dry-run", "--shortcuts",
                shortcuts,
            ], command: ["/bin/bash", "-c", "exec /usr/bin/script -qfec \"$(printf '%q ' \"$@\")\" /dev/null", "bash"],
            feedsStandardInput: true)
        defer { run.stop() }
        #expect(await BackgroundIncant.waitUntil(within: .seconds(180)) { run.stdout.contains("push-to-talk: Enter") })
        try await run.feed(Data("\n".utf8))
        #expect(
            await BackgroundIncant.waitUntil(within: .seconds(180)) {
                run.stdout.contains("Enter: listening for one command")
            }, "\(run.stdout)")
        #expect(await run.waitForExit(within: .seconds(600)) == 0, "\(run.stdout)")
        // The terminal carries standard output and standard error alike.
        let commands = run.stdout.split(separator: "\n").filter { $0.contains("\"shortcut\":\"door\"") }
        #expect(commands.count == 1, "\(run.stdout)")
        #expect(run.stdout.contains("push-to-talk: no trigger came before it"), "\(run.stdout)")
    }

    @Test func mutedAudioIsNeverRecognizedAndUnmutingListensAgain() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let shortcuts = try Self.setUp(cli)
        // Four seconds of noise after the speech: more than a pipe holds, so once the write
        // returns, the speech has been read.
        let window = try await Self.raw("open the window", in: cli, silence: 4)
        let door = try await Self.raw("close the door", in: cli)
        let run = try BackgroundIncant(
            cli, ["listen", "--stdin", "--json", "--shortcuts", shortcuts], feedsStandardInput: true)
        defer { run.stop() }
        try await Self.waitForControl(cli, run)
        #expect(try await Self.status(cli)["activity"] as? String == "listening")

        let mute = try await cli.run(["mute"])
        #expect(mute.status == 0 && mute.stdout.contains("muted"), "\(mute.stderr)")
        #expect(try await Self.status(cli)["activity"] as? String == "muted")
        #expect(try await cli.run(["mute"]).stdout.contains("already muted"))
        // A trigger cannot open a command while muted.
        let refused = try await cli.run(["trigger"])
        #expect(refused.status == 1 && refused.stderr.contains("muted"), "\(refused.stderr)")
        try await run.feed(window)

        #expect(try await cli.run(["unmute"]).stdout.contains("listening again"))
        try await run.feed(door)
        // The muted utterance left no trace: the first line is the one said after unmuting.
        let first = try await Self.line(1, of: run)
        #expect(first["shortcut"] as? String == "door", "\(run.stdout)")
        #expect(!run.stdout.contains("window"), "\(run.stdout)")
        #expect(!run.stderr.contains("ignored"), "muted audio must not even reach the detector: \(run.stderr)")

        try run.endInput()
        #expect(await run.waitForExit() == 0, "\(run.stderr)")
    }

    @Test(arguments: ["trigger", "mute", "unmute", "status"])
    func withoutAListenerTheControlCommandsSaySoAndExit69(command: String) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run([command])
        #expect(result.status == 69)
        #expect(result.stderr.contains("no incant listener is running"), "\(result.stderr)")
        #expect(result.stderr.contains("run/incant/control.sock"), "names the socket: \(result.stderr)")
    }

    @Test func aSocketFolderThatIsNotAFolderOfYoursIsNeitherUsedNorTrusted() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let shortcuts = try Self.setUp(cli)
        // The socket's folder is a link to somewhere else (as someone could plant in /tmp).
        let elsewhere = cli.home.appendingPathComponent("elsewhere").path
        #expect(mkdir(elsewhere, 0o700) == 0)
        #expect(symlink(elsewhere, cli.home.appendingPathComponent("run/incant").path) == 0)

        let status = try await cli.run(["status"])
        #expect(status.status == 74, "\(status.stderr)")
        #expect(status.stderr.contains("it is not a folder of yours"), "\(status.stderr)")

        let run = try BackgroundIncant(
            cli, ["listen", "--stdin", "--shortcuts", shortcuts], feedsStandardInput: true)
        defer { run.stop() }
        try run.endInput()
        #expect(await run.waitForExit() == 0, "\(run.stderr)")
        #expect(run.stderr.contains("for the control socket: it is not a folder"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test func aSocketLeftByADeadListenerIsReplacedAndALiveOneIsNot() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let shortcuts = try Self.setUp(cli)
        // A socket bound and abandoned, as a killed listener leaves it.
        let folder = cli.home.appendingPathComponent("run/incant").path
        #expect(mkdir(folder, 0o755) == 0)
        let path = folder + "/control.sock"
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        close(stale)

        let first = try BackgroundIncant(
            cli, ["listen", "--stdin", "--shortcuts", shortcuts], feedsStandardInput: true)
        defer { first.stop() }
        try await Self.waitForControl(cli, first)
        var info = stat()
        // The folder was made private.
        #expect(stat(folder, &info) == 0 && info.st_mode & 0o777 == 0o700)

        // A second listener leaves the first one's socket alone, and says so.
        let second = try BackgroundIncant(
            cli, ["listen", "--stdin", "--shortcuts", shortcuts], feedsStandardInput: true)
        defer { second.stop() }
        #expect(
            await BackgroundIncant.waitUntil(within: .seconds(180)) {
                second.stderr.contains("another incant listener already answers")
            }, "\(second.stderr)")
        try second.endInput()
        #expect(await second.waitForExit() == 0, "\(second.stderr)")
        #expect(try await cli.run(["status"]).status == 0, "the first listener's socket must survive the second")

        try first.endInput()
        #expect(await first.waitForExit() == 0, "\(first.stderr)")
    }
}
