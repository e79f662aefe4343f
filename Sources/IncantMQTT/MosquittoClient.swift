import CMosquitto
import Dispatch
import Foundation
import IncantEvents
import Synchronization

/// An MQTT client on Debian's libmosquitto: publishes events, hands subscribed messages to
/// callbacks, keeps a retained status topic (`online`, then `offline` on a clean stop or, as
/// the last will, when the connection dies), and reconnects with exponential backoff.
///
/// The network loop runs on a thread of its own calling `mosquitto_loop`, so a broker that is
/// down at start, a host name that does not resolve yet, a refused login or a lost connection
/// are all retried after ``MQTTClientOptions/backoff`` (libmosquitto's own loop thread gives up
/// on some of these). Messages published while disconnected are dropped, not queued: the bus
/// carries what happens now. Every publication is QoS 1.
public final class MosquittoClient: EventPublisher, @unchecked Sendable {
    // `@unchecked`: `handle` is set once in `init` and libmosquitto's functions are
    // thread-safe once `mosquitto_threaded_set` is on; everything else is in `state`.
    private let handle: OpaquePointer
    public let options: MQTTClientOptions
    private let report: @Sendable (MQTTClientEvent) -> Void
    private let state = Mutex(State())
    /// Signalled to cut a backoff wait short (on `stop`).
    private let wakeUp = DispatchSemaphore(value: 0)
    /// Signalled when the loop thread has ended.
    private let ended = DispatchSemaphore(value: 0)

    private struct Subscription {
        var filter: String
        var receive: @Sendable (EventMessage) -> Void
    }

    private struct State {
        var subscriptions: [Subscription] = []
        var started = false
        var stopping = false
        var connected = false
        /// Set on every accepted connection, cleared when its loss is reported.
        var connectedSinceFailure = false
        var disconnected = false
        /// The message id of the `offline` status being published on stop.
        var offlineID: Int32?
        var offlineSent = false
    }

    /// `host:port`, for messages.
    public var broker: String {
        options.host.contains(":") ? "[\(options.host)]:\(options.port)" : "\(options.host):\(options.port)"
    }

    /// Sets the client up; nothing connects before ``start()``.
    ///
    /// - Parameter report: told about connections, failures and retries; runs on the client's
    ///   thread and must return quickly.
    /// - Throws: ``MQTTError`` for options libmosquitto refuses (an unreadable CA file).
    public init(_ options: MQTTClientOptions, report: @escaping @Sendable (MQTTClientEvent) -> Void = { _ in })
        throws(MQTTError)
    {
        _ = Self.library
        guard let handle = mosquitto_new(options.clientID, true, nil) else {
            throw MQTTError("cannot create an MQTT client (libmosquitto: out of memory or bad client id)")
        }
        self.handle = handle
        self.options = options
        self.report = report
        mosquitto_threaded_set(handle, true)
        if options.username != nil || options.password != nil {
            try check(mosquitto_username_pw_set(handle, options.username ?? "", options.password), "set the login")
        }
        if let status = options.status {
            try check(
                mosquitto_will_set(handle, status.topic, Int32(status.offline.utf8.count), status.offline, 1, true),
                "set the last will on \(status.topic)")
        }
        if let tls = options.tls {
            if let file = tls.caFile, !FileManager.default.isReadableFile(atPath: file) {
                throw MQTTError("cannot read the MQTT CA file \(file)")
            }
            try check(
                mosquitto_tls_set(handle, tls.caFile, tls.caFile == nil ? "/etc/ssl/certs" : nil, nil, nil, nil),
                "set up TLS" + (tls.caFile.map { " with \($0)" } ?? ""))
        }
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_connect_callback_set(handle) { _, object, code in
            MosquittoClient.client(object)?.didConnect(code)
        }
        mosquitto_disconnect_callback_set(handle) { _, object, code in
            MosquittoClient.client(object)?.didDisconnect(code)
        }
        mosquitto_publish_callback_set(handle) { _, object, id in
            MosquittoClient.client(object)?.didPublish(id)
        }
        mosquitto_message_callback_set(handle) { _, object, message in
            guard let message else { return }
            MosquittoClient.client(object)?.received(message.pointee)
        }
    }

    deinit {
        mosquitto_destroy(handle)
    }

    /// `mosquitto_lib_init`, once per process (it is not thread-safe).
    private static let library: Void = { mosquitto_lib_init() }()

    private static func client(_ object: UnsafeMutableRawPointer?) -> MosquittoClient? {
        object.map { Unmanaged<MosquittoClient>.fromOpaque($0).takeUnretainedValue() }
    }

    private func check(_ code: Int32, _ what: String) throws(MQTTError) {
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            throw MQTTError("cannot \(what): \(Self.describe(code))")
        }
    }

    /// libmosquitto's words for `code` (the system's for `MOSQ_ERR_ERRNO`).
    static func describe(_ code: Int32, errno number: Int32 = errno) -> String {
        if code == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(number)) }
        return String(cString: mosquitto_strerror(code))
    }

    // MARK: - Running

    /// Starts connecting, on a thread of its own; returns at once.
    public func start() {
        let first = state.withLock { state -> Bool in
            defer { state.started = true }
            return !state.started && !state.stopping
        }
        guard first else { return }
        let thread = Thread { [self] in
            runLoop()
            ended.signal()
        }
        thread.name = "incant-mqtt"
        thread.start()
    }

    /// Publishes `offline` on the status topic (when connected), disconnects cleanly and ends
    /// the client's thread. Nothing is published after it.
    public func stop() async {
        let started = state.withLock { state -> Bool in
            state.stopping = true
            return state.started
        }
        guard started else { return }
        wakeUp.signal()
        let ended = ended
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                ended.wait()
                ended.signal()
                continuation.resume()
            }
        }
    }

    /// Whether the client is connected to the broker now.
    public var isConnected: Bool { state.withLock { $0.connected } }

    public func publish(_ message: EventMessage) {
        let connected = state.withLock { $0.connected && !$0.stopping }
        // Dropped while disconnected: libmosquitto would keep QoS 1 messages without bound.
        guard connected else { return }
        let code = message.payload.withUnsafeBytes { bytes in
            mosquitto_publish(
                handle, nil, message.topic, Int32(bytes.count), bytes.baseAddress, 1, message.retained)
        }
        if code != MOSQ_ERR_SUCCESS.rawValue && code != MOSQ_ERR_NO_CONN.rawValue {
            report(.problem("cannot publish on \(message.topic): \(Self.describe(code))"))
        }
    }

    public func subscribe(_ filter: String, _ receive: @escaping @Sendable (EventMessage) -> Void) {
        let connected = state.withLock { state -> Bool in
            state.subscriptions.append(Subscription(filter: filter, receive: receive))
            return state.connected
        }
        if connected { send(subscription: filter) }
    }

    private func send(subscription filter: String) {
        let code = mosquitto_subscribe(handle, nil, filter, 1)
        if code != MOSQ_ERR_SUCCESS.rawValue && code != MOSQ_ERR_NO_CONN.rawValue {
            report(.problem("cannot subscribe to \(filter): \(Self.describe(code))"))
        }
    }

    /// The client's thread: connect, run the network loop, and after a failure wait the backoff
    /// and reconnect, until ``stop()``.
    private func runLoop() {
        var attempted = false
        var failures = 0
        var needsConnection = true
        while !state.withLock({ $0.stopping }) {
            if needsConnection {
                state.withLock { $0.disconnected = false }
                let code =
                    attempted
                    ? mosquitto_reconnect(handle)
                    : mosquitto_connect(handle, options.host, Int32(options.port), Int32(options.keepAlive))
                let number = errno
                attempted = true
                guard code == MOSQ_ERR_SUCCESS.rawValue else {
                    failures += 1
                    let delay = options.backoff.delay(afterFailures: failures)
                    report(
                        .connectionFailed(
                            broker: broker, reason: Self.describe(code, errno: number), retryIn: delay))
                    pause(delay)
                    continue
                }
                needsConnection = false
            }
            let code = mosquitto_loop(handle, 100, 1)
            let number = errno
            if state.withLock({ $0.connected }) { failures = 0 }
            guard code == MOSQ_ERR_SUCCESS.rawValue else {
                // The disconnect callback has already run: whether the connection had been
                // accepted is kept apart.
                let wasConnected = state.withLock { state -> Bool in
                    defer {
                        state.connected = false
                        state.connectedSinceFailure = false
                    }
                    return state.connectedSinceFailure
                }
                if state.withLock({ $0.stopping }) { break }
                failures += 1
                let delay = options.backoff.delay(afterFailures: failures)
                let reason = Self.describe(code, errno: number)
                report(
                    wasConnected
                        ? .connectionLost(broker: broker, reason: reason, retryIn: delay)
                        : .connectionFailed(broker: broker, reason: reason, retryIn: delay))
                needsConnection = true
                pause(delay)
                continue
            }
        }
        finish()
    }

    /// Waits `delay`, or less when ``stop()`` is called.
    private func pause(_ delay: Duration) {
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        if wakeUp.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success { wakeUp.signal() }
    }

    /// On stop: `offline` on the status topic, then a clean disconnect, each given a few
    /// seconds to reach the broker.
    private func finish() {
        guard state.withLock({ $0.connected }) else {
            mosquitto_disconnect(handle)
            return
        }
        if let status = options.status {
            var id: Int32 = 0
            let code = mosquitto_publish(
                handle, &id, status.topic, Int32(status.offline.utf8.count), status.offline, 1, true)
            if code == MOSQ_ERR_SUCCESS.rawValue {
                state.withLock { $0.offlineID = id }
                loop(for: .seconds(3)) { $0.offlineSent }
            }
        }
        mosquitto_disconnect(handle)
        loop(for: .seconds(2)) { $0.disconnected }
    }

    /// Runs the network loop until `done` holds, the connection fails, or `limit` passes.
    private func loop(for limit: Duration, until done: (State) -> Bool) {
        let deadline = ContinuousClock.now + limit
        while !state.withLock({ done($0) }), ContinuousClock.now < deadline {
            guard mosquitto_loop(handle, 100, 1) == MOSQ_ERR_SUCCESS.rawValue else { return }
        }
    }

    // MARK: - Callbacks (on the client's thread, inside mosquitto_loop)

    private func didConnect(_ code: Int32) {
        guard code == 0 else {
            report(
                .problem(
                    "the broker \(broker) refused the connection: \(String(cString: mosquitto_connack_string(code)))"))
            return
        }
        let filters = state.withLock { state -> [String] in
            state.connected = true
            state.connectedSinceFailure = true
            return state.subscriptions.map(\.filter)
        }
        if let status = options.status {
            mosquitto_publish(handle, nil, status.topic, Int32(status.online.utf8.count), status.online, 1, true)
        }
        for filter in Set(filters) { send(subscription: filter) }
        report(.connected(broker: broker))
    }

    private func didDisconnect(_ code: Int32) {
        state.withLock {
            $0.connected = false
            $0.disconnected = true
        }
    }

    private func didPublish(_ id: Int32) {
        state.withLock { state in
            if state.offlineID == id { state.offlineSent = true }
        }
    }

    private func received(_ message: mosquitto_message) {
        guard let topicPointer = message.topic else { return }
        let topic = String(cString: topicPointer)
        var payload: [UInt8] = []
        if let bytes = message.payload, message.payloadlen > 0 {
            payload = Array(UnsafeRawBufferPointer(start: bytes, count: Int(message.payloadlen)))
        }
        let event = EventMessage(topic: topic, payload: payload, retained: message.retain)
        let subscriptions = state.withLock { $0.subscriptions }
        for subscription in subscriptions {
            var matches = false
            guard mosquitto_topic_matches_sub(subscription.filter, topic, &matches) == MOSQ_ERR_SUCCESS.rawValue,
                matches
            else { continue }
            subscription.receive(event)
        }
    }
}
