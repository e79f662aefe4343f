import Foundation
import IncantTestSupport
import Testing

/// `incant listen` end to end: real speech synthesized by espeak-ng, through the endpointer,
/// pocketsphinx and the dispatcher, from a WAV file and through the real ALSA capture path.
@Suite("incant listen", .tags(.slow), .skippedWhenFast)
struct ListenTests {
    @Test func fileOnceRunsTheSpokenShortcut() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["order three four cheese pizzas"], in: cli.home)
        let log = cli.home.appendingPathComponent("orders.log").path
        let result = try await cli.run(
            ["listen", "--file", audio, "--once", "--json", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["PIZZERIA_LOG": log])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(json["transcript"] as? String == "order three four cheese pizzas")
        #expect(json["accepted"] as? Bool == true)
        #expect(json["shortcut"] as? String == "order-pizza")
        #expect(CLIRunner.texts(json["parameters"]) == ["count": "3", "kind": "four cheese"])
        #expect((json["handle"] as? [String: Any])?["code"] as? String == "success")
        #expect(json["dialog"] as? String == "Ordering 3 four cheese.")
        #expect((json["acousticConfidence"] as? Double ?? 0) > 0.5)
        let heard = try #require(json["heard"] as? [String: Any])
        #expect(abs((heard["speechStart"] as? Double ?? 0) - 0.5) < 0.1)
        #expect(heard["endReason"] as? String == "silence")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "3 x four cheese\n")
    }

    @Test("--real-time plays the file at the speed of speech; the shortcut starts as the utterance closes")
    func realTimeFileReportsLatency() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["order three four cheese pizzas"], in: cli.home)
        let log = cli.home.appendingPathComponent("orders.log").path
        let started = Date()
        let result = try await cli.run(
            ["listen", "--file", audio, "--real-time", "--once", "--json", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["PIZZERIA_LOG": log])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(json["shortcut"] as? String == "order-pizza")
        let heard = try #require(json["heard"] as? [String: Any])
        let end = try #require(heard["end"] as? Double)
        // Not before the utterance's last sample could have been spoken.
        #expect(elapsed >= end - 0.05, "finished after \(elapsed) s, utterance ends at \(end) s")
        // Closed after its audio was played, before the run ended (model loading comes first,
        // so how much after depends on the machine's load).
        let closedAt = try #require(heard["closedAt"] as? Double)
        let ended = started.timeIntervalSince1970 + elapsed
        #expect(closedAt >= started.timeIntervalSince1970 + end - 0.05 && closedAt <= ended)
        let latency = try #require(heard["latencySeconds"] as? Double)
        #expect(latency >= 0 && closedAt + latency <= ended)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "3 x four cheese\n")
    }

    @Test func realTimeNeedsAFile() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(["listen", "--stdin", "--real-time", "--shortcuts", CLIRunner.demo])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--real-time applies to --file"))
    }

    @Test func alsaDeviceFromTheUsersAsoundrc() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["order three four cheese pizzas"], in: cli.home)
        let raw = cli.home.appendingPathComponent("speech.raw").path
        try await TestProcess.soxOutput([audio, "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "16000", raw])
        try TestSpeech.writeReplayDevice(named: "incanttest", playing: raw, home: cli.home)
        let log = cli.home.appendingPathComponent("orders.log").path
        let result = try await cli.run(
            ["listen", "--device", "incanttest", "--once", "--json", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["PIZZERIA_LOG": log])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(json["shortcut"] as? String == "order-pizza")
        #expect(CLIRunner.texts(json["parameters"]) == ["count": "3", "kind": "four cheese"])
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "3 x four cheese\n")
    }

    @Test func missingDeviceIsAnErrorNamingIt() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(
            ["listen", "--device", "no_such_device", "--once", "--shortcuts", CLIRunner.demo])
        #expect(result.status == 66)
        #expect(result.stderr.contains("'no_such_device'"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [("yes", true), ("no", false)])
    func confirmationAnsweredByVoice(answer: String, confirmed: Bool) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["good night", answer], in: cli.home)
        let log = cli.home.appendingPathComponent("lights.log").path
        let spoken = cli.home.appendingPathComponent("spoken.log").path
        let speaker = try TestSpeech.writeSpeaker(logTo: spoken, home: cli.home)
        let result = try await cli.run(
            ["listen", "--file", audio, "--once", "--json", "--speak", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["LIGHTS_LOG": log, "INCANT_SPEAK_COMMAND": speaker])
        #expect(result.status == (confirmed ? 0 : 1), "\(result.stderr)")
        let json = try result.json()
        #expect(json["shortcut"] as? String == "all-lights-off")
        #expect(json["decision"] as? String == "accepted")
        #expect(json["status"] as? String == (confirmed ? "completed" : "notConfirmed"))
        let conversation = try #require(json["conversation"] as? [[String: Any]])
        #expect(conversation.count == 1)
        #expect(conversation.first?["question"] as? String == "Turn off every light?")
        #expect(FileManager.default.fileExists(atPath: log) == confirmed)
        let said = (try? String(contentsOfFile: spoken, encoding: .utf8)) ?? ""
        #expect(said.contains("Turn off every light?"))
        #expect(said.contains(confirmed ? "All lights are off. Good night." : "Okay, cancelled."))
    }

    @Test func aSentenceOutsideThePhrasesIsRejected() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["the weather is lovely today"], in: cli.home)
        let result = try await cli.run(["listen", "--file", audio, "--once", "--json", "--shortcuts", CLIRunner.demo])
        #expect(result.status == 2, "\(result.stdout)")
        let json = try result.json()
        #expect(json["accepted"] as? Bool == false)
        // The decision on the speech, whatever its words matched.
        #expect(json["decision"] as? String == "rejected")
        #expect(json["shortcut"] is NSNull)
        #expect(json["handle"] is NSNull)
    }

    @Test func aMissingValueIsAskedForAndAnsweredByVoice() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let added = try await cli.run([
            "phrases", "add", "order-pizza", "i am really hungry", "--shortcuts", CLIRunner.demo,
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let audio = try await Speech.recording(["i am really hungry", "pepperoni"], in: cli.home)
        let result = try await cli.run(
            ["listen", "--file", audio, "--once", "--json", "--dry-run", "--shortcuts", CLIRunner.demo])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(CLIRunner.texts(json["parameters"]) == ["count": "1", "kind": "pepperoni"])
        let conversation = try #require(json["conversation"] as? [[String: Any]])
        #expect(conversation.first?["question"] as? String == "Which pizza?")
        #expect(conversation.first?["answer"] as? String == "pepperoni")
    }

    @Test func aTextSlotIsFilledFromWhatWasSaid() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let definitions = try TestSpeech.demoWithNotes(in: cli.home)
        let audio = try await Speech.recording(["take a note call the doctor tomorrow"], in: cli.home)
        let result = try await cli.run(
            ["listen", "--file", audio, "--once", "--json", "--dry-run", "--shortcuts", definitions])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let json = try result.json()
        #expect(json["accepted"] as? Bool == true, "\(result.stdout)")
        #expect(json["shortcut"] as? String == "take-note", "\(result.stdout)")
        let body = try #require(CLIRunner.texts(json["parameters"])?["body"], "\(result.stdout)")
        #expect(body.split(separator: " ").contains("doctor"), "body heard as \"\(body)\"")
        #expect(json["transcript"] as? String == "take a note " + body)
    }

    @Test func withoutOnceEveryUtteranceIsHandledUntilTheInputEnds() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(
            ["turn on the kitchen lights", "the weather is lovely today", "order a pepperoni pizza"], in: cli.home)
        let result = try await cli.run(["listen", "--file", audio, "--dry-run", "--shortcuts", CLIRunner.demo])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("→ lights") && $0.contains("room=kitchen") })
        #expect(lines.contains { $0.contains("no shortcut") })
        #expect(lines.contains { $0.contains("→ order-pizza") && $0.contains("kind=pepperoni") })
    }

    @Test func sigtermStopsListeningCleanly() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["good night"], in: cli.home)
        let raw = cli.home.appendingPathComponent("speech.raw").path
        try await TestProcess.soxOutput([audio, "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "16000", raw])
        try TestSpeech.writeReplayDevice(named: "incanttest", playing: raw, home: cli.home)
        // The replay device never ends: listening goes on until the signal.
        let (status, firstLine) = try await TestSpeech.runUntilFirstLine(
            cli, ["listen", "--device", "incanttest", "--json", "--dry-run", "--shortcuts", CLIRunner.demo])
        #expect(firstLine.contains("\"all-lights-off\""), "\(firstLine)")
        #expect(status == 0)
    }
}

/// Audio and process helpers for the CLI tests; the speech itself comes from
/// IncantTestSupport's ``Speech/recording(_:in:speed:)``.
enum TestSpeech {
    /// The demo shortcuts copied to `directory/defs`, plus `notes.yaml`: a shortcut with a
    /// free-text slot ("take a note {body}"); returns the folder.
    static func demoWithNotes(in directory: URL) throws -> String {
        let folder = directory.appendingPathComponent("defs")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: CLIRunner.demo), to: folder)
        try """
        shortcuts:
          - id: take-note
            parameters: [{ name: body, type: text }]
            phrases: ["take a note {body}"]
            responses: { success: "Noted: {body}." }
        """.write(to: folder.appendingPathComponent("notes.yaml"), atomically: true, encoding: .utf8)
        return folder.path
    }

    /// `~/.asoundrc` defining a capture PCM that replays a raw file (s16le, 16 kHz, mono)
    /// through ALSA's `file` plugin over a `null` slave: the real capture path, no sound card.
    static func writeReplayDevice(named name: String, playing raw: String, home: URL) throws {
        let text = """
            pcm.\(name) {
                type file
                slave.pcm { type null }
                file "/dev/null"
                infile "\(raw)"
                format "raw"
            }

            """
        try text.write(to: home.appendingPathComponent(".asoundrc"), atomically: true, encoding: .utf8)
    }

    /// A stand-in for espeak-ng (`INCANT_SPEAK_COMMAND`) that appends what it is told to say to `log`.
    static func writeSpeaker(logTo log: String, home: URL) throws -> String {
        let path = home.appendingPathComponent("speak").path
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >>'\(log)'\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// Runs `incant arguments`, sends SIGTERM once a first line is printed, and returns the exit
    /// status and that line.
    static func runUntilFirstLine(_ cli: CLIRunner, _ arguments: [String]) async throws -> (Int32, String) {
        try await TestProcess.onThread {
            let process = Process()
            process.executableURL = CLIRunner.executable
            process.arguments = arguments
            process.environment = cli.environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            var received = Data()
            let deadline = Date().addingTimeInterval(30)
            while !received.contains(UInt8(ascii: "\n")) && Date() < deadline {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                received += chunk
            }
            process.terminate()
            process.waitUntilExit()
            let line = String(decoding: received, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            return (process.terminationReason == .exit ? process.terminationStatus : -1, line)
        }
    }

    /// Runs a tool on a thread of its own (not blocking the concurrency pool); its stdout.
    static func output(_ tool: String, _ arguments: [String]) async throws -> String {
        try await TestProcess.output(tool, arguments)
    }
}
