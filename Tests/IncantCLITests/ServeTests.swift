import Foundation
import IncantTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `incant serve` driven by the real peer: the PyPI `wyoming` package's AsyncTcpClient
/// (scripts/wyoming-client.py, run with the venv scripts/setup.sh makes).
@Suite("incant serve with the wyoming package's client", .tags(.slow), .skippedWhenFast)
struct ServeTests {
    static let python = CLIRunner.repository.appendingPathComponent("vendor/venv/bin/python").path
    static let client = CLIRunner.repository.appendingPathComponent("scripts/wyoming-client.py").path

    /// Starts `incant serve` on a free port of 127.0.0.1 with the demo shortcuts; returns it and
    /// its URI once it listens.
    static func serve(_ cli: CLIRunner, _ extra: [String] = []) async throws -> (BackgroundIncant, String) {
        let server = try BackgroundIncant(
            cli, ["serve", "--uri", "tcp://127.0.0.1:0", "--shortcuts", CLIRunner.demo, "--decoders", "1"] + extra)
        var uri: String?
        _ = await BackgroundIncant.waitUntil(within: .seconds(180)) {
            guard let range = server.stderr.range(of: #"tcp://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else {
                return !server.process.isRunning
            }
            uri = String(server.stderr[range])
            return true
        }
        guard let uri else {
            server.stop()
            throw ServeTestError(message: "incant serve did not start: \(server.stderr)")
        }
        return (server, uri)
    }

    /// Runs the Wyoming client and returns the JSON objects it printed.
    static func wyoming(_ arguments: [String]) async throws -> [[String: Any]] {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw ServeTestError(message: "no \(python): run scripts/setup.sh (scripts/setup-wyoming.sh)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [client] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let (out, err) = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let errorData = Thread.detachedRead(error.fileHandleForReading)
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: (data, errorData.value))
            }
        }
        guard process.terminationStatus == 0 else {
            throw ServeTestError(
                message: "wyoming-client.py \(arguments.joined(separator: " ")) exited \(process.terminationStatus): "
                    + String(decoding: err, as: UTF8.self))
        }
        return try String(decoding: out, as: UTF8.self).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func describeTranscribeRecognizeAndHandle() async throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        let log = cli.home.appendingPathComponent("lights.log")
        cli.environment["LIGHTS_LOG"] = log.path
        let (server, uri) = try await Self.serve(cli)
        defer { server.stop() }

        let info = try #require(try await Self.wyoming(["--uri", uri, "describe"]).first)
        #expect(info["type"] as? String == "info")
        let data = try #require(info["data"] as? [String: Any])
        let asr = try #require((data["asr"] as? [[String: Any]])?.first)
        let models = (asr["models"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(models == ["lights", "open", "pizza", "timer"])
        #expect((data["intent"] as? [Any])?.count == 1)
        #expect((data["handle"] as? [Any])?.count == 1)

        // espeak-ng writes 22,050 Hz: the server converts what audio-start announces.
        let wav = cli.home.appendingPathComponent("kitchen.wav").path
        try Speech.speakAsSynthesized("turn on the kitchen lights", to: wav)
        let heard = try #require(try await Self.wyoming(["--uri", uri, "transcribe", wav]).first)
        #expect(heard["type"] as? String == "transcript")
        #expect((heard["data"] as? [String: Any])?["text"] as? String == "turn on the kitchen lights")

        let other = cli.home.appendingPathComponent("weather.wav").path
        try Speech.speakAsSynthesized("what will the weather be like tomorrow in paris", to: other)
        let rejected = try #require(try await Self.wyoming(["--uri", uri, "transcribe", other]).first)
        #expect((rejected["data"] as? [String: Any])?["text"] as? String == "")

        let intent = try #require(
            try await Self.wyoming(["--uri", uri, "recognize", "turn on the kitchen lights"]).first)
        #expect(intent["type"] as? String == "intent")
        let intentData = try #require(intent["data"] as? [String: Any])
        #expect(intentData["name"] as? String == "lights")
        let entities = (intentData["entities"] as? [[String: Any]] ?? []).map {
            "\($0["name"] ?? "")=\($0["value"] ?? "")"
        }
        #expect(entities == ["on=1", "room=kitchen"])
        let unknown = try #require(try await Self.wyoming(["--uri", uri, "recognize", "sing me a song"]).first)
        #expect(unknown["type"] as? String == "not-recognized")

        let handled = try #require(
            try await Self.wyoming(["--uri", uri, "handle", "turn on the kitchen lights"]).first)
        #expect(handled["type"] as? String == "handled")
        #expect((handled["data"] as? [String: Any])?["text"] as? String == "Lights in the kitchen switched.")
        #expect(try String(contentsOf: log, encoding: .utf8) == "kitchen true\n")
        // "good night" requires a yes nobody can give over Wyoming: it does not run.
        let unconfirmed = try #require(try await Self.wyoming(["--uri", uri, "handle", "good night"]).first)
        #expect(unconfirmed["type"] as? String == "not-handled")
        #expect(try String(contentsOf: log, encoding: .utf8) == "kitchen true\n")

        server.send(SIGTERM)
        #expect(await server.waitForExit() == 0)
        #expect(server.stderr.contains("stopped serving"))
    }

    /// Home Assistant's audio is heard as `listen` hears a microphone: a DC offset or mains hum
    /// is taken away before the speech is found, so the recording is transcribed as it is without.
    @Test func aDCOffsetOrHumIsTranscribedAsTheCleanRecording() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let clean = try await Speech.recording(["set a timer for five minutes"], in: cli.home)
        let (offset, hum) = try Speech.withOffsetAndHum(clean, in: cli.home)
        func transcripts(_ options: [String]) async throws -> [String] {
            let (server, uri) = try await Self.serve(cli, options)
            defer { server.stop() }
            // One connection, one stream after another.
            return try await Self.wyoming(["--uri", uri, "transcribe", clean, offset, hum]).map {
                "\(($0["data"] as? [String: Any])?["text"] ?? "none")"
            }
        }
        #expect(try await transcripts([]) == Array(repeating: "set a timer for five minutes", count: 3))
        // Without the filter the offset and the hum are what the endpointer and the checks hear.
        let unfiltered = try await transcripts(["--high-pass", "off"])
        #expect(unfiltered.first == "set a timer for five minutes")
        #expect(unfiltered.dropFirst().contains { $0 != "set a timer for five minutes" }, "\(unfiltered)")
    }

    @Test func malformedFramesCloseOnlyTheirConnection() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let (server, uri) = try await Self.serve(cli)
        defer { server.stop() }
        let result = try #require(
            try await Self.wyoming(["--uri", uri, "malformed", "turn on the kitchen lights"]).first)
        #expect(result["before"] as? String == "info")
        #expect(result["after"] as? String == "intent")
        for name in ["not-json", "wrong-length", "oversized", "long-header", "payload-over-limit"] {
            let events = result[name] as? [[String: Any]] ?? []
            #expect(events.map { $0["type"] as? String } == ["error"], "\(name): \(events)")
            #expect((events.first?["data"] as? [String: Any])?["code"] as? String == "malformed-event", "\(name)")
        }
        // A frame cut short by the end of the connection: closed, with an error if it can still be sent.
        let truncated = result["truncated"] as? [[String: Any]] ?? []
        #expect(truncated.allSatisfy { $0["type"] as? String == "error" }, "\(truncated)")
        #expect(server.process.isRunning)
        server.send(SIGINT)
        #expect(await server.waitForExit() == 0)
    }

    @Test func beyondLoopbackEveryConnectionPresentsTheToken() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let tokenFile = cli.home.appendingPathComponent("serve-token").path
        try "a-token-of-thirty-two-characters\n".write(toFile: tokenFile, atomically: true, encoding: .utf8)
        let server = try BackgroundIncant(
            cli,
            [
                "serve", "--uri", "tcp://0.0.0.0:0", "--token-file", tokenFile, "--shortcuts", CLIRunner.demo,
                "--decoders", "1",
            ])
        defer { server.stop() }
        var port: String?
        _ = await BackgroundIncant.waitUntil(within: .seconds(180)) {
            guard let range = server.stderr.range(of: #"tcp://0\.0\.0\.0:[0-9]+"#, options: .regularExpression) else {
                return !server.process.isRunning
            }
            port = String(server.stderr[range].split(separator: ":").last ?? "")
            return true
        }
        let uri = "tcp://127.0.0.1:\(try #require(port, "incant serve did not start: \(server.stderr)"))"
        let refused = try await Self.wyoming(["--uri", uri, "describe"])
        #expect(refused.map { $0["type"] as? String } == ["error"], "\(refused)")
        #expect((refused.first?["data"] as? [String: Any])?["code"] as? String == "unauthorized")
        let wrongFile = cli.home.appendingPathComponent("wrong-token").path
        try "another-token-of-32-characters!!\n".write(toFile: wrongFile, atomically: true, encoding: .utf8)
        let wrong = try await Self.wyoming(["--uri", uri, "--token-file", wrongFile, "describe"])
        #expect(wrong.map { $0["type"] as? String } == ["error"], "\(wrong)")
        let admitted = try await Self.wyoming(["--uri", uri, "--token-file", tokenFile, "describe"])
        #expect(admitted.map { $0["type"] as? String } == ["info"], "\(admitted)")
        server.send(SIGINT)
        #expect(await server.waitForExit() == 0)
    }

    @Test func otherAddressesNeedAToken() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let refused = try await cli.run(["serve", "--uri", "tcp://0.0.0.0:0", "--shortcuts", CLIRunner.demo])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--token-file"))
        // A name is not resolved: only 127.0.0.0/8, ::1 and localhost count as this machine.
        let named = try await cli.run(["serve", "--uri", "tcp://127.example.com:0", "--shortcuts", CLIRunner.demo])
        #expect(named.status == 64)
        let bad = try await cli.run(["serve", "--uri", "http://127.0.0.1:10700", "--shortcuts", CLIRunner.demo])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("tcp://HOST:PORT"))
    }
}

struct ServeTestError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension Thread {
    /// Reads `handle` to its end on a thread of its own; `value` waits for the data.
    fileprivate static func detachedRead(_ handle: FileHandle) -> DetachedData {
        let result = DetachedData()
        Thread.detachNewThread { result.set(handle.readDataToEndOfFile()) }
        return result
    }
}

/// Data that another thread delivers.
private final class DetachedData: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.withLock {
            data = value
            condition.broadcast()
        }
    }

    var value: Data {
        condition.withLock {
            while data == nil { condition.wait() }
            return data ?? Data()
        }
    }
}
