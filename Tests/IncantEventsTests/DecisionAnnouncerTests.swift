import Foundation
import IncantDispatch
import IncantEvents
import IncantPhrases
import Synchronization
import Testing

/// The Hermes messages of decisions, and reading queries from the bus.
@Suite("DecisionAnnouncer and RemoteQuery")
struct DecisionAnnouncerTests {
    /// A bus that keeps what is published and hands published messages to subscribers.
    final class MemoryBus: EventPublisher {
        private let state = Mutex<(published: [EventMessage], subscribers: [@Sendable (EventMessage) -> Void])>(
            ([], []))

        func publish(_ message: EventMessage) { state.withLock { $0.published.append(message) } }

        func subscribe(_ filter: String, _ receive: @escaping @Sendable (EventMessage) -> Void) {
            state.withLock { $0.subscribers.append(receive) }
        }

        /// Delivers `message` to every subscriber, as a broker would.
        func deliver(_ message: EventMessage) {
            for receive in state.withLock({ $0.subscribers }) { receive(message) }
        }

        var published: [EventMessage] { state.withLock { $0.published } }
    }

    static let yaml = """
        shortcuts:
          - id: lights
            title: Lights
            parameters:
              - { name: room, type: enum, values: [kitchen, "living room"] }
              - { name: on, type: boolean }
            phrases: ["turn {on} the {room} lights"]
          - id: timer
            title: Timer
            parameters:
              - { name: minutes, type: integer, range: [1, 60] }
            phrases: ["set a timer for {minutes} minutes"]
        """

    static func matcher() -> PhraseMatcher {
        PhraseMatcher(
            catalog: PhraseCatalog(shortcuts: DefinitionLoader.parse(yaml, file: "/test/events.yaml").shortcuts))
    }

    static func object(_ message: EventMessage) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any])
    }

    @Test("an accepted query is a Hermes intent with its slots and site")
    func intentMessage() throws {
        let match = Self.matcher().match("turn on the living room lights")
        let bus = MemoryBus()
        let announcer = DecisionAnnouncer(publisher: bus, topics: EventTopics(site: "kitchen"))
        announcer.announce(
            DecisionAnnouncement(
                report: QueryReport(query: "turn on the living room lights", match: match, outcome: nil),
                sessionID: "s1"))
        #expect(bus.published.map(\.topic) == ["hermes/intent/lights"])
        let json = try Self.object(try #require(bus.published.first))
        #expect(json["input"] as? String == "turn on the living room lights")
        #expect(json["siteId"] as? String == "kitchen")
        #expect(json["sessionId"] as? String == "s1")
        let intent = try #require(json["intent"] as? [String: Any])
        #expect(intent["intentName"] as? String == "lights")
        #expect((intent["confidenceScore"] as? Double ?? 0) > 0.5)
        let slots = try #require(json["slots"] as? [[String: Any]])
        #expect(slots.map { $0["slotName"] as? String } == ["on", "room"])
        #expect(slots.map { $0["entity"] as? String } == ["on", "room"])
        let values = slots.compactMap { $0["value"] as? [String: Any] }
        #expect(values.map { $0["kind"] as? String } == ["Custom", "Custom"])
        #expect(values.first?["value"] as? Bool == true)
        #expect(values.last?["value"] as? String == "living room")
        #expect(slots.last?["rawValue"] as? String == "living room")
    }

    @Test("numbers are Number slots; no match is intentNotRecognized with the reason")
    func numberSlotAndNotRecognized() throws {
        let bus = MemoryBus()
        let announcer = DecisionAnnouncer(publisher: bus, topics: EventTopics(site: "hall", prefix: "home/voice"))
        let match = Self.matcher().match("set a timer for 5 minutes")
        announcer.announce(
            DecisionAnnouncement(report: QueryReport(query: "set a timer for 5 minutes", match: match, outcome: nil)))
        let slot = try #require((try Self.object(bus.published[0])["slots"] as? [[String: Any]])?.first)
        #expect((slot["value"] as? [String: Any])?["kind"] as? String == "Number")
        #expect((slot["value"] as? [String: Any])?["value"] as? Int == 5)

        let none = Self.matcher().match("sing me a song")
        announcer.announce(
            DecisionAnnouncement(report: QueryReport(query: "sing me a song", match: none, outcome: nil)))
        #expect(bus.published.last?.topic == "hermes/nlu/intentNotRecognized")
        let json = try Self.object(try #require(bus.published.last))
        #expect(json["input"] as? String == "sing me a song")
        #expect(json["siteId"] as? String == "hall")
        #expect((json["reason"] as? String)?.isEmpty == false)
        #expect(EventTopics(site: "hall", prefix: "home/voice").outcome == "home/voice/hall/outcome")
    }

    @Test("a dispatch adds the outcome: shortcut, parameters, codes, dialog and site")
    func outcomeMessage() async throws {
        let matcher = Self.matcher()
        let runner = ShortcutRunner(matcher: matcher, dispatcher: Dispatcher())
        let report = await runner.run("turn on the kitchen lights", options: DispatchOptions(dryRun: true))
        let bus = MemoryBus()
        DecisionAnnouncer(publisher: bus, topics: EventTopics(site: "kitchen")).announce(
            DecisionAnnouncement(report: report, sessionID: "s2"))
        #expect(bus.published.map(\.topic) == ["hermes/intent/lights", "incant/kitchen/outcome"])
        let json = try Self.object(bus.published[1])
        #expect(json["shortcut"] as? String == "lights")
        #expect(json["site"] as? String == "kitchen")
        #expect(json["sessionId"] as? String == "s2")
        #expect(json["status"] as? String == "dryRun")
        #expect((json["confirm"] as? [String: Any])?["code"] as? String == "ready")
        #expect(json["handle"] is NSNull)
        #expect(CLIValues.texts(json["parameters"]) == ["on": "1", "room": "kitchen"])
    }

    @Test("a query is plain text or JSON with text and sessionId; anything else is refused with a reason")
    func queryPayloads() throws {
        #expect(
            try RemoteQuery(payload: Array("  turn on the kitchen lights\n".utf8))
                == RemoteQuery(text: "turn on the kitchen lights"))
        #expect(
            try RemoteQuery(payload: Array(#"{"text": "good night", "sessionId": "abc"}"#.utf8))
                == RemoteQuery(text: "good night", sessionID: "abc"))
        let refused: [(payload: [UInt8], says: String)] = [
            (Array("".utf8), "empty"),
            (Array("   ".utf8), "empty"),
            ([0xff, 0xfe, 0x41], "UTF-8"),
            (Array(#"{"text": 3}"#.utf8), "\"text\""),
            (Array(#"{"txt": "x"}"#.utf8), "\"text\""),
            (Array(#"{"text": "x", "sessionId": 4}"#.utf8), "sessionId"),
            (Array("{not json".utf8), "JSON"),
            (Array(repeating: UInt8(ascii: "a"), count: RemoteQuery.maximumBytes + 1), "bytes"),
        ]
        for (payload, says) in refused {
            let error = #expect(throws: RemoteQueryError.self) { try RemoteQuery(payload: payload) }
            #expect(error?.description.contains(says) == true, "\(String(describing: error)) should say \(says)")
        }
    }

    @Test("any payload is read as a query or refused with a reason, never a crash")
    func arbitraryPayloads() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array(#"{"text": "#.utf8), Array(#""sessionId""#.utf8), Array("turn on".utf8), [0xff], [0xc3], [0],
            Array("{".utf8), Array("}".utf8), Array("\"".utf8), Array(":".utf8), Array("[1,".utf8),
        ]
        var read = 0
        for _ in 0..<20_000 {
            var payload: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                payload +=
                    Bool.random(using: &generator)
                    ? pieces.randomElement(using: &generator)! : [UInt8.random(in: 0...255, using: &generator)]
            }
            do {
                let query = try RemoteQuery(payload: payload)
                #expect(!query.text.isEmpty)
                read += 1
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        #expect(read > 0)
    }

    @Test("queries from the bus run one at a time and are announced; unreadable ones are answered on the error topic")
    func remoteQueriesRun() async throws {
        let bus = MemoryBus()
        let matcher = Self.matcher()
        let ran = Mutex<[String]>([])
        let queries = RemoteQueries(
            announcer: DecisionAnnouncer(publisher: bus, topics: EventTopics(site: "kitchen")),
            run: { text in
                ran.withLock { $0.append(text) }
                return QueryReport(query: text, match: matcher.match(text), outcome: nil)
            })
        queries.start()
        bus.deliver(
            EventMessage(
                topic: "incant/kitchen/query", text: #"{"text": "turn on the kitchen lights", "sessionId": "q1"}"#))
        bus.deliver(EventMessage(topic: "incant/kitchen/query", payload: [0xff]))
        await queries.stop()
        #expect(ran.withLock { $0 } == ["turn on the kitchen lights"])
        let topics = bus.published.map(\.topic)
        #expect(topics.contains("hermes/intent/lights"))
        #expect(topics.contains("incant/kitchen/error"))
        let intent = try #require(bus.published.first { $0.topic == "hermes/intent/lights" })
        #expect(try Self.object(intent)["sessionId"] as? String == "q1")
    }
}

/// JSON values as text (numbers and booleans compare alike on every platform).
enum CLIValues {
    static func texts(_ value: Any?) -> [String: String]? {
        guard let dictionary = value as? [String: Any] else { return nil }
        return dictionary.mapValues { "\($0)" }
    }
}
