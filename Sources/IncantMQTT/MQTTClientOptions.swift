import Foundation

/// How to reach an MQTT broker, and the status topic that tells whether Incant runs.
public struct MQTTClientOptions: Sendable, Hashable {
    /// TLS to the broker: the certificate authorities trusted.
    public struct TLS: Sendable, Hashable {
        /// A PEM file of the authorities that signed the broker's certificate; nil trusts the
        /// system's (`/etc/ssl/certs`).
        public var caFile: String?

        public init(caFile: String? = nil) {
            self.caFile = caFile
        }
    }

    /// A retained topic that holds `online` while connected and `offline` after a clean stop;
    /// the broker publishes `offline` itself (the last will) when the connection dies.
    public struct Status: Sendable, Hashable {
        public var topic: String
        public var online: String
        public var offline: String

        public init(topic: String, online: String = "online", offline: String = "offline") {
            self.topic = topic
            self.online = online
            self.offline = offline
        }
    }

    public var host: String
    public var port: Int
    /// Unique per connection: the broker drops an older connection with the same identifier.
    public var clientID: String
    public var username: String?
    public var password: String?
    public var tls: TLS?
    public var status: Status?
    /// Seconds between keep-alive pings; the last will is published after 1.5 times this
    /// without a word from the client.
    public var keepAlive: Int
    /// How long to wait before each new attempt after a failed or lost connection.
    public var backoff: ReconnectBackoff

    public init(
        host: String, port: Int, clientID: String, username: String? = nil, password: String? = nil,
        tls: TLS? = nil, status: Status? = nil, keepAlive: Int = 30, backoff: ReconnectBackoff = ReconnectBackoff()
    ) {
        self.host = host
        self.port = port
        self.clientID = clientID
        self.username = username
        self.password = password
        self.tls = tls
        self.status = status
        self.keepAlive = keepAlive
        self.backoff = backoff
    }

    /// The secret in `path` (a password file), without the line break that ends it.
    ///
    /// - Throws: ``MQTTError`` naming the file when it cannot be read or is empty.
    public static func secret(fromFile path: String) throws(MQTTError) -> String {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw MQTTError("cannot read the MQTT password file \(path): \(error.localizedDescription)")
        }
        let secret = text.trimmingCharacters(in: .newlines)
        guard !secret.isEmpty else { throw MQTTError("the MQTT password file \(path) is empty") }
        guard !secret.contains(where: \.isNewline) else {
            throw MQTTError("the MQTT password file \(path) has more than one line")
        }
        return secret
    }
}

/// Exponential backoff between connection attempts: `initial`, twice that, … up to `maximum`.
public struct ReconnectBackoff: Sendable, Hashable {
    public var initial: Duration
    public var maximum: Duration

    public init(initial: Duration = .seconds(1), maximum: Duration = .seconds(30)) {
        self.initial = initial
        self.maximum = max(initial, maximum)
    }

    /// The wait after `failures` failed attempts in a row (1 or more).
    public func delay(afterFailures failures: Int) -> Duration {
        var delay = initial
        for _ in 1..<max(1, failures) {
            delay *= 2
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}

/// Why an MQTT client cannot be set up.
public struct MQTTError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
