/// The topics Incant publishes on and listens to for one site.
///
/// Hermes topics (`hermes/intent/<shortcut>`, `hermes/nlu/intentNotRecognized`) are fixed by
/// that protocol; Incant's own start with ``prefix`` (`incant` by default).
public struct EventTopics: Sendable, Hashable {
    /// The room or machine this Incant serves, one topic level (the host name by default).
    public var site: String
    /// The first level(s) of Incant's own topics, without a trailing `/`.
    public var prefix: String

    /// The default ``prefix``.
    public static let defaultPrefix = "incant"

    public init(site: String, prefix: String = EventTopics.defaultPrefix) {
        self.site = site
        self.prefix = prefix
    }

    /// Retained `online` while Incant runs, `offline` after (the last will when it dies).
    public var status: String { "\(prefix)/status" }
    /// What each dispatch did: the shortcut, its parameters, the codes and the dialog.
    public var outcome: String { "\(prefix)/\(site)/outcome" }
    /// Text to run as if it had been said, like `incant simulate`.
    public var query: String { "\(prefix)/\(site)/query" }
    /// Queries that could not be read (not UTF-8, too long, bad JSON).
    public var error: String { "\(prefix)/\(site)/error" }

    /// The Hermes topic of a recognized intent.
    public static func intent(_ shortcut: String) -> String { "hermes/intent/\(shortcut)" }
    /// The Hermes topic of an utterance or query that matched no shortcut.
    public static let intentNotRecognized = "hermes/nlu/intentNotRecognized"

    /// The status payload while running.
    public static let online = "online"
    /// The status payload after stopping (and the last will).
    public static let offline = "offline"

    /// `name` made one valid topic level: characters MQTT forbids in a level become `-`.
    public static func level(_ name: String) -> String {
        let cleaned = String(name.map { "/+#\0".contains($0) || $0.isNewline || $0.isWhitespace ? "-" : $0 })
        return cleaned.isEmpty ? "incant" : String(cleaned.prefix(128))
    }
}
