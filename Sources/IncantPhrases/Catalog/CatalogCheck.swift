/// Checks of a whole catalog that `shortcuts check` adds to the definition files' own
/// diagnostics: phrases that match an empty query, and shortcuts nothing can trigger.
public enum CatalogCheck {
    /// Every phrase that matches a query with no words (all of it optional, or only fillers, as
    /// `"[maybe] [please]"`): silence or a cough heard as nothing would otherwise trigger it.
    /// The matcher never runs anything for an empty query, so such a phrase is an error.
    public static func emptyQueryMatches(_ catalog: PhraseCatalog) -> [Diagnostic] {
        let matcher = PhraseMatcher(catalog: catalog, options: MatchOptions(threshold: 0, ambiguityMargin: 0))
        return matcher.candidates(for: [], transcript: "", exhaustive: true).filter { $0.edits == 0 }.map {
            Diagnostic(
                .error, $0.phrase.location,
                "phrase \"\($0.phrase.template.text)\" of '\($0.shortcutID)' matches an empty query (every word is"
                    + " optional or a filler); an empty query never runs anything: make a word required")
        }
    }

    /// A warning for each shortcut with no phrase at all, neither in its definition nor among
    /// the user's phrases: nothing can trigger it.
    public static func shortcutsWithoutPhrases(_ catalog: PhraseCatalog) -> [Diagnostic] {
        let triggered = Set(catalog.entries.map(\.shortcutID))
        return catalog.shortcuts.filter { !triggered.contains($0.id) }.map {
            Diagnostic(
                .warning, $0.location,
                "shortcut '\($0.id)' has no phrases, in its definition or yours: nothing can trigger it"
                    + " (add `phrases:` or run `incant phrases add \($0.id) \"…\"`)")
        }
    }
}
