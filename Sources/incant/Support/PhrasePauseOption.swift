import ArgumentParser
import IncantListening

/// `--phrase-pause`: how long a pause inside a command may be (`listen`, `recognize`).
struct PhrasePauseOption: ParsableArguments {
    @Option(
        name: .customLong("phrase-pause"),
        help: ArgumentHelp(
            "When a command's words begin a longer phrase, speech resumed within this pause (ms) is the rest of it; 0 decides each utterance alone (default: `phrase-pause:` in config.yaml, else 600).",
            valueName: "ms"))
    var milliseconds: Int?

    func validate() throws {
        if let milliseconds, !(0...5_000).contains(milliseconds) {
            throw ValidationError("--phrase-pause must be between 0 (off) and 5000 ms")
        }
    }

    /// Sets the listener's phrase pause from `--phrase-pause`, else the configuration file's.
    func apply(to configuration: inout ListenerConfiguration) {
        Self.apply(milliseconds ?? Settings.configuration.phrasePause, to: &configuration)
    }

    /// Sets the listener's phrase pause to `milliseconds` (0 turns it off); nil keeps the
    /// listener's default.
    static func apply(_ milliseconds: Int?, to configuration: inout ListenerConfiguration) {
        guard let milliseconds else { return }
        configuration.phrasePause = milliseconds == 0 ? nil : .milliseconds(milliseconds)
    }
}
