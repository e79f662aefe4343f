/// One message on the event bus: a topic, its payload, and whether the bus keeps it for
/// subscribers that come later (MQTT's retained flag).
public struct EventMessage: Sendable, Hashable {
    /// Where it is published, e.g. `hermes/intent/lights`.
    public var topic: String
    /// The bytes, usually one JSON object.
    public var payload: [UInt8]
    /// Whether the bus keeps the last message of the topic for late subscribers.
    public var retained: Bool

    public init(topic: String, payload: [UInt8], retained: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.retained = retained
    }

    public init(topic: String, text: String, retained: Bool = false) {
        self.init(topic: topic, payload: Array(text.utf8), retained: retained)
    }

    /// The payload as text; nil when it is not UTF-8.
    public var text: String? { String(validating: payload, as: UTF8.self) }
}
