import ArgumentParser
import IncantListening

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

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
            InitCommand.self, SimulateCommand.self, ListenCommand.self, RecognizeCommand.self, PhrasesCommand.self,
            ShortcutsCommand.self,
            HistoryCommand.self, AdaptCommand.self, TriggerCommand.self, MuteCommand.self, UnmuteCommand.self,
            StatusCommand.self, ServiceCommand.self, ServeCommand.self, SpotCommand.self,
        ]
    )

    /// Parses the command line and runs the command.
    static func main() async {
        // Writing past a file-size limit (RLIMIT_FSIZE, e.g. a quota-like limit) must be a write
        // error (EFBIG) that the phrase store reports, leaving the old file intact, not a kill.
        // Handlers start with every signal at its default (Subprocess resets them).
        signal(SIGXFSZ, SIG_IGN)
        // listen and serve run for weeks; their large buffers must not settle in the heaps.
        FreedMemory.keepLargeBlocksApart()
        await main(nil)
    }
}
