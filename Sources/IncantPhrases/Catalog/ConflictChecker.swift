/// Finds phrases that would trigger the wrong shortcut: a new phrase that an existing phrase
/// of another shortcut already matches (refused), and phrases only a word or two apart
/// (accepted with a warning) — when those words are a small part of the phrase, or the phrases
/// share a word and differ in one ("kitchen on" / "kitchen off", "good night" / "good nights"):
/// two phrases that share nothing are not "a word away".
///
/// Candidates come from the matcher's inverted index (``PhraseNeighbours``), so checking every
/// phrase of a catalog costs the postings of each phrase's words, not all pairs.
public struct ConflictChecker: Sendable {
    /// What a check found.
    public struct Report: Sendable {
        /// Reasons the phrase must be refused.
        public var conflicts: [String] = []
        /// Near misses worth telling the user about.
        public var warnings: [String] = []
    }

    /// One problem between a phrase and another entry of the catalog.
    struct Finding {
        enum Kind { case conflict, nearMiss }
        var kind: Kind
        /// The index of the other entry in the catalog.
        var other: Int
        var message: String
    }

    /// Most word edits between two phrases that still earn a near-miss warning.
    static let nearMissEdits = 2

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
        guard catalog.shortcut(entry.shortcutID) != nil else {
            report.conflicts.append("unknown shortcut '\(entry.shortcutID)'")
            return report
        }
        var neighbours = PhraseNeighbours(matcher: matcher)
        var conflicted = Set<Int>()
        for finding in findings(for: entry, excluding: nil, neighbours: &neighbours) {
            switch finding.kind {
            case .conflict:
                conflicted.insert(finding.other)
                report.conflicts.append(finding.message)
            case .nearMiss: report.warnings.append(finding.message)
            }
        }
        // Does the new phrase match what an existing phrase says (e.g. a catch-all template)?
        let alone = PhraseMatcher(
            catalog: PhraseCatalog(shortcuts: catalog.shortcuts, userPhrases: []).replacingEntries(with: [entry]),
            options: MatchOptions(threshold: 0.5, ambiguityMargin: 0))
        for (index, existing) in catalog.entries.enumerated() where !conflicted.contains(index) {
            guard let owner = catalog.shortcut(existing.shortcutID) else { continue }
            for sample in PhraseSampler.samples(of: existing, shortcut: owner, limit: 8) {
                let tokens = alone.tokens(sample)
                if alone.candidates(for: tokens, transcript: sample, exhaustive: false).contains(where: {
                    $0.edits == 0
                }) {
                    conflicted.insert(index)
                    report.conflicts.append(conflictMessage(entry: entry, sample: sample, other: existing))
                    break
                }
            }
        }
        return report
    }

    /// What the catalog's phrases say about `entry`: other entries that match one of its sample
    /// sentences exactly (conflicts) or within a word or two (near misses), at most one finding
    /// per other entry, the entry at `excluding` (itself) left out.
    /// With `exhaustive`, the sentences are aligned with every phrase (the naive baseline).
    func findings(
        for entry: PhraseEntry, excluding: Int?, neighbours: inout PhraseNeighbours, exhaustive: Bool = false
    ) -> [Finding] {
        guard let shortcut = catalog.shortcut(entry.shortcutID) else { return [] }
        var findings: [Finding] = []
        var conflicted = Set<Int>()
        var warned = Set<Int>()
        for sample in PhraseSampler.samples(of: entry, shortcut: shortcut) {
            for (other, candidate) in neighbours.candidates(
                of: sample, maximumEdits: Self.nearMissEdits, exhaustive: exhaustive)
            {
                guard other != excluding, !conflicted.contains(other) else { continue }
                if candidate.edits == 0 {
                    conflicted.insert(other)
                    findings.removeAll { $0.other == other }
                    findings.append(
                        Finding(
                            kind: .conflict, other: other,
                            message: conflictMessage(entry: entry, sample: sample, other: candidate.phrase)))
                } else if Self.isNearMiss(candidate), warned.insert(other).inserted,
                    candidate.shortcutID != entry.shortcutID || entry.origin != candidate.phrase.origin
                {
                    // Near misses between a shortcut's own template phrases are by design
                    // (optional words, slots); between shortcuts, or against a user's phrase,
                    // they are worth a warning.
                    let words = candidate.edits == 1 ? "a word" : "two words"
                    findings.append(
                        Finding(
                            kind: .nearMiss, other: other,
                            message:
                                "\"\(entry.template.text)\" is only \(words) away from \(candidate.phrase.label); the recognizer may confuse them"
                        ))
                }
            }
        }
        return findings
    }

    /// A near miss worth a warning: a word or two apart, with at least one word said exactly,
    /// and the differing words a small part of the phrase — or a single word apart, the most
    /// confusable pair of all ("kitchen on" / "kitchen off").
    static func isNearMiss(_ candidate: MatchCandidate) -> Bool {
        guard (1...nearMissEdits).contains(candidate.edits), candidate.literalMatches > 0 else { return false }
        return candidate.edits == 1 || candidate.confidence >= 0.6
    }

    func conflictMessage(entry: PhraseEntry, sample: String, other: PhraseEntry) -> String {
        if other.shortcutID == entry.shortcutID {
            return "\"\(entry.template.text)\" duplicates \(other.label) (both match \"\(sample)\")"
        }
        return
            "\"\(entry.template.text)\" conflicts with shortcut '\(other.shortcutID)': \"\(sample)\" already matches \(other.label)"
    }

    /// Checks every phrase of the catalog against all the others (for `shortcuts check`), with
    /// one matcher over the whole catalog; each pair of phrases is reported once, a conflict
    /// rather than a near miss when it is both.
    public static func checkAll(_ catalog: PhraseCatalog) -> [Diagnostic] {
        checkAll(catalog, exhaustive: false)
    }

    /// The naive check: ``checkAll(_:)`` aligning every phrase's sentences with every other
    /// phrase instead of only the index's candidates (the baseline the benchmark and the tests
    /// compare it with).
    public static func checkAllPairwise(_ catalog: PhraseCatalog) -> [Diagnostic] {
        checkAll(catalog, exhaustive: true)
    }

    static func checkAll(_ catalog: PhraseCatalog, exhaustive: Bool) -> [Diagnostic] {
        let checker = ConflictChecker(catalog: catalog)
        var neighbours = PhraseNeighbours(matcher: checker.matcher)
        var diagnostics: [Diagnostic] = []
        // For each unordered pair: the index of its diagnostic, and whether it is a conflict.
        var reported: [Pair: (index: Int, conflict: Bool)] = [:]
        for (index, entry) in catalog.entries.enumerated() {
            for finding in checker.findings(
                for: entry, excluding: index, neighbours: &neighbours, exhaustive: exhaustive)
            {
                let pair = Pair(index, finding.other)
                let conflict = finding.kind == .conflict
                let diagnostic = Diagnostic(conflict ? .error : .warning, entry.location, finding.message)
                if let previous = reported[pair] {
                    if conflict, !previous.conflict {
                        diagnostics[previous.index] = diagnostic
                        reported[pair] = (previous.index, true)
                    }
                    continue
                }
                reported[pair] = (diagnostics.count, conflict)
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }

    /// Two entry indices, in either order.
    struct Pair: Hashable {
        let low: Int
        let high: Int

        init(_ a: Int, _ b: Int) {
            low = min(a, b)
            high = max(a, b)
        }
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
