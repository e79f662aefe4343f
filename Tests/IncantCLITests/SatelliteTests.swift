import Foundation
import IncantTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `incant serve` connected to the real peer: the PyPI `wyoming-satellite` (in the venv
/// scripts/setup-wyoming.sh makes), whose microphone is a command playing a recorded phrase and
/// whose speaker is a command writing to a file.
@Suite("incant serve with wyoming-satellite", .tags(.slow), .skippedWhenFast)
struct SatelliteTests {
    /// The satellite's venv python: its release's `wyoming-satellite` script names an entry point
    /// the package lacks, so it is run as `python -m wyoming_satellite`.
    static let satellitePython = CLIRunner.repository.appendingPathComponent("vendor/venv-satellite/bin/python").path

    /// A TCP port of 127.0.0.1 free right now.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServeTestError(message: "socket: \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw ServeTestError(message: "cannot bind a free port: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// `text` quoted for the satellite's own splitting of its command options (shlex).
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }

    /// Starts wyoming-satellite on `port`, streaming without a wake word of its own.
    static func startSatellite(port: Int, microphone: String, speaker: String, cli: CLIRunner) throws
        -> BackgroundIncant
    {
        guard FileManager.default.isExecutableFile(atPath: satellitePython) else {
            throw ServeTestError(message: "no \(satellitePython): run scripts/setup.sh (scripts/setup-wyoming.sh)")
        }
        return try BackgroundIncant(
            cli, [],
            command: [
                satellitePython, "-m", "wyoming_satellite", "--name", "kitchen-pi", "--uri", "tcp://127.0.0.1:\(port)",
                "--no-zeroconf",
                "--mic-command", "cat \(quoted(microphone))", "--mic-command-rate", "16000",
                "--mic-command-width", "2", "--mic-command-channels", "1",
                "--snd-command", "sh -c \(quoted("cat >> " + quoted(speaker)))", "--debug",
            ], standalone: true)
    }

    @Test func runsTheShortcutWithTheSatellitesSiteSpeaksBackAndReconnects() async throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        let home = cli.home.path
        // A real handler: the site it was run for, one line per run.
        let handler = home + "/record-site.sh"
        try "#!/bin/sh\nprintf '%s\\n' \"$INCANT_SITE\" >> \"$SITE_LOG\"\n".write(
            toFile: handler, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: handler)
        let siteLog = home + "/sites.log"
        cli.environment["SITE_LOG"] = siteLog
        let shortcuts = home + "/kitchen.yaml"
        try """
        shortcuts:
          - id: kitchen-lights
            title: Kitchen lights
            sites: [kitchen]
            phrases: ["turn on the kitchen lights"]
            handle: { run: ["./record-site.sh"] }
            responses: { success: "The kitchen lights are on." }
          - id: radio
            phrases: ["play the radio"]
            responses: { success: "Playing." }
        """.write(toFile: shortcuts, atomically: true, encoding: .utf8)

        // The satellite's microphone: the phrase at 16 kHz mono 16-bit, with silence around it.
        let wav = home + "/phrase.wav"
        try Speech.speakAsSynthesized("turn on the kitchen lights", to: wav)
        let raw = home + "/phrase.raw"
        let sox = Process()
        sox.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sox.arguments = [
            "sox", "-R", wav, "-r", "16000", "-c", "1", "-b", "16", "-e", "signed-integer", "-t", "raw", raw, "pad",
            "1",
            "2.5",
        ]
        try sox.run()
        sox.waitUntilExit()
        #expect(sox.terminationStatus == 0, "sox could not convert the phrase")
        let speaker = home + "/speaker.raw"

        let port = try Self.freePort()
        // A second satellite nobody answers for: it must not keep the first from working.
        let config = cli.home.appendingPathComponent("config/incant")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try """
        satellites:
          - {name: kitchen-pi, uri: "tcp://127.0.0.1:\(port)", site: kitchen}
          - {name: attic-pi, uri: "tcp://127.0.0.1:\(try Self.freePort())", site: attic}
        """.write(to: config.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)

        var satellite = try Self.startSatellite(port: port, microphone: raw, speaker: speaker, cli: cli)
        defer { satellite.stop() }
        let server = try BackgroundIncant(
            cli, ["serve", "--uri", "tcp://127.0.0.1:0", "--shortcuts", shortcuts, "--decoders", "1"])
        defer { server.stop() }

        func lines() -> [String] {
            ((try? String(contentsOfFile: siteLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        func spokenBytes() -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: speaker))?[.size] as? Int) ?? 0
        }
        // The handler runs before the line about its turn is printed: both are waited for.
        let reported = "satellite kitchen-pi [kitchen]: \"turn on the kitchen lights\" → kitchen-lights"
        let ran = await BackgroundIncant.waitUntil(within: .seconds(300)) {
            (!lines().isEmpty && server.stderr.contains(reported)) || !server.process.isRunning
        }
        #expect(
            ran && !lines().isEmpty,
            "the shortcut did not run; incant: \(server.stderr)\nsatellite: \(satellite.stderr)")
        #expect(lines().allSatisfy { $0 == "kitchen" }, "\(lines())")
        #expect(server.stderr.contains("satellite kitchen-pi: connected"))
        #expect(server.stderr.contains(reported))
        #expect(server.stderr.contains("satellite attic-pi: cannot connect"))
        // The dialog's audio reaches the satellite's speaker.
        let spoke = await BackgroundIncant.waitUntil(within: .seconds(120)) { spokenBytes() > 16_000 }
        #expect(spoke, "no answer audio reached the satellite (\(spokenBytes()) bytes); satellite: \(satellite.stderr)")
        #expect(satellite.stderr.contains("run-pipeline") || satellite.stderr.contains("Streaming audio"))

        // The satellite goes away and comes back: Incant connects again and hears it again.
        satellite.send(SIGKILL)
        _ = await satellite.waitForExit(within: .seconds(30))
        let noticed = await BackgroundIncant.waitUntil(within: .seconds(60)) {
            server.stderr.contains("satellite kitchen-pi: disconnected")
        }
        #expect(noticed, "\(server.stderr)")
        let before = lines().count
        satellite = try Self.startSatellite(port: port, microphone: raw, speaker: speaker, cli: cli)
        let again = await BackgroundIncant.waitUntil(within: .seconds(600)) {
            lines().count > before || !server.process.isRunning
        }
        #expect(again, "no run after the satellite came back; incant: \(server.stderr)")
        #expect(server.stderr.components(separatedBy: "satellite kitchen-pi: connected").count - 1 >= 2)
        #expect(server.process.isRunning)

        server.send(SIGTERM)
        #expect(await server.waitForExit() == 0, "\(server.stderr)")
    }

    @Test func speaksWithTheConfiguredTextToSpeechService() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let home = cli.home.path
        let shortcuts = home + "/kitchen.yaml"
        try """
        shortcuts:
          - id: kitchen-lights
            sites: [kitchen]
            phrases: ["turn on the kitchen lights"]
            responses: { success: "The kitchen lights are on." }
        """.write(toFile: shortcuts, atomically: true, encoding: .utf8)
        let wav = home + "/phrase.wav"
        try Speech.speakAsSynthesized("turn on the kitchen lights", to: wav)
        let raw = home + "/phrase.raw"
        let sox = Process()
        sox.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sox.arguments = [
            "sox", "-R", wav, "-r", "16000", "-c", "1", "-b", "16", "-e", "signed-integer", "-t", "raw", raw, "pad",
            "1",
            "2.5",
        ]
        try sox.run()
        sox.waitUntilExit()
        let speaker = home + "/speaker.raw"
        let spoken = home + "/tts.log"
        let ttsPort = try Self.freePort()
        let tts = try BackgroundIncant(
            cli, [],
            command: [
                CLIRunner.repository.appendingPathComponent("vendor/venv/bin/python").path,
                CLIRunner.repository.appendingPathComponent("scripts/wyoming-tts.py").path,
                "tcp://127.0.0.1:\(ttsPort)", spoken,
            ], standalone: true)
        defer { tts.stop() }
        let port = try Self.freePort()
        let config = cli.home.appendingPathComponent("config/incant")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try """
        satellites: [{name: kitchen-pi, uri: "tcp://127.0.0.1:\(port)", site: kitchen}]
        tts: {uri: "tcp://127.0.0.1:\(ttsPort)"}
        """.write(to: config.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
        let satellite = try Self.startSatellite(port: port, microphone: raw, speaker: speaker, cli: cli)
        defer { satellite.stop() }
        let server = try BackgroundIncant(
            cli, ["serve", "--uri", "tcp://127.0.0.1:0", "--shortcuts", shortcuts, "--decoders", "1"])
        defer { server.stop() }
        let size = { ((try? FileManager.default.attributesOfItem(atPath: speaker))?[.size] as? Int) ?? 0 }
        let spoke = await BackgroundIncant.waitUntil(within: .seconds(300)) {
            ((try? String(contentsOfFile: spoken, encoding: .utf8)) ?? "").contains("The kitchen lights are on.")
                && size() > 16_000
        }
        #expect(spoke, "incant: \(server.stderr)\ntts: \(tts.stderr)\nsatellite: \(satellite.stderr)")
        #expect(!server.stderr.contains("cannot speak"), "\(server.stderr)")
        server.send(SIGTERM)
        #expect(await server.waitForExit() == 0, "\(server.stderr)")
    }

    @Test func simulateTakesASiteAndRefusesOtherSites() async throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        let home = cli.home.path
        let handler = home + "/record-site.sh"
        try "#!/bin/sh\nprintf '%s\\n' \"${INCANT_SITE-none}\" >> \"$SITE_LOG\"\n".write(
            toFile: handler, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: handler)
        let siteLog = home + "/sites.log"
        cli.environment["SITE_LOG"] = siteLog
        let shortcuts = home + "/kitchen.yaml"
        try """
        shortcuts:
          - id: kitchen-lights
            sites: [kitchen]
            phrases: ["turn on the kitchen lights"]
            handle: { run: ["./record-site.sh"] }
            responses: { success: "On." }
        """.write(toFile: shortcuts, atomically: true, encoding: .utf8)
        let kitchen = try await cli.run([
            "simulate", "--shortcuts", shortcuts, "--site", "kitchen", "turn on the kitchen lights",
        ])
        #expect(kitchen.status == 0, "\(kitchen.stderr)")
        let bedroom = try await cli.run([
            "simulate", "--shortcuts", shortcuts, "--site", "bedroom", "--json", "turn on the kitchen lights",
        ])
        #expect(bedroom.status == 1)
        let refused = try bedroom.json()
        #expect(refused["status"] as? String == "notAtSite")
        #expect(
            refused["reason"] as? String
                == "shortcut 'kitchen-lights' is limited to site kitchen; this query came from bedroom")
        let nowhere = try await cli.run(["simulate", "--shortcuts", shortcuts, "turn on the kitchen lights"])
        #expect(nowhere.status == 1)
        #expect(nowhere.stdout.contains("came from no site"), "\(nowhere.stdout)")
        let bad = try await cli.run(["simulate", "--shortcuts", shortcuts, "--site", "living room", "x"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("invalid site name 'living room'"))
        #expect(try String(contentsOfFile: siteLog, encoding: .utf8) == "kitchen\n")
        let history = try await cli.run(["history", "--json"])
        let sites = history.jsonLines().compactMap { $0["site"] as? String }
        #expect(sites == ["bedroom", "kitchen"], "\(history.stdout)")
    }
}
