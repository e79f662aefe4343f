import Foundation
import IncantCapture
import IncantTestSupport
import Testing

/// `incant spot` and `incant listen --wake` through the built binary, on real pocketsphinx.
@Suite("incant spot and listen --wake", .tags(.slow), .skippedWhenFast)
struct WakeCommandTests {
    @Test("spot prints one JSON object per file; an unreadable file is reported and the others still searched")
    func spotJSONShape() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["hello there", "computer", "what a nice day"], in: cli.home)
        let missing = cli.home.appendingPathComponent("missing.wav").path
        let result = try await cli.run(["spot", "--wake", "computer", "--json", audio, missing, audio])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains(missing))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["file", "detections", "audioSeconds", "decodeSeconds"])
            #expect(object["file"] as? String == audio)
            let seconds = try #require(object["audioSeconds"] as? Double)
            #expect(seconds > 3)
            #expect((object["decodeSeconds"] as? Double ?? -1) >= 0)
            let detections = try #require(object["detections"] as? [[String: Any]])
            #expect(detections.count == 1, "\(line)")
            for detection in detections {
                #expect(Set(detection.keys) == ["start", "end", "confidence"])
                let start = try #require(detection["start"] as? Double)
                let end = try #require(detection["end"] as? Double)
                let confidence = try #require(detection["confidence"] as? Double)
                // "computer" is the second of three utterances.
                #expect(start > 1 && start < end && end < seconds - 1)
                #expect(confidence > 0 && confidence <= 1)
            }
        }
    }

    @Test("spot --evidence adds what decided each detection, one margin per word of the phrase")
    func spotEvidence() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["hello there", "hey computer", "what a nice day"], in: cli.home)
        let result = try await cli.run(["spot", "--wake", "hey computer", "--json", "--evidence", audio])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        let detections = try #require(object["detections"] as? [[String: Any]])
        #expect(detections.count == 1, "\(result.stdout)")
        let detection = try #require(detections.first)
        let evidence = try #require(detection["evidence"] as? [String: Any], "\(detection)")
        #expect(Set(evidence.keys) == ["margin", "wordMargins", "phoneAgreement", "isolation", "spottingScore"])
        let words = try #require(evidence["wordMargins"] as? [Double])
        #expect(words.count == 2)
        let agreement = try #require(evidence["phoneAgreement"] as? Double)
        #expect(agreement > 0 && agreement <= 1)
        // Said alone between pauses: the phrase stands well above its surroundings.
        #expect(try #require(evidence["isolation"] as? Double) > 10)
        // Per frame, not per word: a word's total over its frames would be hundreds of log units.
        #expect(words.allSatisfy { $0 > -100 && $0 < 20 }, "\(evidence)")
        #expect(try #require(evidence["margin"] as? Double) > -100)
        // Without --json there is nowhere to put it: said, not ignored.
        let plain = try await cli.run(["spot", "--wake", "hey computer", "--evidence", audio])
        #expect(plain.status == 64, "\(plain.stdout)")
        #expect(plain.stderr.contains("--json"), "\(plain.stderr)")
    }

    @Test("listen --wake runs the command after the wake word and ignores one said without it")
    func listenWithWakeWord() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(
            ["order three four cheese pizzas", "computer", "order a pepperoni pizza"], in: cli.home)
        let log = cli.home.appendingPathComponent("orders.log").path
        let result = try await cli.run(
            ["listen", "--file", audio, "--json", "--wake", "computer", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["PIZZERIA_LOG": log])
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        // The order without the wake word is ignored, and says so.
        let ignored = objects.filter { $0["ignored"] as? Bool == true }
        #expect(ignored.count == 1, "\(result.stdout)")
        #expect((ignored.first?["reason"] as? String)?.contains("wake word") == true)
        #expect(objects.contains { $0["wakeWord"] != nil })
        let ran = objects.filter { $0["shortcut"] as? String == "order-pizza" }
        #expect(ran.count == 1)
        #expect(CLIRunner.texts(ran.first?["parameters"]) == ["count": "1", "kind": "pepperoni"])
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "1 x pepperoni\n")
    }

    @Test("listen --wake: no wake word, no command")
    func listenWithoutWakeWord() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["order a pepperoni pizza"], in: cli.home)
        let log = cli.home.appendingPathComponent("orders.log").path
        let result = try await cli.run(
            ["listen", "--file", audio, "--json", "--wake", "computer", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["PIZZERIA_LOG": log])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(object["ignored"] as? Bool == true)
        #expect(!FileManager.default.fileExists(atPath: log))
    }

    @Test("a bad --wake-window is refused with its name")
    func badWindow() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(
            ["listen", "--stdin", "--wake", "computer", "--wake-window", "0", "--shortcuts", CLIRunner.demo], stdin: "")
        #expect(result.status == 64)
        #expect(result.stderr.contains("--wake-window"))
    }

    @Test("an unknown --wake-accent is refused with its name and values, by listen and by spot")
    func badAccent() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        for arguments in [
            ["listen", "--stdin", "--wake", "computer", "--wake-accent", "scouse", "--shortcuts", CLIRunner.demo],
            ["spot", "--wake", "computer", "--wake-accent", "scouse", "/nonexistent.wav"],
        ] {
            let result = try await cli.run(arguments, stdin: "")
            #expect(result.status == 64, "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.contains("--wake-accent") && result.stderr.contains("british"), "\(result.stderr)")
        }
    }

    @Test("an unknown --ask-unclear is refused with its name and values")
    func badAskUnclear() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(
            ["listen", "--stdin", "--ask-unclear", "sometimes", "--shortcuts", CLIRunner.demo], stdin: "")
        #expect(result.status == 64)
        #expect(result.stderr.contains("--ask-unclear"), "\(result.stderr)")
        #expect(result.stderr.contains("when-addressed"), "\(result.stderr)")
    }

    /// `incant listen --wake computer --wake-earcon chime` over `audio`, with the demo shortcuts.
    static func listenWithChime(
        _ cli: CLIRunner, _ audio: String, environment: [String: String]
    ) async throws -> CLIRunner.Result {
        try await cli.run(
            [
                "listen", "--file", audio, "--json", "--wake", "computer", "--wake-earcon", "chime", "--shortcuts",
                CLIRunner.demo,
            ],
            extraEnvironment: environment)
    }

    @Test("--wake-earcon chime plays a WAV through the player program when the wake word comes alone")
    func earconPlayed() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["computer", "order a pepperoni pizza"], in: cli.home)
        let played = cli.home.appendingPathComponent("played.wav").path
        let player = cli.home.appendingPathComponent("player.sh").path
        try "#!/bin/sh\ncat >> \"$EARCON_OUT\"\n".write(toFile: player, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: player)
        let log = cli.home.appendingPathComponent("orders.log").path
        let result = try await Self.listenWithChime(
            cli, audio, environment: ["PIZZERIA_LOG": log, "INCANT_PLAY_COMMAND": player, "EARCON_OUT": played])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: played))
        // One chime: a WAV header and 0.2 s of 16-bit samples at 16 kHz.
        #expect(bytes.count == 44 + 3_200 * 2, "\(bytes.count) bytes")
        #expect(bytes.prefix(4) == Data("RIFF".utf8))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "1 x pepperoni\n")
        // A player that fails is warned about once, and the command still runs.
        let failing = try await Self.listenWithChime(
            cli, audio, environment: ["PIZZERIA_LOG": log, "INCANT_PLAY_COMMAND": "false"])
        #expect(failing.status == 0, "\(failing.stderr)")
        #expect(
            failing.stderr.components(separatedBy: "cannot play the earcon with `false`").count == 2,
            "\(failing.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "1 x pepperoni\n1 x pepperoni\n")
    }

    @Test("--wake-earcon plays through aplay on the real ALSA path (the file plugin as the default device)")
    func earconThroughALSA() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["computer", "order a pepperoni pizza"], in: cli.home)
        let played = cli.home.appendingPathComponent("played.raw").path
        let asoundrc = """
            pcm.!default {
                type file
                slave.pcm { type null }
                file "\(played)"
                format "raw"
            }

            """
        try asoundrc.write(to: cli.home.appendingPathComponent(".asoundrc"), atomically: true, encoding: .utf8)
        let result = try await Self.listenWithChime(
            cli, audio, environment: ["PIZZERIA_LOG": cli.home.appendingPathComponent("orders.log").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("cannot play"), "\(result.stderr)")
        // The chime's 0.2 s of 16-bit samples at 16 kHz (the device may pad its last period with silence).
        let bytes = try Data(contentsOf: URL(fileURLWithPath: played))
        #expect(bytes.count >= 3_200 * 2, "\(bytes.count) bytes")
        let samples = stride(from: 0, to: min(bytes.count, 6_400) - 1, by: 2).map {
            Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
        }
        let peak = samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 8_000 && peak < 11_000, "peak \(peak)")
    }

    @Test("a missing or too long --wake-earcon file is refused with its name, and an earcon without a wake phrase")
    func badEarcon() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let missing = cli.home.appendingPathComponent("missing.wav").path
        let absent = try await cli.run(
            ["listen", "--stdin", "--wake", "computer", "--wake-earcon", missing, "--shortcuts", CLIRunner.demo],
            stdin: "")
        #expect(absent.status == 66, "\(absent.stderr)")
        #expect(absent.stderr.contains("--wake-earcon") && absent.stderr.contains(missing), "\(absent.stderr)")
        let long = cli.home.appendingPathComponent("long.wav").path
        try WAVFile.write(TestAudio.noise(seconds: 4), to: long)
        let tooLong = try await cli.run(
            ["listen", "--stdin", "--wake", "computer", "--wake-earcon", long, "--shortcuts", CLIRunner.demo],
            stdin: "")
        #expect(tooLong.status == 64, "\(tooLong.stderr)")
        #expect(tooLong.stderr.contains(long) && tooLong.stderr.contains("at most 3 s"), "\(tooLong.stderr)")
        let unheard = try await cli.run(
            ["listen", "--stdin", "--wake-earcon", "chime", "--shortcuts", CLIRunner.demo], stdin: "")
        #expect(unheard.status == 64, "\(unheard.stderr)")
        #expect(unheard.stderr.contains("--wake-earcon needs a wake phrase"), "\(unheard.stderr)")
    }
}
