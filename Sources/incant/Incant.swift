import ArgumentParser

/// `incant`: spoken shortcuts for Linux, offline.
@main
struct Incant: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "incant",
        abstract: "Spoken shortcuts for Linux, offline and private.",
        discussion: """
            Say a phrase you chose and Incant runs the shortcut bound to it: confirm, then handle.
            Shortcuts are declared in YAML (--shortcuts); your own phrases live in --phrases.
            """,
        version: "0.1.0",
        subcommands: [
            SimulateCommand.self, ListenCommand.self, RecognizeCommand.self, PhrasesCommand.self, ShortcutsCommand.self,
            HistoryCommand.self,
        ]
    )
}
