/// What an ``MosquittoClient`` reports about its connection, for a log.
public enum MQTTClientEvent: Sendable, Hashable, CustomStringConvertible {
    /// Connected to the broker (`broker` is `host:port`).
    case connected(broker: String)
    /// An attempt failed (unreachable, refused); the next one is in `retryIn`.
    case connectionFailed(broker: String, reason: String, retryIn: Duration)
    /// The connection was lost; the next attempt is in `retryIn`.
    case connectionLost(broker: String, reason: String, retryIn: Duration)
    /// The broker refused a subscription or a publication failed.
    case problem(String)

    public var description: String {
        switch self {
        case .connected(let broker):
            return "connected to the MQTT broker \(broker)"
        case .connectionFailed(let broker, let reason, let delay):
            return "cannot connect to the MQTT broker \(broker) (\(reason)); retrying in \(Self.seconds(delay))"
        case .connectionLost(let broker, let reason, let delay):
            return "lost the MQTT broker \(broker) (\(reason)); reconnecting in \(Self.seconds(delay))"
        case .problem(let text):
            return "MQTT: \(text)"
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return value.rounded() == value ? "\(Int(value)) s" : "\(value) s"
    }
}
