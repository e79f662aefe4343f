/// A message bus that Incant announces its decisions on and takes requests from (MQTT, in the
/// IncantMQTT module); the listener and the server know only this protocol.
///
/// Publishing never blocks the caller and never throws: a bus that is away drops (or queues)
/// what is published, as its implementation documents, and reconnects by itself.
public protocol EventPublisher: Sendable {
    /// Publishes `message`.
    func publish(_ message: EventMessage)

    /// Hands every message whose topic matches `filter` (MQTT wildcards `+` and `#`) to
    /// `receive`, from now on and after every reconnection. `receive` must return quickly:
    /// it runs on the bus's own thread.
    func subscribe(_ filter: String, _ receive: @escaping @Sendable (EventMessage) -> Void)
}
