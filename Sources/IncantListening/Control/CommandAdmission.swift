import IncantSpeech

/// What a ``ListenerControl`` lets a listener do with an utterance, before recognition.
enum CommandAdmission: Sendable, Equatable {
    /// Listen as usual (the wake word, when there is one, decides). `interrupted`: audio was
    /// muted or lost since the previous utterance, so what was said before does not carry over.
    case listen(interrupted: Bool)
    /// A trigger opened this command: recognize it, without a wake word.
    case command
    /// Not recognized.
    case ignored(DecisionRejection)
}
