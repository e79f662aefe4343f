import ArgumentParser
import IncantPhrases

/// Matching options shared by `simulate`, `recognize` and `listen`.
struct MatchOptionGroup: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Reject matches below this confidence (0–1; default: `threshold:` in config.yaml, else \(MatchOptions().threshold))."
        ))
    var threshold: Double?

    func options() throws -> MatchOptions {
        let threshold = threshold ?? Settings.configuration.threshold ?? MatchOptions().threshold
        guard (0...1).contains(threshold) else {
            throw CommandFailure(message: "--threshold must be between 0 and 1", status: ExitStatus.usage)
        }
        return MatchOptions(threshold: threshold)
    }
}
