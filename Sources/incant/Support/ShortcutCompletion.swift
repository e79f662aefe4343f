import ArgumentParser
import IncantPhrases

/// Shell completion of shortcut ids (`incant shortcuts show <TAB>`): the ids defined in
/// `--shortcuts` when the command line gives it, else in the configured definitions.
enum ShortcutCompletion {
    /// The completion of an argument that names a shortcut.
    static let kind = CompletionKind.custom { arguments, _, prefix in
        ids(arguments: arguments).filter { $0.hasPrefix(prefix) }
    }

    /// The shortcut ids for a command line being typed, sorted; none when nothing loads.
    static func ids(arguments: [String]) -> [String] {
        var path: String?
        if let index = arguments.lastIndex(of: "--shortcuts"), index + 1 < arguments.count {
            path = arguments[index + 1]
        } else if let given = arguments.last(where: { $0.hasPrefix("--shortcuts=") }) {
            path = String(given.dropFirst("--shortcuts=".count))
        }
        // A broken configuration file must not print errors into the shell's completion.
        let configured = try? IncantConfiguration(contentsOf: Settings.paths.configFile, paths: Settings.paths)
        let resolved = path ?? configured?.shortcuts ?? Settings.paths.shortcuts
        return DefinitionLoader.check(path: resolved).shortcuts.map(\.id).sorted()
    }
}
