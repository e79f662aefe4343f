import Foundation

/// Loads shortcut definitions from a YAML file or a directory of `*.yaml` / `*.yml` files.
public enum DefinitionLoader {
    /// The result of reading definitions: what could be used, and every problem found.
    public struct Result: Sendable {
        public var shortcuts: [ShortcutDefinition]
        public var diagnostics: [Diagnostic]

        /// Whether any diagnostic is an error.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Reads every definition under `path`, collecting all problems (never throws).
    public static func check(path: String) -> Result {
        var shortcuts: [ShortcutDefinition] = []
        var diagnostics: [Diagnostic] = []
        let files: [String]
        do {
            files = try definitionFiles(at: path)
        } catch let error as DefinitionError {
            return Result(shortcuts: [], diagnostics: error.diagnostics)
        } catch {
            return Result(shortcuts: [], diagnostics: [Diagnostic(.error, SourceLocation(file: path), "\(error)")])
        }
        for file in files {
            let text: String
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                guard let decoded = String(data: data, encoding: .utf8) else {
                    diagnostics.append(Diagnostic(.error, SourceLocation(file: file), "file is not UTF-8 text"))
                    continue
                }
                text = decoded
            } catch {
                diagnostics.append(
                    Diagnostic(.error, SourceLocation(file: file), "cannot read file: \(error.localizedDescription)"))
                continue
            }
            let result = parse(text, file: file)
            shortcuts += result.shortcuts
            diagnostics += result.diagnostics
        }
        return Result(shortcuts: removingDuplicates(shortcuts, diagnostics: &diagnostics), diagnostics: diagnostics)
    }

    /// Keeps the first shortcut of each id; every later one is an error naming both places.
    static func removingDuplicates(
        _ shortcuts: [ShortcutDefinition], diagnostics: inout [Diagnostic]
    ) -> [ShortcutDefinition] {
        var seen: [String: ShortcutDefinition] = [:]
        var unique: [ShortcutDefinition] = []
        for shortcut in shortcuts {
            if let first = seen[shortcut.id] {
                diagnostics.append(
                    Diagnostic(
                        .error, shortcut.location,
                        "duplicate shortcut id '\(shortcut.id)' (first declared at \(first.location))"))
                continue
            }
            seen[shortcut.id] = shortcut
            unique.append(shortcut)
        }
        return unique
    }

    /// Reads every definition under `path`; throws ``DefinitionError`` listing every error.
    public static func load(path: String) throws -> [ShortcutDefinition] {
        let result = check(path: path)
        if result.hasErrors {
            throw DefinitionError(result.diagnostics.filter { $0.severity == .error })
        }
        return result.shortcuts
    }

    /// Parses the text of one definition file. `file` names it in diagnostics, and its folder is
    /// where relative `run` paths resolve.
    public static func parse(_ text: String, file: String) -> Result {
        let directory = URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL.path
        var parser = DefinitionParser(file: file, baseDirectory: directory)
        let shortcuts = parser.parse(text)
        var diagnostics = parser.reader.diagnostics
        return Result(shortcuts: removingDuplicates(shortcuts, diagnostics: &diagnostics), diagnostics: diagnostics)
    }

    /// The definition files at `path`: the file itself, or the sorted `*.yaml`/`*.yml` in it.
    public static func definitionFiles(at path: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DefinitionError([Diagnostic(.error, SourceLocation(file: path), "no such file or directory")])
        }
        guard isDirectory.boolValue else { return [path] }
        let names = try FileManager.default.contentsOfDirectory(atPath: path)
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
            .filter { !$0.hasPrefix(".") }
            .sorted()
            .map { (path as NSString).appendingPathComponent($0) }
    }
}
