import ArgumentParser
import IncantDispatch

/// Options of the commands that run shortcuts (`simulate`, `listen`): answers given in
/// advance, confirmation, dry run, history.
struct DispatchOptionGroup: ParsableArguments {
    @Option(
        name: .customLong("answer"),
        help: ArgumentHelp("Answer a question in advance: name=value (repeatable).", valueName: "name=value"))
    var answers: [String] = []

    @Flag(help: "Answer yes to \"Are you sure?\" confirmations.")
    var yes = false

    @Flag(help: "Run the confirm stage only; do not run the handle stage.")
    var dryRun = false

    @Flag(help: "Do not record dispatches in the history.")
    var noHistory = false

    var options: DispatchOptions { DispatchOptions(assumeYes: yes, dryRun: dryRun) }

    /// The `--answer` values by parameter name.
    func answerValues() throws -> [String: String] {
        try parseAssignments(answers, option: "--answer")
    }

    /// The history to record in, unless `--no-history`.
    func history() throws -> HistoryStore? {
        noHistory ? nil : try openHistory()
    }
}
