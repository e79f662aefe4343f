import ArgumentParser
import IncantPhrases

/// Matching options shared by `simulate`, `recognize` and `listen`.
struct MatchOptionGroup: ParsableArguments {
    @Option(help: "Reject matches below this confidence (0–1).")
    var threshold: Double = MatchOptions().threshold

    func options() throws -> MatchOptions {
        guard (0...1).contains(threshold) else {
            throw CommandFailure(message: "--threshold must be between 0 and 1", status: ExitStatus.usage)
        }
        return MatchOptions(threshold: threshold)
    }
}
