import IncantSpeech

/// A wake word in front of commands: utterances without it are ignored.
public struct WakeWordSettings: Sendable {
    /// Finds the wake word.
    public var detector: any WakeWordDetector
    /// How long after the wake word the next utterance counts as the command.
    public var window: Duration

    public init(detector: any WakeWordDetector, window: Duration = .seconds(5)) {
        self.detector = detector
        self.window = window
    }
}
