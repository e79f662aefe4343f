import ArgumentParser
import Foundation
import IncantPhrases

/// `incant phrases add|edit|remove|list`: the phrases you bind to shortcuts.
struct PhrasesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phrases",
        abstract: "Add, edit, remove and list your own phrases for shortcuts.",
        subcommands: [Add.self, Edit.self, Remove.self, List.self, Record.self, Test.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bind a phrase to a shortcut.",
            discussion: """
                The phrase may use the template syntax: (a|b), [optional], {param}. Parameters not \
                in the phrase can be fixed with --set, like a Siri voice shortcut:
                  incant phrases add order-pizza "order my usual" --set kind="four cheese" --set count=2
                A phrase that another shortcut already matches, or with a word that cannot be \
                pronounced, is refused; one that is only a word or two away from another is \
                accepted with a warning.
                """)
        @Argument(help: "Shortcut id.", completion: ShortcutCompletion.kind) var shortcut: String
        @Argument(help: "The phrase.") var phrase: String
        @Option(
            name: .customLong("set"),
            help: ArgumentHelp("Fix a parameter: name=value (repeatable).", valueName: "name=value"))
        var settings: [String] = []
        @OptionGroup var catalog: CatalogOptions
        @Flag(help: "Print the stored phrase as JSON.") var json = false

        func run() async throws {
            try await withExitStatus {
                let editor = PhraseEditor(store: catalog.store, shortcuts: try catalog.loadShortcuts())
                try PhrasePronunciation.refuseUnpronounceable(phrase, shortcut: shortcut, shortcuts: editor.shortcuts)
                let change = try storeAction {
                    try editor.add(
                        shortcut: shortcut, phrase: phrase, settings: try parseAssignments(settings, option: "--set"))
                }
                report(change, verb: "added", json: json)
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a phrase's words or fixed values.")
        @Argument(help: "The phrase's id or its exact text.") var phrase: String
        @Option(name: .customLong("to"), help: "New words for the phrase.") var newText: String?
        @Option(
            name: .customLong("set"),
            help: ArgumentHelp("Replace the fixed values: name=value (repeatable).", valueName: "name=value"))
        var settings: [String] = []
        @Option(help: "Move the phrase to another shortcut.") var shortcut: String?
        @OptionGroup var catalog: CatalogOptions
        @Flag(help: "Print the stored phrase as JSON.") var json = false

        func run() async throws {
            try await withExitStatus {
                guard newText != nil || !settings.isEmpty || shortcut != nil else {
                    throw CommandFailure(
                        message: "nothing to change: give --to, --set or --shortcut", status: ExitStatus.usage)
                }
                let editor = PhraseEditor(store: catalog.store, shortcuts: try catalog.loadShortcuts())
                let assignments = settings.isEmpty ? nil : try parseAssignments(settings, option: "--set")
                if let newText, let owner = try shortcut ?? PhrasePronunciation.owner(of: phrase, in: catalog.store) {
                    try PhrasePronunciation.refuseUnpronounceable(newText, shortcut: owner, shortcuts: editor.shortcuts)
                }
                let change = try storeAction {
                    try editor.edit(phrase, phrase: newText, settings: assignments, shortcut: shortcut)
                }
                report(change, verb: "changed", json: json)
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a phrase.")
        @Argument(help: "The phrase's id or its exact text.") var phrase: String
        @OptionGroup var catalog: CatalogOptions

        func run() async throws {
            try await withExitStatus {
                let editor = PhraseEditor(store: catalog.store, shortcuts: [])
                let removed = try storeAction { try editor.remove(phrase) }
                print("removed \(removed.id): \"\(removed.phrase)\" → \(removed.shortcut)")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your phrases.")
        @Option(help: "Only phrases of this shortcut.") var shortcut: String?
        @OptionGroup var catalog: CatalogOptions
        @Flag(help: "Print a JSON array.") var json = false

        func run() async throws {
            try await withExitStatus {
                var phrases = try storeAction { try catalog.store.all() }
                if let shortcut { phrases = phrases.filter { $0.shortcut == shortcut } }
                if json {
                    print(try JSON.line(phrases))
                    return
                }
                if phrases.isEmpty {
                    print("no phrases in \(catalog.phrasesDirectory)")
                    return
                }
                for phrase in phrases {
                    print(describe(phrase))
                }
            }
        }
    }
}

func describe(_ phrase: UserPhrase) -> String {
    var line = "\(phrase.id)  \"\(phrase.phrase)\" → \(phrase.shortcut)"
    if !phrase.parameters.isEmpty {
        line +=
            "  " + phrase.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
    if !phrase.takes.isEmpty { line += "  (\(phrase.takes.count) take\(phrase.takes.count == 1 ? "" : "s"))" }
    return line
}

/// Runs a phrase-store action, mapping its errors to exit statuses.
func storeAction<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as PhraseStoreError {
        switch error {
        case .io: throw CommandFailure(message: error.description, status: ExitStatus.io)
        case .malformed: throw CommandFailure(message: error.description, status: ExitStatus.definitions)
        case .notFound, .notUnique, .refused:
            throw CommandFailure(
                message: error.description.replacingOccurrences(of: "\n", with: "\nincant: "),
                status: ExitStatus.definitions)
        }
    }
}

func report(_ change: PhraseEditor.Change, verb: String, json: Bool) {
    for warning in change.warnings { StandardError.print("incant: warning: " + warning) }
    if json {
        print((try? JSON.line(change.phrase)) ?? "{}")
    } else {
        print("\(verb) " + describe(change.phrase))
    }
}
