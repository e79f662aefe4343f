import Foundation
import IncantCapture
import IncantDispatch
import IncantEvents
import IncantListening
import IncantPhrases
import IncantTestSupport
import Synchronization
import Testing

/// The ``Listener`` announcing its decisions on a bus, and running queries received from it.
@Suite("Listener announcements")
struct ListenerAnnouncementTests {
    /// A bus that keeps what is published.
    final class MemoryBus: EventPublisher {
        private let published = Mutex<[EventMessage]>([])
        func publish(_ message: EventMessage) { published.withLock { $0.append(message) } }
        func subscribe(_ filter: String, _ receive: @escaping @Sendable (EventMessage) -> Void) {}
        var messages: [EventMessage] { published.withLock { $0 } }
    }

    static func object(_ message: EventMessage?) -> [String: Any]? {
        message.flatMap { try? JSONSerialization.jsonObject(with: Data($0.payload)) as? [String: Any] }
    }

    @Test("each decided utterance is announced: an intent with its slots and the outcome, or not recognized")
    func utterancesAreAnnounced() async throws {
        let bus = MemoryBus()
        let announcer = DecisionAnnouncer(publisher: bus, topics: EventTopics(site: "kitchen"))
        let (events, kitchen, _) = try await ListenerTests.listen(to: ["order a pepperoni pizza", "computer"]) {
            $0.announcer = announcer
        }
        #expect(ListenerTests.turns(events).count == 2)
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        let topics = bus.messages.map(\.topic)
        #expect(topics == ["hermes/intent/order-pizza", "incant/kitchen/outcome", "hermes/nlu/intentNotRecognized"])
        let intent = try #require(Self.object(bus.messages.first))
        #expect(intent["siteId"] as? String == "kitchen")
        #expect(intent["input"] as? String == "order a pepperoni pizza")
        let slot = (intent["slots"] as? [[String: Any]])?.first
        #expect(slot?["slotName"] as? String == "kind")
        #expect((slot?["value"] as? [String: Any])?["value"] as? String == "pepperoni")
        #expect(intent["asrConfidence"] is Double)
        let outcome = try #require(Self.object(bus.messages[1]))
        #expect(outcome["sessionId"] as? String == intent["sessionId"] as? String)
        #expect(outcome["dialog"] as? String == "Ordering pepperoni.")
        #expect(Self.object(bus.messages[2])?["input"] as? String == "computer")
    }

    @Test("an unclear command is announced as the intent the person confirmed, or as not recognized with why")
    func unclearCommandsAreAnnounced() async throws {
        let bus = MemoryBus()
        let (_, kitchen, _) = try await ListenerTests.listen(
            to: ["order a pepperoni pizza", "yes", "order a pepperoni pizza", "no"]
        ) {
            $0.announcer = DecisionAnnouncer(publisher: bus, topics: EventTopics(site: "kitchen"))
            $0.recognizer = ListenerTests.unclear()
            $0.unclearCommands = .always
        }
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        let topics = bus.messages.map(\.topic)
        #expect(topics == ["hermes/intent/order-pizza", "incant/kitchen/outcome", "hermes/nlu/intentNotRecognized"])
        let denied = try #require(Self.object(bus.messages.last))
        #expect(denied["reason"] as? String == "the person said they did not say \"order a pepperoni pizza\"")
    }

    @Test("a query runs through the listener's matcher and dispatcher, its questions unanswered")
    func queriesRunLikeSimulate() async throws {
        let kitchen = Kitchen()
        var handlers = HandlerRegistry()
        handlers.register(kitchen, as: "kitchen")
        let listener = Listener(
            ListenerConfiguration(
                source: SampleBufferSource([]), recognizer: FakeRecognizer(script: ListenerTests.script),
                catalog: try ListenerTests.catalog(), dispatcher: Dispatcher(handlers: handlers)))
        let report = await listener.query("order a margherita pizza")
        #expect(report.outcome?.dialog == "Ordering margherita.")
        // "lights" requires a yes nobody gives: it does not run.
        let unconfirmed = await listener.query("lights on")
        #expect(unconfirmed.outcome?.status == .notConfirmed)
        #expect(kitchen.requests == ["order-pizza kind=margherita"])
        let dry = Listener(
            ListenerConfiguration(
                source: SampleBufferSource([]), recognizer: FakeRecognizer(script: ListenerTests.script),
                catalog: try ListenerTests.catalog(), dispatcher: Dispatcher(handlers: handlers),
                dispatchOptions: DispatchOptions(dryRun: true)))
        #expect(await dry.query("order a pepperoni pizza").outcome?.status == .dryRun)
        #expect(kitchen.requests == ["order-pizza kind=margherita"])
    }
}
