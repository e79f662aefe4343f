/// Finds phrases that would trigger the wrong shortcut: a new phrase that an existing phrase
/// of another shortcut already matches (refused), and phrases only a word or two apart
/// (accepted with a warning) — when those words are a small part of the phrase: two
/// two-word phrases that share nothing are not "two words away".
public struct ConflictChecker: Sendable {
    /// What a check found.
    public struct Report: Sendable {
        /// Reasons the phrase must be refused.
        public var conflicts: [String] = []
        /// Near misses worth telling the user about.
        public var warnings: [String] = []
    }

    let catalog: PhraseCatalog
    let matcher: PhraseMatcher

    /// A checker against everything already in `catalog`.
    public init(catalog: PhraseCatalog) {
        self.catalog = catalog
        self.matcher = PhraseMatcher(
            catalog: catalog, options: MatchOptions(threshold: 0, ambiguityMargin: 0, maximumCandidates: 50))
    }

    /// Checks a new entry against the catalog (which must not already contain it).
    public func check(_ entry: PhraseEntry) -> Report {
        var report = Report()
        guard let shortcut = catalog.shortcut(entry.shortcutID) else {
            report.conflicts.append("unknown shortcut '\(entry.shortcutID)'")
            return report
        }
        var conflicted = Set<String>()
        var warned = Set<String>()
        // Does an existing phrase already match what the new phrase says?
        for sample in PhraseSampler.samples(of: entry, shortcut: shortcut) {
            let tokens = matcher.tokens(sample)
            for candidate in matcher.candidates(for: tokens, transcript: sample, exhaustive: false) {
                let label = candidate.phrase.label
                if candidate.edits == 0 {
                    if conflicted.insert(label).inserted {
                        report.conflicts.append(conflictMessage(entry: entry, sample: sample, other: candidate.phrase))
                    }
                } else if candidate.edits <= 2, candidate.confidence >= 0.6,
                    candidate.shortcutID != entry.shortcutID || entry.origin != candidate.phrase.origin,
                    !conflicted.contains(label), warned.insert(label).inserted
                {
                    // Near misses between a shortcut's own template phrases are by design
                    // (optional words, slots); between shortcuts, or against a user's phrase,
                    // they are worth a warning.
                    let words = candidate.edits == 1 ? "a word" : "two words"
                    report.warnings.append(
                        "\"\(entry.template.text)\" is only \(words) away from \(label); the recognizer may confuse them"
                    )
                }
            }
        }
        // Does the new phrase match what an existing phrase says (e.g. a catch-all template)?
        let alone = PhraseMatcher(
            catalog: PhraseCatalog(shortcuts: catalog.shortcuts, userPhrases: []).replacingEntries(with: [entry]),
            options: MatchOptions(threshold: 0.5, ambiguityMargin: 0))
        for existing in catalog.entries where !conflicted.contains(existing.label) {
            guard let owner = catalog.shortcut(existing.shortcutID) else { continue }
            for sample in PhraseSampler.samples(of: existing, shortcut: owner, limit: 8) {
                let tokens = alone.tokens(sample)
                if alone.candidates(for: tokens, transcript: sample, exhaustive: false).contains(where: {
                    $0.edits == 0
                }) {
                    conflicted.insert(existing.label)
                    report.conflicts.append(conflictMessage(entry: entry, sample: sample, other: existing))
                    break
                }
            }
        }
        return report
    }

    func conflictMessage(entry: PhraseEntry, sample: String, other: PhraseEntry) -> String {
        if other.shortcutID == entry.shortcutID {
            return "\"\(entry.template.text)\" duplicates \(other.label) (both match \"\(sample)\")"
        }
        return
            "\"\(entry.template.text)\" conflicts with shortcut '\(other.shortcutID)': \"\(sample)\" already matches \(other.label)"
    }

    /// Checks every phrase of the catalog against all the others (for `shortcuts check`).
    public static func checkAll(_ catalog: PhraseCatalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var reported = Set<Set<String>>()
        for (index, entry) in catalog.entries.enumerated() {
            var others = catalog
            others.removeEntry(at: index)
            let report = ConflictChecker(catalog: others).check(entry)
            for conflict in report.conflicts {
                let key: Set<String> = [entry.label, conflict]
                if reported.insert(key).inserted {
                    diagnostics.append(Diagnostic(.error, entry.location, conflict))
                }
            }
            for warning in report.warnings {
                diagnostics.append(Diagnostic(.warning, entry.location, warning))
            }
        }
        return diagnostics
    }
}

extension PhraseCatalog {
    /// The same shortcuts with only `entries` as phrases.
    func replacingEntries(with entries: [PhraseEntry]) -> PhraseCatalog {
        var copy = self
        copy.setEntries(entries)
        return copy
    }
}
