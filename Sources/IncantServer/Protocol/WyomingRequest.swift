/// What a client asks of the server: the events it sends, read into their fields. Event types
/// this server does not serve are ``unsupported(_:)`` and are ignored, as Wyoming servers do.
public enum WyomingRequest: Sendable, Hashable {
    /// `describe`: answer with `info`.
    case describe
    /// `transcribe`: the audio that follows is to be transcribed (with the model asked for).
    case transcribe(model: String?, language: String?)
    /// `audio-start`: a stream of audio begins, in this format (or a malformed format).
    case audioStart(Result<PCMFormat, PCMFormatError>)
    /// `audio-chunk`: PCM of the stream, with the format the chunk names (if it names one).
    case audioChunk(Result<PCMFormat, PCMFormatError>?, payload: [UInt8])
    /// `audio-stop`: the stream ended.
    case audioStop
    /// `recognize`: match this text to a shortcut.
    case recognize(text: String)
    /// `transcript`: run the shortcut this text says.
    case handle(text: String)
    /// `ping`: answer with `pong`.
    case ping(text: String?)
    /// `auth`: the token a connection must present first when the server requires one.
    case authenticate(token: String)
    /// An event with a required field missing, named here.
    case malformed(type: String, problem: String)
    /// An event type this server does not serve.
    case unsupported(String)

    /// Reads an event.
    public init(_ event: WyomingEvent) {
        func text(_ name: String) -> String? { event.data[name]?.string }
        func required(_ name: String, _ build: (String) -> WyomingRequest) -> WyomingRequest {
            guard let value = text(name) else {
                return .malformed(type: event.type, problem: "\"\(name)\" is missing or not a string")
            }
            return build(value)
        }
        switch event.type {
        case "describe": self = .describe
        case "transcribe": self = .transcribe(model: text("name"), language: text("language"))
        case "audio-start": self = .audioStart(Result { () throws(PCMFormatError) in try PCMFormat(data: event.data) })
        case "audio-chunk":
            let named = ["rate", "width", "channels"].contains { event.data[$0] != nil }
            self = .audioChunk(
                named ? Result { () throws(PCMFormatError) in try PCMFormat(data: event.data) } : nil,
                payload: event.payload)
        case "audio-stop": self = .audioStop
        case "recognize": self = required("text") { .recognize(text: $0) }
        case "transcript": self = required("text") { .handle(text: $0) }
        case "ping": self = .ping(text: text("text"))
        case "auth": self = required("token") { .authenticate(token: $0) }
        default: self = .unsupported(event.type)
        }
    }
}
