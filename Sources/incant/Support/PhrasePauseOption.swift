import ArgumentParser

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

    /// `--phrase-pause`, else the configuration file's, else 600 ms; nil when 0.
    var pause: Duration? {
        let chosen = milliseconds ?? Settings.configuration.phrasePause ?? 600
        return chosen == 0 ? nil : .milliseconds(chosen)
    }
}
