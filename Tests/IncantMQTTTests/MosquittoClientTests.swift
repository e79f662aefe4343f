import Foundation
import IncantEvents
import IncantMQTT
import IncantTestSupport
import Synchronization
import Testing

/// The libmosquitto client against Debian's real `mosquitto` broker, checked with the
/// `mosquitto_sub` and `mosquitto_pub` command-line clients.
@Suite("MosquittoClient with the mosquitto broker")
struct MosquittoClientTests {
    /// Connection events, kept for the test to look at.
    final class Events: Sendable {
        private let events = Mutex<[MQTTClientEvent]>([])
        func append(_ event: MQTTClientEvent) { events.withLock { $0.append(event) } }
        var all: [MQTTClientEvent] { events.withLock { $0 } }
    }

    /// Messages received through a subscription.
    final class Inbox: Sendable {
        private let messages = Mutex<[EventMessage]>([])
        func append(_ message: EventMessage) { messages.withLock { $0.append(message) } }
        var all: [EventMessage] { messages.withLock { $0 } }
    }

    static func options(port: Int, backoff: ReconnectBackoff = ReconnectBackoff()) -> MQTTClientOptions {
        MQTTClientOptions(
            host: "127.0.0.1", port: port, clientID: "incant-test-\(UUID().uuidString.prefix(8))",
            status: MQTTClientOptions.Status(topic: "incant/status"), backoff: backoff)
    }

    static func waitUntil(within limit: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    @Test("publishes, receives what it subscribed to, and keeps the status retained: online, then offline")
    func publishSubscribeAndStatus() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let events = Events()
        let client = try MosquittoClient(Self.options(port: broker.port)) { events.append($0) }
        let inbox = Inbox()
        client.subscribe("incant/kitchen/query") { inbox.append($0) }
        let watcher = try await MQTTSubscriber.start(port: broker.port, topics: ["hermes/#"])
        defer { watcher.stop() }
        client.start()
        #expect(await Self.waitUntil { client.isConnected }, "\(events.all)")
        #expect(try await MQTTTools.retained(port: broker.port, topic: "incant/status") == "online")

        client.publish(EventMessage(topic: "hermes/intent/lights", text: #"{"input":"x"}"#))
        let seen = await watcher.wait { $0.topic == "hermes/intent/lights" }
        #expect(seen?.payload == #"{"input":"x"}"#)

        // The subscription may reach the broker just after the connection: publish until it arrives.
        var received = false
        for _ in 0..<100 where !received {
            try await MQTTTools.publish(port: broker.port, topic: "incant/kitchen/query", message: "turn on the lights")
            received = await Self.waitUntil(within: .milliseconds(500)) { !inbox.all.isEmpty }
        }
        #expect(inbox.all.first?.text == "turn on the lights")
        #expect(inbox.all.first?.topic == "incant/kitchen/query")

        await client.stop()
        #expect(try await MQTTTools.retained(port: broker.port, topic: "incant/status") == "offline")
        #expect(!client.isConnected)
        // Nothing is published after a stop.
        client.publish(EventMessage(topic: "hermes/intent/late", text: "{}"))
        try await MQTTTools.publish(port: broker.port, topic: "hermes/marker", message: "end")
        #expect(await watcher.wait { $0.topic == "hermes/marker" } != nil)
        #expect(!watcher.messages.contains { $0.topic == "hermes/intent/late" })
    }

    @Test("a broker that is down at start is retried with backoff until it is up")
    func brokerDownAtStartIsRetried() async throws {
        let port = try MosquittoBroker.freePort()
        let events = Events()
        let client = try MosquittoClient(
            Self.options(port: port, backoff: ReconnectBackoff(initial: .milliseconds(200), maximum: .seconds(2)))
        ) { events.append($0) }
        client.start()
        // Two failed attempts, each followed by a wait.
        #expect(
            await Self.waitUntil {
                events.all.filter { if case .connectionFailed = $0 { true } else { false } }.count >= 2
            }, "\(events.all)")
        #expect(!client.isConnected)
        let broker = try await MosquittoBroker.start(port: port)
        defer { broker.stop() }
        #expect(await Self.waitUntil { client.isConnected }, "\(events.all)")
        #expect(try await MQTTTools.retained(port: port, topic: "incant/status") == "online")
        let delays = events.all.compactMap { event -> Duration? in
            if case .connectionFailed(_, _, let delay) = event { return delay }
            return nil
        }
        // The waits grow, up to the maximum.
        #expect(delays.prefix(3) == [.milliseconds(200), .milliseconds(400), .milliseconds(800)].prefix(delays.count))
        #expect(delays.allSatisfy { $0 <= .seconds(2) })
        await client.stop()
    }

    @Test("after the broker restarts, the client reconnects and subscribes again")
    func reconnectsAfterARestart() async throws {
        var broker = try await MosquittoBroker.start()
        let port = broker.port
        defer { broker.stop() }
        let events = Events()
        let client = try MosquittoClient(
            Self.options(port: port, backoff: ReconnectBackoff(initial: .milliseconds(200), maximum: .seconds(2)))
        ) { events.append($0) }
        let inbox = Inbox()
        client.subscribe("incant/+/query") { inbox.append($0) }
        client.start()
        #expect(await Self.waitUntil { client.isConnected })
        broker.stop()
        #expect(
            await Self.waitUntil { events.all.contains { if case .connectionLost = $0 { true } else { false } } },
            "\(events.all)")
        broker = try await MosquittoBroker.start(port: port)
        #expect(await Self.waitUntil { client.isConnected }, "\(events.all)")
        var received = false
        for _ in 0..<100 where !received {
            try await MQTTTools.publish(port: port, topic: "incant/hall/query", message: "good night")
            received = await Self.waitUntil(within: .milliseconds(500)) { !inbox.all.isEmpty }
        }
        #expect(inbox.all.first?.text == "good night")
        #expect(try await MQTTTools.retained(port: port, topic: "incant/status") == "online")
        await client.stop()
    }

    @Test("a password file is read without its line break; a missing or empty one is named")
    func passwordFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("incant-mqtt-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("password").path
        try "s3cret pass\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try MQTTClientOptions.secret(fromFile: file) == "s3cret pass")
        try "".write(toFile: file, atomically: true, encoding: .utf8)
        let empty = #expect(throws: MQTTError.self) { try MQTTClientOptions.secret(fromFile: file) }
        #expect(empty?.description.contains(file) == true)
        let missing = #expect(throws: MQTTError.self) {
            try MQTTClientOptions.secret(fromFile: folder.appendingPathComponent("none").path)
        }
        #expect(missing?.description.contains("none") == true)
    }

    @Test("a login the broker checks: the right password connects, a wrong one is refused and retried")
    func login() async throws {
        let port = try MosquittoBroker.freePort()
        let broker = try await MosquittoBroker.start(port: port, users: ["incant": "right horse"])
        defer { broker.stop() }
        var options = Self.options(
            port: port, backoff: ReconnectBackoff(initial: .milliseconds(200), maximum: .seconds(1)))
        options.username = "incant"
        options.password = "wrong"
        let refused = Events()
        let wrong = try MosquittoClient(options) { refused.append($0) }
        wrong.start()
        #expect(
            await Self.waitUntil { refused.all.contains { "\($0)".contains("refused") } }, "\(refused.all)")
        #expect(!wrong.isConnected)
        await wrong.stop()
        options.password = "right horse"
        let client = try MosquittoClient(options)
        client.start()
        #expect(await Self.waitUntil { client.isConnected })
        await client.stop()
    }

    @Test("TLS: a broker whose certificate the CA file signed is trusted; without the CA file it is not")
    func tls() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("incant-tls-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let certificates = try MosquittoBroker.Certificates.make(in: folder)
        let broker = try await MosquittoBroker.start(tls: certificates)
        defer { broker.stop() }
        var options = Self.options(
            port: broker.port, backoff: ReconnectBackoff(initial: .milliseconds(200), maximum: .seconds(1)))
        options.tls = MQTTClientOptions.TLS(caFile: certificates.caFile)
        let client = try MosquittoClient(options)
        let inbox = Inbox()
        client.subscribe("incant/tls/echo") { inbox.append($0) }
        client.start()
        #expect(await Self.waitUntil { client.isConnected }, "\(broker.output)")
        // Its own message comes back through the broker, encrypted both ways.
        var received = false
        for _ in 0..<100 where !received {
            client.publish(EventMessage(topic: "incant/tls/echo", text: "over TLS"))
            received = await Self.waitUntil(within: .milliseconds(500)) { !inbox.all.isEmpty }
        }
        #expect(inbox.all.first?.text == "over TLS")
        await client.stop()

        // The system's authorities did not sign the test's certificate: never connected.
        options.tls = MQTTClientOptions.TLS()
        let events = Events()
        let untrusting = try MosquittoClient(options) { events.append($0) }
        untrusting.start()
        #expect(
            await Self.waitUntil {
                events.all.filter { if case .connectionFailed = $0 { true } else { false } }.count >= 2
            }, "\(events.all)")
        #expect(!untrusting.isConnected)
        await untrusting.stop()
    }

    @Test func backoffDoublesUpToItsMaximum() {
        let backoff = ReconnectBackoff(initial: .seconds(1), maximum: .seconds(30))
        #expect((1...7).map { backoff.delay(afterFailures: $0) } == [1, 2, 4, 8, 16, 30, 30].map { .seconds($0) })
    }

    @Test("a CA file that cannot be read is named")
    func unreadableCAFile() {
        var options = Self.options(port: 1)
        options.tls = MQTTClientOptions.TLS(caFile: "/nonexistent/ca.pem")
        let error = #expect(throws: MQTTError.self) { try MosquittoClient(options) }
        #expect(error?.description.contains("/nonexistent/ca.pem") == true)
    }
}
