/// What a ``ListenerControl/trigger()`` did.
public enum TriggerOutcome: Sendable, Equatable {
    /// The next utterance (starting within the trigger window) is a command.
    case opened
    /// Muted: nothing is heard, so nothing can be triggered.
    case refusedWhileMuted
    /// Every utterance is already a command (no push-to-talk, no wake word).
    case notNeeded
}
