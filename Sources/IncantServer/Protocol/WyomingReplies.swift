/// The events this server sends, built with the field names of the `wyoming` package.
public enum WyomingReplies {
    /// `transcript`: what was heard (empty when nothing in the phrase set was).
    public static func transcript(_ text: String, language: String) -> WyomingEvent {
        WyomingEvent(type: "transcript", data: ["text": .string(text), "language": .string(language)])
    }

    /// `intent`: the shortcut and its parameters as entities.
    public static func intent(name: String, entities: [(name: String, value: JSONValue)], text: String) -> WyomingEvent
    {
        var data: [String: JSONValue] = ["name": .string(name), "text": .string(text)]
        if !entities.isEmpty {
            data["entities"] = .array(entities.map { .object(["name": .string($0.name), "value": $0.value]) })
        }
        return WyomingEvent(type: "intent", data: data)
    }

    /// `not-recognized`.
    public static func notRecognized(text: String) -> WyomingEvent {
        WyomingEvent(type: "not-recognized", data: ["text": .string(text)])
    }

    /// `handled` with the dialog, if there is one.
    public static func handled(_ dialog: String?) -> WyomingEvent {
        WyomingEvent(type: "handled", data: dialog.map { ["text": .string($0)] } ?? [:])
    }

    /// `not-handled` with the reason.
    public static func notHandled(_ reason: String) -> WyomingEvent {
        WyomingEvent(type: "not-handled", data: ["text": .string(reason)])
    }

    /// `error`, with a code from ``ErrorCode``.
    public static func error(_ text: String, code: ErrorCode) -> WyomingEvent {
        WyomingEvent(type: "error", data: ["text": .string(text), "code": .string(code.rawValue)])
    }

    /// `pong`.
    public static func pong(_ text: String?) -> WyomingEvent {
        WyomingEvent(type: "pong", data: text.map { ["text": .string($0)] } ?? [:])
    }

    /// The `code` of the `error` events this server sends.
    public enum ErrorCode: String, Sendable {
        /// Bytes that are no event, or an event over the limits; the connection is closed.
        case malformedEvent = "malformed-event"
        /// An event whose fields are wrong (an audio format out of range, a missing text).
        case badRequest = "bad-request"
        /// The stream of audio is longer than the server takes.
        case audioTooLong = "audio-too-long"
        /// The connection did not present the token first; it is closed.
        case unauthorized = "unauthorized"
        /// The recognizer failed on the audio.
        case recognitionFailed = "recognition-failed"
        /// The server has as many connections as it takes; this one is closed.
        case busy = "busy"
    }
}
