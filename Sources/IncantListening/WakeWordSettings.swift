import IncantSpeech

/// A wake word in front of commands: utterances without it are ignored.
public struct WakeWordSettings: Sendable {
    /// Finds the wake word.
    public var detector: any WakeWordDetector
    /// How long after the wake word the next utterance counts as the command.
    public var window: Duration
    /// Said by the listener's speaker when the wake word comes alone ("yes?"); the window then
    /// counts from the end of the reply, and the reply's echo is not taken for the command.
    /// Nil says nothing.
    public var reply: String?
    /// Played when the wake word comes alone, before ``reply``; the window then counts from the
    /// end of it, and its echo is not taken for the command. Nil plays nothing.
    public var earcon: (any EarconPlayer)?
    /// Whether the detector also hears the audio as it was before the listener's front ends
    /// (``WakeWordDetector/detect(in:unprocessed:)``); without front ends there is one view.
    public var hearsUnprocessed: Bool

    public init(
        detector: any WakeWordDetector, window: Duration = .seconds(5), reply: String? = nil,
        earcon: (any EarconPlayer)? = nil, hearsUnprocessed: Bool = true
    ) {
        self.detector = detector
        self.window = window
        self.reply = reply
        self.earcon = earcon
        self.hearsUnprocessed = hearsUnprocessed
    }
}
