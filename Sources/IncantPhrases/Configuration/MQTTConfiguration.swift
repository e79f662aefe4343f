/// The `mqtt:` section of the configuration file: the broker Incant announces its decisions
/// on and takes queries from.
///
/// ```yaml
/// mqtt:
///   host: homeassistant.local
///   port: 8883
///   username: incant
///   password-file: ~/.config/incant/mqtt-password
///   tls: { ca-file: /etc/ssl/certs/my-ca.pem }   # or `tls: true` for the system's authorities
///   site: kitchen
///   topic-prefix: incant
/// ```
public struct MQTTConfiguration: Sendable, Hashable {
    /// The broker's host name or address (`host:`, required).
    public var host: String
    /// The broker's port (`port:`); nil is 1883, or 8883 with TLS.
    public var port: Int?
    /// The login name (`username:`).
    public var username: String?
    /// A file holding the password (`password-file:`); the password is never in the YAML.
    public var passwordFile: String?
    /// TLS to the broker (`tls:`); nil connects in the clear.
    public var tls: TLS?
    /// The site in topics and messages (`site:`); nil is the machine's host name.
    public var site: String?
    /// The first level(s) of Incant's own topics (`topic-prefix:`); nil is `incant`.
    public var topicPrefix: String?

    /// `tls: true` trusts the system's authorities; `tls: { ca-file: FILE }` the one in FILE.
    public struct TLS: Sendable, Hashable {
        /// A PEM file of the authorities that signed the broker's certificate.
        public var caFile: String?

        public init(caFile: String? = nil) {
            self.caFile = caFile
        }
    }

    /// The keys `mqtt:` may hold.
    public static let keys = ["host", "port", "username", "password-file", "tls", "site", "topic-prefix"]

    /// The port used when none is given: 1883, or 8883 with TLS.
    public var effectivePort: Int { port ?? (tls == nil ? 1883 : 8883) }

    public init(
        host: String, port: Int? = nil, username: String? = nil, passwordFile: String? = nil, tls: TLS? = nil,
        site: String? = nil, topicPrefix: String? = nil
    ) {
        self.host = host
        self.port = port
        self.username = username
        self.passwordFile = passwordFile
        self.tls = tls
        self.site = site
        self.topicPrefix = topicPrefix
    }

    /// Why `site` cannot be one MQTT topic level, or nil when it can.
    public static func problem(site: String) -> String? {
        if site.isEmpty { return "must not be empty" }
        if site.utf8.count > 128 { return "must be at most 128 bytes" }
        if let bad = site.first(where: { "/+#".contains($0) || $0.isNewline || $0 == "\0" }) {
            return "must not contain '\(bad == "\0" ? "\\0" : String(bad))' (it is one topic level)"
        }
        return nil
    }

    /// Why `prefix` cannot start Incant's MQTT topics, or nil when it can.
    public static func problem(prefix: String) -> String? {
        if prefix.isEmpty { return "must not be empty" }
        if prefix.hasPrefix("/") || prefix.hasSuffix("/") { return "must not start or end with '/'" }
        if prefix.split(separator: "/", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            return "must not have an empty level ('//')"
        }
        if prefix.utf8.count > 256 { return "must be at most 256 bytes" }
        if let bad = prefix.first(where: { "+#".contains($0) || $0.isNewline || $0 == "\0" }) {
            return "must not contain '\(bad == "\0" ? "\\0" : String(bad))'"
        }
        return nil
    }
}
