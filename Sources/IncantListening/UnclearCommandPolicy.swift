/// When the listener asks "Did you say …?" about a command the recognizer rejected but found
/// confirmable (``IncantSpeech/SpeechDecision/unconfirmed(_:)``), instead of ignoring it.
public enum UnclearCommandPolicy: String, Sendable, CaseIterable {
    /// Never: such a command is rejected.
    case never
    /// When the command was meant for the listener: it followed the wake word, or a
    /// push-to-talk trigger opened it.
    case whenAddressed = "when-addressed"
    /// Always, also when every utterance is listened to: other people's talk then draws questions
    /// too.
    case always

    /// Whether to ask about an utterance that was (`addressed`) or was not meant for the listener.
    public func asks(addressed: Bool) -> Bool {
        switch self {
        case .never: false
        case .whenAddressed: addressed
        case .always: true
        }
    }

    /// The policy for a stream that carries only speech meant for the listener (a satellite
    /// that listens for its own wake word before it streams): there every command is addressed,
    /// so `whenAddressed` asks about every unclear one.
    public var forStreamOfCommands: UnclearCommandPolicy { self == .whenAddressed ? .always : self }
}
