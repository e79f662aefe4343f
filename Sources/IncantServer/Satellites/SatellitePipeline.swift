/// What a satellite asked for in its `run-pipeline`: where the pipeline starts (`wake`: it
/// streams everything and the wake word, if any, is ours to find; `asr`: it heard its own wake
/// word and streams the command) and where it ends (`tts`: it plays back the answer's audio).
public struct SatellitePipeline: Sendable, Hashable {
    public var startStage: String
    public var endStage: String

    public init(startStage: String, endStage: String) {
        self.startStage = startStage
        self.endStage = endStage
    }

    /// Reads a `run-pipeline` event's data; absent stages are `asr` and `tts` (a command that
    /// is answered aloud).
    public init(_ event: WyomingEvent) {
        self.init(
            startStage: event.data["start_stage"]?.string ?? "asr", endStage: event.data["end_stage"]?.string ?? "tts")
    }

    /// Whether the satellite streams before any wake word: Incant's own wake word (when one is
    /// configured) must come before a command.
    public var streamsBeforeWakeWord: Bool { startStage == "wake" }

    /// Whether the satellite plays the dialog's audio.
    public var speaksBack: Bool { endStage == "tts" }
}
