import Foundation

/// A query received from the bus: the text to run and, optionally, the session it belongs to.
///
/// The payload is the text itself, or a JSON object `{"text": "…", "sessionId": "…"}`
/// (`sessionId` optional; it is echoed in the messages the query produces).
public struct RemoteQuery: Sendable, Hashable {
    public var text: String
    public var sessionID: String?

    /// The longest payload read, in bytes.
    public static let maximumBytes = 4096

    public init(text: String, sessionID: String? = nil) {
        self.text = text
        self.sessionID = sessionID
    }

    /// Reads a payload.
    ///
    /// - Throws: ``RemoteQueryError`` saying what is wrong with it.
    public init(payload: [UInt8]) throws(RemoteQueryError) {
        guard payload.count <= Self.maximumBytes else {
            throw RemoteQueryError("the query has \(payload.count) bytes; at most \(Self.maximumBytes) are read")
        }
        guard let text = String(validating: payload, as: UTF8.self) else {
            throw RemoteQueryError("the query is not UTF-8 text")
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("{") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any] else {
                throw RemoteQueryError("the query starts with '{' but is not a JSON object")
            }
            guard let text = object["text"] as? String else {
                throw RemoteQueryError("the JSON query has no \"text\" string")
            }
            var session: String?
            if let value = object["sessionId"] {
                guard let string = value as? String, !string.isEmpty, string.utf8.count <= 128 else {
                    throw RemoteQueryError("\"sessionId\" must be text of 1 to 128 bytes")
                }
                session = string
            }
            self.init(text: text.trimmingCharacters(in: .whitespacesAndNewlines), sessionID: session)
        } else {
            self.init(text: trimmed)
        }
        guard !self.text.isEmpty else { throw RemoteQueryError("the query is empty") }
    }
}

/// Why a query from the bus cannot be run.
public struct RemoteQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
