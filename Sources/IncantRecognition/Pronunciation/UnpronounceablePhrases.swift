import Foundation
import IncantGrammar
import IncantPhrases

/// Finds the phrases of a catalog that use a word nothing can pronounce: not in the model's
/// dictionary, not in the override dictionaries, and without an espeak-ng guess (`r2d2`, an
/// enum value `exit3`). The recognizer leaves such phrases out of its grammar
/// (`GrammarCompiler`); `phrases add` refuses them and `shortcuts check` reports them.
public enum UnpronounceablePhrases {
    /// One phrase that cannot be listened for, and the words that stop it.
    public struct Finding: Sendable {
        public var entry: PhraseEntry
        public var words: [UnpronounceableWordError.Word]

        /// What to tell the user (the words, why, and how to fix it).
        public var message: String { GrammarCompiler.unpronounceableReason(words) }
    }

    /// The phrases of `catalog` that use a word missing from the dictionary at `dictionary`
    /// (cmudict format) that `resolver` cannot pronounce either; phrases with free-text slots
    /// are not listened for from a grammar and are left out.
    ///
    /// - Throws: when the dictionary cannot be read.
    public static func find(
        in catalog: PhraseCatalog, dictionary: String, resolver: PronunciationResolver
    ) throws -> [Finding] {
        let grammar = GrammarCompiler.compile(catalog)
        let known = try DictionarySubset(path: dictionary, words: grammar.words)
        let missing = grammar.words.filter { known.entries[$0] == nil }.sorted()
        guard !missing.isEmpty else { return [] }
        let failed: [String: UnpronounceableWordError.Word]
        do {
            _ = try resolver.resolve(missing)
            return []
        } catch {
            failed = Dictionary(error.words.map { ($0.word.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        }
        let skipped = Set(grammar.skipped.map { $0.entry })
        var findings: [Finding] = []
        for entry in catalog.entries where !skipped.contains(entry) {
            guard let shortcut = catalog.shortcut(entry.shortcutID) else { continue }
            let words = GrammarCompiler.words(of: entry, shortcut: shortcut).sorted().compactMap { failed[$0] }
            if !words.isEmpty { findings.append(Finding(entry: entry, words: words)) }
        }
        return findings
    }
}
