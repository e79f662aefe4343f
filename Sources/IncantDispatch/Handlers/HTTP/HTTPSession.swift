import AsyncHTTPClient
import Synchronization

/// The one HTTP client behind a dispatcher's `http` handlers, shared by all of them.
///
/// The client is made on first use (a dispatcher that never calls a web hook opens nothing) on
/// SwiftNIO's shared event loops, with redirects left to ``HTTPHandler`` so it can drop the
/// token on the way to another origin, and without retrying a refused connection.
/// ``shutdown()`` closes its connections; a request after
/// it fails with a reason. A session dropped without `shutdown()` closes the client in the
/// background.
public final class HTTPSession: Sendable {
    private enum State {
        case idle
        case running(HTTPClient)
        case shutDown
    }

    private let state = Mutex<State>(.idle)

    /// Creates a session; no client exists until the first request.
    public init() {}

    /// The client, made now if this is the first request; `nil` once shut down.
    func client() -> HTTPClient? {
        state.withLock { state in
            switch state {
            case .idle:
                var configuration = HTTPClient.Configuration()
                configuration.redirectConfiguration = .disallow
                configuration.timeout.connect = .seconds(10)
                // A host that refuses is said at once, not retried until the timeout.
                configuration.connectionPool.retryConnectionEstablishment = false
                let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
                state = .running(client)
                return client
            case .running(let client):
                return client
            case .shutDown:
                return nil
            }
        }
    }

    /// Whether a client has been made and not yet shut down.
    public var isRunning: Bool {
        state.withLock { state in
            if case .running = state { return true }
            return false
        }
    }

    /// Closes the client's connections and refuses further requests. Safe to call more than once.
    public func shutdown() async {
        let client = state.withLock { state -> HTTPClient? in
            defer { state = .shutDown }
            if case .running(let client) = state { return client }
            return nil
        }
        try? await client?.shutdown()
    }

    deinit {
        let client = state.withLock { state -> HTTPClient? in
            if case .running(let client) = state { return client }
            return nil
        }
        // The callback holds the client until it has shut down.
        client?.shutdown { _ in _ = client }
    }
}
