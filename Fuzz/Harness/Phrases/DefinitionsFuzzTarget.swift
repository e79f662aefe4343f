import Foundation

@testable import IncantPhrases

/// Fuzz harness for the shortcut definition loader: the bytes are the text of one YAML file.
///
/// What loads must be usable: every diagnostic names the file and a line inside it, every
/// shortcut's phrases go into a catalog and a matcher, samples of each phrase are matched, and
/// small catalogs get the same conflict check as `incant shortcuts check`.
public enum DefinitionsFuzzTarget {
    /// The file name the text is parsed as (its folder is where relative `run` paths resolve).
    public static let file = "/fuzz/shortcuts.yaml"
    /// Catalogs up to this many phrases also get the (quadratic) conflict check.
    public static let conflictCheckLimit = 24

    /// Runs one input and returns how many shortcuts loaded (nil: not UTF-8). Traps (a fuzzer
    /// finding) when an invariant does not hold.
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> Int? {
        // The loader refuses non-UTF-8 files before parsing, so only UTF-8 text gets this far.
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let result = DefinitionLoader.parse(text, file: file)
        let lines = text.reduce(into: 1) { count, character in if character.isNewline { count += 1 } }
        for diagnostic in result.diagnostics {
            precondition(diagnostic.location.file == file, "diagnostic names another file: \(diagnostic)")
            precondition(!diagnostic.message.isEmpty, "diagnostic without a message at \(diagnostic.location)")
            precondition(
                (0...lines + 1).contains(diagnostic.location.line),
                "diagnostic line \(diagnostic.location.line) outside the \(lines)-line file: \(diagnostic)")
        }
        var ids = Set<String>()
        for shortcut in result.shortcuts {
            precondition(ShortcutDefinition.isValidIdentifier(shortcut.id), "invalid id '\(shortcut.id)' loaded")
            ids.insert(shortcut.id)
        }
        let catalog = PhraseCatalog(shortcuts: result.shortcuts)
        let matcher = PhraseMatcher(catalog: catalog)
        for entry in catalog.entries.prefix(16) {
            guard let shortcut = catalog.shortcut(entry.shortcutID) else {
                preconditionFailure("catalog entry for unknown shortcut '\(entry.shortcutID)'")
            }
            for slot in entry.template.slotNames {
                precondition(shortcut.parameter(named: slot) != nil, "phrase slot {\(slot)} has no parameter")
            }
            for sample in PhraseSampler.samples(of: entry, shortcut: shortcut, limit: 4) {
                MatcherFuzzTarget.check(matcher.match(sample), catalog: catalog)
            }
        }
        if catalog.entries.count <= conflictCheckLimit {
            for diagnostic in ConflictChecker.checkAll(catalog) {
                precondition(!diagnostic.message.isEmpty, "conflict diagnostic without a message")
            }
        }
        return result.shortcuts.count
    }
}
