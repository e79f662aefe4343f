import ArgumentParser
import Foundation
import IncantDispatch
import IncantPhrases

/// `incant shortcuts list|show|check`.
struct ShortcutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shortcuts",
        abstract: "List, show and check shortcut definitions.",
        subcommands: [List.self, Show.self, Check.self, ImportRhino.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the defined shortcuts.")
        @OptionGroup var catalog: CatalogOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            try await withExitStatus {
                let shortcuts = try catalog.loadShortcuts()
                if json {
                    struct Row: Encodable {
                        var id, title: String
                        var parameters: [String]
                        var phrases: Int
                        var file: String
                    }
                    print(
                        try JSON.line(
                            shortcuts.map {
                                Row(
                                    id: $0.id, title: $0.title, parameters: $0.parameters.map(\.name),
                                    phrases: $0.phrases.count, file: $0.location.file)
                            }))
                    return
                }
                for shortcut in shortcuts {
                    let parameters =
                        shortcut.parameters.isEmpty
                        ? "" : " (" + shortcut.parameters.map(\.name).joined(separator: ", ") + ")"
                    print(
                        "\(shortcut.id)\t\(shortcut.title)\(parameters)\t\(shortcut.phrases.count) phrase\(shortcut.phrases.count == 1 ? "" : "s")"
                    )
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one shortcut: parameters, phrases, handlers, responses.")
        @Argument(help: "Shortcut id.", completion: ShortcutCompletion.kind) var id: String
        @OptionGroup var catalog: CatalogOptions

        func run() async throws {
            try await withExitStatus {
                let loaded = try catalog.loadCatalog()
                guard let shortcut = loaded.shortcut(id) else {
                    throw CommandFailure(
                        message: "no shortcut '\(id)' in \(catalog.shortcutsPath)", status: ExitStatus.usage)
                }
                print("\(shortcut.id): \(shortcut.title)")
                if let description = shortcut.description { print("  \(description)") }
                print("  defined at \(shortcut.location)")
                if !shortcut.parameters.isEmpty {
                    print("parameters:")
                    for parameter in shortcut.parameters {
                        var line = "  \(parameter.name): \(Self.describe(parameter.type))"
                        if let value = parameter.defaultValue { line += ", default \(value)" }
                        if parameter.isRequired { line += ", required" }
                        print(line)
                    }
                }
                print("phrases:")
                for entry in loaded.entries where entry.shortcutID == shortcut.id {
                    var line = "  \(entry.template.text)"
                    if case .user(let id) = entry.origin { line += "   (yours, \(id))" }
                    if !entry.fixedParameters.isEmpty {
                        line +=
                            "   "
                            + entry.fixedParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                                separator: " ")
                    }
                    print(line)
                }
                if let confirm = shortcut.confirm { print("confirm: \(Self.describe(confirm))") }
                if let handle = shortcut.handle { print("handle: \(Self.describe(handle))") }
                if shortcut.requiresConfirmation { print("asks \"\(shortcut.title)?\" before handling") }
                if !shortcut.responses.isEmpty {
                    print("responses:")
                    for (code, response) in shortcut.responses.sorted(by: { $0.key < $1.key }) {
                        print("  \(code): \(response.dialog?.text ?? "")")
                    }
                }
            }
        }

        static func describe(_ type: ParameterType) -> String {
            switch type {
            case .enumeration(let values): return "one of " + values.map(\.spoken).joined(separator: ", ")
            case .integer(let range): return range.map { "integer \($0.lowerBound)…\($0.upperBound)" } ?? "integer"
            case .number(let range): return range.map { "number \($0.lowerBound)…\($0.upperBound)" } ?? "number"
            case .boolean: return "yes/no"
            case .text: return "text"
            }
        }

        static func describe(_ handler: HandlerSpec) -> String {
            switch handler {
            case .run(let arguments, let timeout, _): return "run \(arguments) (timeout \(timeout))"
            case .open(let target): return "open \(target)"
            case .swift(let name): return "Swift handler '\(name)'"
            case .http(let request): return "http \(request.method) \(request.url) (timeout \(request.timeout))"
            }
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate definitions and phrases; print every problem with file:line.",
            discussion: "Exit status 0 when there are no errors (warnings allowed), 65 otherwise.")
        @OptionGroup var catalog: CatalogOptions

        func run() async throws {
            try await withExitStatus { try catalog.requireShortcuts() }
            let result = DefinitionLoader.check(path: catalog.shortcutsPath)
            var diagnostics = result.diagnostics
            var userPhrases: [UserPhrase] = []
            do {
                userPhrases = try catalog.store.all()
            } catch {
                diagnostics.append(Diagnostic(.error, SourceLocation(file: catalog.phrasesDirectory), "\(error)"))
            }
            let loaded = PhraseCatalog(shortcuts: result.shortcuts, userPhrases: userPhrases)
            for orphan in loaded.orphans {
                diagnostics.append(
                    Diagnostic(
                        .error, orphan.location ?? SourceLocation(file: catalog.phrasesDirectory),
                        "phrase \"\(orphan.phrase)\" is for unknown shortcut '\(orphan.shortcut)'"))
            }
            diagnostics += ConflictChecker.checkAll(loaded)
            diagnostics += CatalogCheck.emptyQueryMatches(loaded)
            let parsed = Set(diagnostics.map(\.location))
            diagnostics += CatalogCheck.shortcutsWithoutPhrases(loaded).filter { !parsed.contains($0.location) }
            diagnostics += loaded.shortcuts.flatMap {
                HandlerCheck.diagnostics(of: $0, homeDirectory: Settings.paths.home)
            }
            do {
                for finding in try PhrasePronunciation.unpronounceable(in: loaded) ?? [] {
                    diagnostics.append(
                        Diagnostic(
                            .error, finding.entry.location,
                            "phrase \"\(finding.entry.template.text)\" cannot be listened for: \(finding.message)"))
                }
            } catch {
                diagnostics.append(Diagnostic(.error, SourceLocation(file: "dictionary"), "\(error)"))
            }
            for diagnostic in diagnostics { print(diagnostic.description) }
            let errors = diagnostics.filter { $0.severity == .error }.count
            let warnings = diagnostics.count - errors
            print(
                "\(result.shortcuts.count) shortcuts, \(loaded.entries.count) phrases: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            )
            if errors > 0 { throw ExitCode(ExitStatus.definitions) }
        }
    }
}

extension ShortcutsCommand {
    /// `incant shortcuts import-rhino context.yaml`: convert a Picovoice Rhino context.
    struct ImportRhino: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import-rhino",
            abstract: "Convert a Picovoice Rhino context (YAML) into Incant shortcut definitions.")
        @Argument(help: "The Rhino context.yaml.") var context: String
        @Option(name: .shortAndLong, help: "Write the definitions here (atomically) instead of standard output.")
        var output: String?

        func run() async throws {
            try await withExitStatus {
                let text: String
                do {
                    text = try String(contentsOfFile: context, encoding: .utf8)
                } catch {
                    throw CommandFailure(
                        message: "cannot read \(context): \(error.localizedDescription)", status: ExitStatus.noInput)
                }
                let yaml: String
                do {
                    yaml = try RhinoContext.convert(yaml: text, source: (context as NSString).lastPathComponent)
                } catch {
                    throw CommandFailure(message: "\(context): \(error)", status: ExitStatus.definitions)
                }
                guard let output else {
                    print(yaml, terminator: "")
                    return
                }
                do {
                    try AtomicFile.write(Data(yaml.utf8), to: output, mode: 0o644)
                } catch {
                    throw CommandFailure(message: "\(error)", status: ExitStatus.io)
                }
            }
        }
    }
}
