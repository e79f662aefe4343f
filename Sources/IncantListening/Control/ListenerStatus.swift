/// What a listener is doing, for `incant status` and anything else that asks its
/// ``ListenerControl``.
public struct ListenerStatus: Sendable, Codable, Equatable {
    /// Listening, muted, waiting for a trigger or for the device.
    public var activity: ListenerActivity
    /// Where audio comes from (`ALSA device 'default'`).
    public var source: String
    /// The wake phrase, when utterances need one.
    public var wakeWord: String?
    /// Whether only triggered utterances are recognized.
    public var pushToTalk: Bool
    /// Why the device is being waited for (ALSA's words), while it is.
    public var deviceProblem: String?
    /// The last utterance decided or ignored.
    public var lastUtterance: LastUtterance?

    public init(
        activity: ListenerActivity, source: String, wakeWord: String? = nil, pushToTalk: Bool = false,
        deviceProblem: String? = nil, lastUtterance: LastUtterance? = nil
    ) {
        self.activity = activity
        self.source = source
        self.wakeWord = wakeWord
        self.pushToTalk = pushToTalk
        self.deviceProblem = deviceProblem
        self.lastUtterance = lastUtterance
    }
}

/// The state a listener is in, as ``ListenerStatus`` reports it.
public enum ListenerActivity: String, Sendable, Codable, Equatable {
    /// Utterances are recognized (after the wake word, when there is one).
    case listening
    /// Push-to-talk: nothing is recognized until a trigger.
    case waitingForTrigger = "waiting for trigger"
    /// A trigger opened one command, not yet said.
    case triggered = "listening for one command"
    /// Audio is not processed at all until unmuted.
    case muted
    /// The capture device is gone; it is opened again with backoff.
    case waitingForDevice = "waiting for device"
    /// The listener has not started reading yet.
    case starting
    /// The listener stopped.
    case stopped
}

/// The last utterance a listener decided on, and what it decided.
public struct LastUtterance: Sendable, Codable, Equatable {
    /// What was recognized; nil when the utterance was ignored before recognition.
    public var transcript: String?
    /// What became of it.
    public var outcome: UtteranceOutcome
    /// The shortcut run, when accepted.
    public var shortcut: String?
    /// Why nothing ran, when nothing did.
    public var reason: String?
    /// When it was decided, as Unix time in seconds.
    public var time: Double

    public init(transcript: String?, outcome: UtteranceOutcome, shortcut: String?, reason: String?, time: Double) {
        self.transcript = transcript
        self.outcome = outcome
        self.shortcut = shortcut
        self.reason = reason
        self.time = time
    }
}

/// What a listener did with an utterance.
public enum UtteranceOutcome: String, Sendable, Codable, Equatable {
    /// A shortcut was chosen (and run, unless only deciding).
    case accepted
    /// Several shortcuts fit equally; nothing ran.
    case ambiguous
    /// A word deciding the action was contested and the question which was said was not
    /// answered; nothing ran.
    case uncertain
    /// Heard, but not accepted; nothing ran.
    case rejected
    /// Not recognized at all (muted, not triggered, no wake word).
    case ignored
}
