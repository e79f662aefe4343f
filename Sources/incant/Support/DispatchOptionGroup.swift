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

    /// The history to record in, unless `--no-history`. History is a record, not a gate: one
    /// that cannot be opened (corrupt, unreadable) is a warning, and the command runs without it.
    func history() throws -> HistoryStore? {
        if noHistory { return nil }
        let location = HistoryStore.defaultPath()
        do {
            return try HistoryStore(path: location)
        } catch {
            StandardError.print(
                "incant: warning: cannot open the history at \(location) (\(error)); running without it; "
                    + HistoryStore.repairAdvice(location))
            return nil
        }
    }
}
