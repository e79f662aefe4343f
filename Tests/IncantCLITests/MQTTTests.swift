import Foundation
import IncantTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `incant listen` and `incant serve` with `mqtt:` in the configuration file, against Debian's
/// `mosquitto` broker started by the test, checked with `mosquitto_sub` and `mosquitto_pub`.
@Suite("incant listen and serve with an MQTT broker", .tags(.slow), .skippedWhenFast)
struct MQTTTests {
    /// Writes the configuration file with an `mqtt:` section for the broker on `port`.
    static func configure(_ cli: CLIRunner, port: Int, site: String = "kitchen") throws {
        let folder = URL(fileURLWithPath: try #require(cli.environment["XDG_CONFIG_HOME"])).appendingPathComponent(
            "incant")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        mqtt:
          host: 127.0.0.1
          port: \(port)
          site: \(site)

        """.write(to: folder.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
    }

    /// Starts `incant listen --stdin` on the demo shortcuts, writing the lights to `log`.
    static func listen(_ cli: CLIRunner, log: URL) throws -> BackgroundIncant {
        try BackgroundIncant(
            cli, ["listen", "--stdin", "--json", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["LIGHTS_LOG": log.path], feedsStandardInput: true)
    }

    /// Waits until `incant` says it is connected to the broker.
    static func connected(_ run: BackgroundIncant) async -> Bool {
        await BackgroundIncant.waitUntil(within: .seconds(180)) {
            run.stderr.contains("connected to the MQTT broker") || !run.process.isRunning
        } && run.process.isRunning
    }

    /// The retained status, polled until it is `expected` (or time runs out).
    static func status(port: Int, becomes expected: String) async throws -> String? {
        var status: String?
        let deadline = ContinuousClock.now + .seconds(120)
        repeat {
            status = try await MQTTTools.retained(port: port, topic: "incant/status", wait: 2)
            if status == expected { return status }
            try await Task.sleep(for: .milliseconds(200))
        } while ContinuousClock.now < deadline
        return status
    }

    @Test(
        "listen announces a spoken command on hermes/intent with its slots and site, runs a query from incant/<site>/query, and keeps incant/status"
    )
    func listenAnnouncesAndTakesQueries() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        try Self.configure(cli, port: broker.port)
        let log = cli.home.appendingPathComponent("lights.log")
        let speech = try await ListenReloadTests.raw("turn on the kitchen lights", in: cli)
        let watcher = try await MQTTSubscriber.start(port: broker.port, topics: ["hermes/#", "incant/#"])
        defer { watcher.stop() }

        let run = try Self.listen(cli, log: log)
        defer { run.stop() }
        #expect(await Self.connected(run), "\(run.stderr)")
        #expect(try await Self.status(port: broker.port, becomes: "online") == "online")

        try await run.feed(speech)
        let intent = await watcher.wait { $0.topic == "hermes/intent/lights" }
        let json = try #require(intent?.json, "no intent; stderr: \(run.stderr)")
        #expect(json["input"] as? String == "turn on the kitchen lights")
        #expect(json["siteId"] as? String == "kitchen")
        #expect((json["intent"] as? [String: Any])?["intentName"] as? String == "lights")
        let slots = (json["slots"] as? [[String: Any]] ?? []).map {
            "\($0["slotName"] ?? "")=\(($0["value"] as? [String: Any])?["value"] ?? "")"
        }
        #expect(slots == ["on=1", "room=kitchen"])
        let spoken = await watcher.wait { $0.topic == "incant/kitchen/outcome" }
        #expect(spoken?.json?["sessionId"] as? String == json["sessionId"] as? String)

        // A query published on incant/kitchen/query runs the shortcut's real handler.
        try await MQTTTools.publish(
            port: broker.port, topic: "incant/kitchen/query",
            message: #"{"text": "turn off the bedroom lights", "sessionId": "from-a-test"}"#)
        let outcome = await watcher.wait { $0.topic == "incant/kitchen/outcome" && $0.payload.contains("from-a-test") }
        let result = try #require(outcome?.json, "no outcome; stderr: \(run.stderr)")
        #expect(result["shortcut"] as? String == "lights")
        #expect(result["site"] as? String == "kitchen")
        #expect((result["handle"] as? [String: Any])?["code"] as? String == "success")
        #expect(result["dialog"] as? String == "Lights in the bedroom switched.")
        #expect(try String(contentsOf: log, encoding: .utf8) == "kitchen true\nbedroom false\n")

        // A query that matches nothing is not recognized; one that is not text is answered on the error topic.
        try await MQTTTools.publish(port: broker.port, topic: "incant/kitchen/query", message: "sing me a song")
        let unknown = await watcher.wait { $0.topic == "hermes/nlu/intentNotRecognized" }
        #expect(unknown?.json?["input"] as? String == "sing me a song")
        #expect(unknown?.json?["siteId"] as? String == "kitchen")
        try await MQTTTools.publish(port: broker.port, topic: "incant/kitchen/query", message: #"{"text": 5}"#)
        #expect(await watcher.wait { $0.topic == "incant/kitchen/error" } != nil)
        #expect(try String(contentsOf: log, encoding: .utf8) == "kitchen true\nbedroom false\n")

        try run.endInput()
        #expect(await run.waitForExit() == 0, "\(run.stderr)")
        #expect(try await Self.status(port: broker.port, becomes: "offline") == "offline")
    }

    @Test("a listener killed with SIGKILL leaves incant/status offline (the last will)")
    func lastWillAfterKill() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        try Self.configure(cli, port: broker.port)
        let run = try Self.listen(cli, log: cli.home.appendingPathComponent("lights.log"))
        defer { run.stop() }
        #expect(await Self.connected(run), "\(run.stderr)")
        #expect(try await Self.status(port: broker.port, becomes: "online") == "online")
        run.send(SIGKILL)
        #expect(await run.waitForExit() == 128 + SIGKILL)
        #expect(try await Self.status(port: broker.port, becomes: "offline") == "offline")
    }

    @Test("a broker that is down at start is retried with backoff while listening goes on")
    func brokerDownAtStart() async throws {
        let port = try MosquittoBroker.freePort()
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        try Self.configure(cli, port: port)
        let log = cli.home.appendingPathComponent("lights.log")
        let speech = try await ListenReloadTests.raw("turn on the kitchen lights", in: cli)
        let run = try Self.listen(cli, log: log)
        defer { run.stop() }
        #expect(
            await BackgroundIncant.waitUntil(within: .seconds(180)) {
                run.stderr.contains("cannot connect to the MQTT broker 127.0.0.1:\(port)")
            }, "\(run.stderr)")
        #expect(run.stderr.contains("retrying in"))
        // Listening goes on without the broker.
        try await run.feed(speech)
        #expect(
            await BackgroundIncant.waitUntil(within: .seconds(180)) { run.stdout.contains("\"shortcut\":\"lights\"") },
            "\(run.stdout) \(run.stderr)")
        #expect(try String(contentsOf: log, encoding: .utf8) == "kitchen true\n")

        let broker = try await MosquittoBroker.start(port: port)
        defer { broker.stop() }
        #expect(await Self.connected(run), "\(run.stderr)")
        #expect(try await Self.status(port: port, becomes: "online") == "online")
        run.send(SIGTERM)
        #expect(await run.waitForExit() == 0, "\(run.stderr)")
        #expect(try await Self.status(port: port, becomes: "offline") == "offline")
    }

    @Test("serve runs a query from MQTT and announces its intent and outcome")
    func serveTakesQueries() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        try Self.configure(cli, port: broker.port, site: "hall")
        let log = cli.home.appendingPathComponent("lights.log")
        cli.environment["LIGHTS_LOG"] = log.path
        let watcher = try await MQTTSubscriber.start(port: broker.port, topics: ["hermes/#", "incant/#"])
        defer { watcher.stop() }
        let server = try BackgroundIncant(
            cli, ["serve", "--uri", "tcp://127.0.0.1:0", "--shortcuts", CLIRunner.demo, "--decoders", "1"])
        defer { server.stop() }
        #expect(await Self.connected(server), "\(server.stderr)")
        #expect(try await Self.status(port: broker.port, becomes: "online") == "online")

        try await MQTTTools.publish(port: broker.port, topic: "incant/hall/query", message: "turn on the office lights")
        let intent = await watcher.wait { $0.topic == "hermes/intent/lights" }
        #expect(intent?.json?["siteId"] as? String == "hall")
        let outcome = await watcher.wait { $0.topic == "incant/hall/outcome" }
        #expect(outcome?.json?["shortcut"] as? String == "lights")
        #expect((outcome?.json?["handle"] as? [String: Any])?["code"] as? String == "success")
        #expect(try String(contentsOf: log, encoding: .utf8) == "office true\n")

        // "good night" needs a yes nobody can give over MQTT: announced, but not run.
        try await MQTTTools.publish(port: broker.port, topic: "incant/hall/query", message: "good night")
        let unconfirmed = await watcher.wait {
            $0.topic == "incant/hall/outcome" && $0.json?["shortcut"] as? String == "all-lights-off"
        }
        #expect(unconfirmed?.json?["status"] as? String == "notConfirmed")
        #expect(try String(contentsOf: log, encoding: .utf8) == "office true\n")

        server.send(SIGTERM)
        #expect(await server.waitForExit() == 0, "\(server.stderr)")
        #expect(try await Self.status(port: broker.port, becomes: "offline") == "offline")
    }

    @Test("a bad mqtt section names the file and line, and nothing starts")
    func badConfiguration() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let folder = URL(fileURLWithPath: try #require(cli.environment["XDG_CONFIG_HOME"])).appendingPathComponent(
            "incant")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.yaml")
        try "mqtt:\n  host: 127.0.0.1\n  port: 99999\n  site: a/b\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try await cli.run(["listen", "--stdin", "--shortcuts", CLIRunner.demo])
        #expect(result.status == 78)
        #expect(result.stderr.contains("\(file.path):3:"), "\(result.stderr)")
        #expect(result.stderr.contains("'mqtt.port'"))
        #expect(result.stderr.contains("\(file.path):4:"))
        #expect(result.stderr.contains("'mqtt.site'"))

        // A password file that cannot be read is named when the command starts.
        try "mqtt:\n  host: 127.0.0.1\n  username: incant\n  password-file: missing-password\n".write(
            to: file, atomically: true, encoding: .utf8)
        let missing = try await cli.run(["listen", "--stdin", "--shortcuts", CLIRunner.demo])
        #expect(missing.status == 78)
        #expect(missing.stderr.contains(folder.appendingPathComponent("missing-password").path), "\(missing.stderr)")
    }
}
