import ArgumentParser
import IncantDispatch
import IncantPhrases

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

    @Option(
        name: .customLong("site"),
        help: ArgumentHelp(
            "Where the query comes from: handlers get it as INCANT_SITE; shortcuts limited to other sites are refused "
                + "(default: `site:` in config.yaml, else none).", valueName: "site"))
    var siteOption: String?

    /// `--site`, else the configuration file's `site:`.
    var site: String? { siteOption ?? Settings.configuration.site }

    func validate() throws {
        if let siteOption, !SiteRestriction.isValidName(siteOption) {
            throw ValidationError("--site: " + SiteRestriction.invalidNameMessage(siteOption))
        }
    }

    var options: DispatchOptions { DispatchOptions(assumeYes: yes, dryRun: dryRun, site: site) }

    /// Names `--answer` takes besides parameters: the answer to a yes/no confirmation.
    static let confirmationNames: Set<String> = ["yes", "confirm"]

    /// The `--answer` values by parameter name. A name that none of `shortcuts` declares (the
    /// shortcut that will run, or every shortcut that might) is a usage error naming it: an
    /// answer is never silently ignored.
    func answerValues(checkedAgainst shortcuts: [ShortcutDefinition]) throws -> [String: String] {
        let values = try parseAssignments(answers, option: "--answer")
        let declared = Set(shortcuts.flatMap { $0.parameters.map(\.name) })
        for name in values.keys.sorted() where !declared.contains(name) && !Self.confirmationNames.contains(name) {
            let problem: String
            if shortcuts.count == 1, let shortcut = shortcuts.first {
                let names = shortcut.parameters.map(\.name)
                problem =
                    "shortcut '\(shortcut.id)' has no parameter '\(name)'"
                    + (names.isEmpty ? " (it has none)" : " (its parameters: \(names.joined(separator: ", ")))")
            } else {
                problem = "no shortcut has a parameter '\(name)'"
            }
            throw CommandFailure(
                message: "--answer \(name)=\(values[name] ?? ""): \(problem); `yes=` answers a confirmation",
                status: ExitStatus.usage)
        }
        return values
    }

    /// The history to record in, unless `--no-history`. History is a record, not a gate: one
    /// that cannot be opened (corrupt, unreadable) is a warning, and the command runs without it.
    func history() throws -> HistoryStore? {
        if noHistory { return nil }
        let location = Settings.paths.history
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
