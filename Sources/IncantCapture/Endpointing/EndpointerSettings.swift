/// How an ``Endpointer`` decides where utterances start and end.
///
/// Levels are in dB relative to full scale (dBFS) and measured over 10 ms frames.
public struct EndpointerSettings: Sendable, Equatable {
    /// Silence after speech that ends an utterance.
    public var trailingSilence: Duration
    /// Utterances with less speech than this (clicks, bumps, coughs) are dropped.
    public var minimumSpeech: Duration
    /// An utterance is cut (and a new one begun) when it gets this long.
    public var maximumUtterance: Duration
    /// Audio kept from before the detected start of speech, so soft onsets are not clipped.
    public var preRoll: Duration
    /// Audio kept after the last speech frame (at most ``trailingSilence``).
    public var postRoll: Duration
    /// How soon after the last speech frame ``Endpointer/settledUtterance`` offers the utterance
    /// for decoding ahead of its close (at least 10 ms, at most ``postRoll``). The part of the
    /// post-roll not yet heard is filled by repeating the silence heard since the last speech
    /// frame, so the decoder gets the utterance at its final length; when the real post-roll
    /// arrives without speech it differs from that filler only in background sound.
    ///
    /// 20 ms by default. A decoding begun at a pause between words is cancelled when the next
    /// pause (or the close) comes. Against 50 ms or the whole post-roll the shortcut starts
    /// sooner after the trailing silence ends, with the same orders understood, for more CPU
    /// while listening (more decodings begun at pauses and cancelled); the filler stands in for
    /// more of the post-roll, from a shorter stretch of silence, without changing decisions.
    /// BENCHMARKS.md has the figures (`incant-bench listening --speculate-after 20`).
    public var speculationDelay: Duration
    /// How far above the noise floor a frame must be to start speech.
    public var onsetMargin: Double
    /// How far above the noise floor a frame must be to count as continuing speech.
    public var continuationMargin: Double
    /// Frames quieter than this are never speech, however quiet the room.
    public var minimumSpeechLevel: Double
    /// The span over which the noise floor is estimated (as the quietest level in it).
    public var noiseWindow: Duration

    /// Settings for spoken commands at a desk microphone.
    public init(
        trailingSilence: Duration = .milliseconds(300),
        minimumSpeech: Duration = .milliseconds(150),
        maximumUtterance: Duration = .seconds(12),
        preRoll: Duration = .milliseconds(250),
        postRoll: Duration = .milliseconds(150),
        speculationDelay: Duration = .milliseconds(20),
        onsetMargin: Double = 12,
        continuationMargin: Double = 7,
        minimumSpeechLevel: Double = -70,
        noiseWindow: Duration = .seconds(3)
    ) {
        self.trailingSilence = trailingSilence
        self.minimumSpeech = minimumSpeech
        self.maximumUtterance = maximumUtterance
        self.preRoll = preRoll
        self.postRoll = postRoll
        self.speculationDelay = speculationDelay
        self.onsetMargin = onsetMargin
        self.continuationMargin = continuationMargin
        self.minimumSpeechLevel = minimumSpeechLevel
        self.noiseWindow = noiseWindow
    }
}
