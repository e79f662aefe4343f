import ArgumentParser
import Foundation
import IncantPhrases

/// `--shortcuts` and `--phrases`, and loading the catalog from them.
struct CatalogOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Shortcut definitions: a YAML file or a folder of *.yaml files.",
            discussion: "Default: $XDG_CONFIG_HOME/incant/shortcuts.", valueName: "path"))
    var shortcuts: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Folder of your recorded phrases.", discussion: "Default: $XDG_DATA_HOME/incant/phrases.",
            valueName: "dir"))
    var phrases: String?

    var shortcutsPath: String { shortcuts ?? DefinitionLoader.defaultPath() }
    var phrasesDirectory: String { phrases ?? PhraseStore.defaultDirectory() }
    var store: PhraseStore { PhraseStore(directory: phrasesDirectory) }

    /// Loads the definitions; definition errors print every problem and exit 65.
    func loadShortcuts() throws -> [ShortcutDefinition] {
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
