import Foundation

/// Publishes each decision and outcome on Hermes-compatible topics: an accepted shortcut on
/// `hermes/intent/<shortcut>`, anything else on `hermes/nlu/intentNotRecognized`, and what a
/// dispatch did on `<prefix>/<site>/outcome`.
public struct DecisionAnnouncer: Sendable {
    public let publisher: any EventPublisher
    public let topics: EventTopics

    public init(publisher: any EventPublisher, topics: EventTopics) {
        self.publisher = publisher
        self.topics = topics
    }

    /// Publishes the messages of `decision`.
    public func announce(_ decision: DecisionAnnouncement) {
        for message in messages(for: decision) { publisher.publish(message) }
    }

    /// The messages of `decision`, in order: the intent (or intent-not-recognized), then the
    /// outcome when a dispatch ran.
    public func messages(for decision: DecisionAnnouncement) -> [EventMessage] {
        var messages: [EventMessage] = []
        if let intent = decision.intent {
            let hermes = HermesIntent(
                input: decision.input,
                intent: HermesIntent.Intent(
                    intentName: intent.shortcutID, confidenceScore: Self.rounded(intent.confidence)),
                slots: intent.parameters.sorted { $0.key < $1.key }.map { HermesSlot(name: $0.key, value: $0.value) },
                siteId: topics.site, sessionId: decision.sessionID,
                asrConfidence: decision.acousticConfidence.map(Self.rounded))
            messages.append(EventMessage(topic: EventTopics.intent(intent.shortcutID), payload: Self.json(hermes)))
        } else {
            let hermes = HermesIntentNotRecognized(
                input: decision.input, siteId: topics.site, sessionId: decision.sessionID, reason: decision.reason)
            messages.append(EventMessage(topic: EventTopics.intentNotRecognized, payload: Self.json(hermes)))
        }
        if let outcome = decision.outcome {
            let message = OutcomeMessage(
                site: topics.site, sessionId: decision.sessionID, input: decision.input, outcome: outcome)
            messages.append(EventMessage(topic: topics.outcome, payload: Self.json(message)))
        }
        return messages
    }

    /// Publishes that a query on ``EventTopics/query`` could not be read, and why.
    public func announceUnreadableQuery(_ problem: String) {
        publisher.publish(
            EventMessage(topic: topics.error, payload: Self.json(QueryErrorMessage(site: topics.site, error: problem))))
    }

    /// One line of JSON, keys sorted.
    static func json(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(value))) ?? Array("{}".utf8)
    }

    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
