import ArgumentParser
import Foundation
import IncantDispatch
import IncantPhrases

/// `incant simulate "QUERY"`: the text path end to end, without audio.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Match a typed query and run the shortcut, as if it had been said.",
        discussion: """
            Exit status: 0 when the shortcut succeeded (or was ready, with --dry-run), 1 when it \
            answered a failure code, 2 when nothing matched or the match was ambiguous, 64 and up \
            for usage and definition errors. SIGINT or SIGTERM while a handler runs kills its \
            process group, records the dispatch as interrupted, and exits 128 + the signal number.
            """)

    @Argument(help: "What you would say, e.g. \"order my usual pizza\".")
    var query: String

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var matching: MatchOptionGroup
    @OptionGroup var dispatching: DispatchOptionGroup

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Option(
        name: .customLong("answer-timeout"),
        help: ArgumentHelp(
            "How long a question waits for a typed or piped answer (default: `answer-timeout:` in config.yaml, else 30).",
            valueName: "seconds"))
    var answerTimeoutOption: Double?

    func validate() throws {
        if let answerTimeoutOption, !(answerTimeoutOption > 0 && answerTimeoutOption <= 3600) {
            throw ValidationError("--answer-timeout must be between 0 and 3600 seconds")
        }
    }

    func run() async throws {
        try await withExitStatus {
            let matcher = PhraseMatcher(catalog: try catalog.loadCatalog(), options: try matching.options())
            let match = matcher.match(transcripts: [query])
            // `--answer` is checked against the shortcut that will run (or, when none will,
            // every shortcut) before anything runs.
            let chosen = match.accepted.flatMap { matcher.catalog.shortcut($0.shortcutID) }
            let answers = try dispatching.answerValues(checkedAgainst: chosen.map { [$0] } ?? matcher.catalog.shortcuts)
            let seconds = answerTimeoutOption ?? Settings.configuration.answerTimeout ?? 30
            let dispatcher = Dispatcher(
                interaction: TerminalInteraction(answers: answers, timeout: .milliseconds(Int(seconds * 1000))),
                history: try dispatching.history(), homeDirectory: Settings.paths.home)
            let runner = ShortcutRunner(matcher: matcher, dispatcher: dispatcher)
            let query = query
            let options = dispatching.options
            // SIGINT/SIGTERM: the handler's process group is killed (or a question stops
            // waiting), the dispatch is recorded as interrupted and printed, and the exit status
            // is 128 + the signal number.
            let interruptible = try await SignalCancellation.run {
                await runner.run(match: match, fallbackQuery: query, options: options)
            }
            let report = interruptible.value
            await dispatcher.shutdown()
            if json {
                print(report.jsonLine())
            } else {
                print(report.summary)
                if let dialog = report.outcome?.dialog { print(dialog) }
            }
            let status = interruptible.signalExitStatus ?? report.exitStatus
            if status != 0 { throw ExitCode(status) }
        }
    }
}

/// Opens the history database, naming the path when it cannot be.
func openHistory(path: String? = nil) throws -> HistoryStore {
    let location = path ?? Settings.paths.history
    do {
        return try HistoryStore(path: location)
    } catch {
        throw CommandFailure(message: "cannot open the history at \(location): \(error)", status: ExitStatus.io)
    }
}
