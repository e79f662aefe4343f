import ArgumentParser
import Foundation
import IncantPhrases

/// `--shortcuts` and `--phrases`, and loading the catalog from them.
struct CatalogOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Shortcut definitions: a YAML file or a folder of *.yaml files.",
            discussion:
                "Default: `shortcuts:` in config.yaml, else $XDG_CONFIG_HOME/incant/shortcuts (`incant init` makes it).",
            valueName: "path"))
    var shortcuts: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Folder of your recorded phrases.",
            discussion: "Default: `phrases:` in config.yaml, else $XDG_DATA_HOME/incant/phrases.",
            valueName: "dir"))
    var phrases: String?

    /// `--shortcuts`, else `shortcuts:` of the configuration file, else the XDG default.
    var shortcutsPath: String { shortcuts ?? Settings.configuration.shortcuts ?? Settings.paths.shortcuts }
    /// `--phrases`, else `phrases:` of the configuration file, else the XDG default.
    var phrasesDirectory: String { phrases ?? Settings.configuration.phrases ?? Settings.paths.phrases }
    var store: PhraseStore { PhraseStore(directory: phrasesDirectory) }

    /// These options with `configuration` (the configuration file read again) in place of the
    /// one read at start-up: what the command line gives still wins.
    func reloaded(with configuration: IncantConfiguration) -> CatalogOptions {
        var options = self
        options.shortcuts = shortcuts ?? configuration.shortcuts ?? Settings.paths.shortcuts
        options.phrases = phrases ?? configuration.phrases ?? Settings.paths.phrases
        return options
    }

    /// Loads the definitions; definition errors print every problem and exit 65. Without any
    /// definitions (a first run), the error says to run `incant init`.
    func loadShortcuts() throws -> [ShortcutDefinition] {
        try requireShortcuts()
        let result = DefinitionLoader.check(path: shortcutsPath)
        if result.hasErrors {
            for diagnostic in result.diagnostics where diagnostic.severity == .error {
                StandardError.print(diagnostic.description)
            }
            let count = result.diagnostics.filter { $0.severity == .error }.count
            throw CommandFailure(
                message:
                    "\(count) error\(count == 1 ? "" : "s") in shortcut definitions at \(shortcutsPath) (see `incant shortcuts check`)",
                status: ExitStatus.definitions)
        }
        return result.shortcuts
    }

    /// Loads the definitions that have no error; the others are named in warnings (one broken
    /// file or shortcut never disables the rest). Fails as ``loadShortcuts()`` does when nothing
    /// could be loaded.
    func loadUsableShortcuts() throws -> [ShortcutDefinition] {
        let result = DefinitionLoader.check(path: shortcutsPath)
        guard result.hasErrors, !result.shortcuts.isEmpty else { return try loadShortcuts() }
        let errors = result.diagnostics.filter { $0.severity == .error }
        for diagnostic in errors { StandardError.print("incant: warning: \(diagnostic)") }
        StandardError.print(
            "incant: warning: \(errors.count) error\(errors.count == 1 ? "" : "s") in shortcut definitions at"
                + " \(shortcutsPath): what they name is not loaded, the other \(result.shortcuts.count) shortcut"
                + "\(result.shortcuts.count == 1 ? " is" : "s are") (see `incant shortcuts check`)")
        return result.shortcuts
    }

    /// Throws, naming the path and what to do, when the definitions do not exist.
    func requireShortcuts() throws {
        guard !FileManager.default.fileExists(atPath: shortcutsPath) else { return }
        let advice =
            shortcuts == nil && Settings.configuration.shortcuts == nil
            ? "run `incant init` to create it with an example shortcut set, or give --shortcuts PATH"
            : "give the path of a YAML file or a folder of *.yaml files"
        throw CommandFailure(
            message: "no shortcut definitions at \(shortcutsPath): \(advice)", status: ExitStatus.noInput)
    }

    /// Loads definitions (those without errors, see ``loadUsableShortcuts()``) and the user's
    /// phrases into a catalog.
    func loadCatalog() throws -> PhraseCatalog {
        let shortcuts = try loadUsableShortcuts()
        let userPhrases: [UserPhrase]
        do {
            userPhrases = try store.all()
        } catch {
            throw CommandFailure(message: "\(error)", status: ExitStatus.definitions)
        }
        let catalog = PhraseCatalog(shortcuts: shortcuts, userPhrases: userPhrases)
        for orphan in catalog.orphans {
            StandardError.print(
                "incant: warning: phrase \"\(orphan.phrase)\" (\(orphan.id)) is for unknown shortcut '\(orphan.shortcut)'; ignored"
            )
        }
        return catalog
    }
}

/// Runs `body`, turning thrown ``CommandFailure`` values into their exit status.
func withExitStatus(_ body: () async throws -> Void) async throws {
    LoggingSetup.once
    do {
        try await body()
    } catch let failure as CommandFailure {
        exit(with: failure)
    }
}
