import Foundation

/// Adds, edits and removes the user's phrases with the checks `incant phrases` promises: the
/// shortcut exists, `{param}` slots and `--set` values fit its parameters, and the phrase does
/// not collide with a phrase of another shortcut (warnings for near misses).
public struct PhraseEditor: Sendable {
    public let store: PhraseStore
    public let shortcuts: [ShortcutDefinition]

    public init(store: PhraseStore, shortcuts: [ShortcutDefinition]) {
        self.store = store
        self.shortcuts = shortcuts
    }

    /// The outcome of a change: the phrase as stored, and warnings to show.
    public struct Change: Sendable {
        public var phrase: UserPhrase
        public var warnings: [String]
    }

    /// Adds a phrase for `shortcut`, binding `settings` (`name=value` texts) as fixed values.
    @discardableResult
    public func add(shortcut: String, phrase: String, settings: [String: String] = [:], takes: [String] = []) throws
        -> Change
    {
        try store.update { phrases in
            var new = UserPhrase(shortcut: shortcut, phrase: phrase, takes: takes)
            while phrases.contains(where: { $0.id == new.id }) { new.id = UserPhrase.makeID() }
            new.parameters = try validate(new, settings: settings)
            let warnings = try checkConflicts(new, against: phrases)
            phrases.append(new)
            return Change(phrase: new, warnings: warnings)
        }
    }

    /// Changes the text and/or fixed values of the phrase named by id or exact text.
    @discardableResult
    public func edit(_ key: String, phrase newText: String?, settings: [String: String]?, shortcut: String? = nil)
        throws -> Change
    {
        try store.update { phrases in
            let index = try Self.index(of: key, in: phrases)
            var edited = phrases[index]
            if let newText { edited.phrase = newText }
            if let shortcut { edited.shortcut = shortcut }
            let mergedSettings = settings ?? edited.parameters.mapValues(\.description)
            edited.parameters = try validate(edited, settings: mergedSettings)
            var others = phrases
            others.remove(at: index)
            let warnings = try checkConflicts(edited, against: others)
            phrases[index] = edited
            return Change(phrase: edited, warnings: warnings)
        }
    }

    /// Removes the phrase named by id or exact text, and its recorded takes; returns it.
    ///
    /// The phrase leaves the store first; a take file that cannot be deleted afterwards is
    /// named in the thrown ``PhraseStoreError/io(path:message:)`` (the phrase stays removed).
    @discardableResult
    public func remove(_ key: String) throws -> UserPhrase {
        let removed = try store.update { phrases in
            let index = try Self.index(of: key, in: phrases)
            return phrases.remove(at: index)
        }
        for take in removed.takes {
            guard let path = try? store.takePath(take), FileManager.default.fileExists(atPath: path) else { continue }
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw PhraseStoreError.io(
                    path: path,
                    message: "phrase removed, but its take could not be deleted: \(error.localizedDescription)")
            }
        }
        return removed
    }

    static func index(of key: String, in phrases: [UserPhrase]) throws -> Int {
        if let index = phrases.firstIndex(where: { $0.id == key }) { return index }
        let normalized = TextNormalizer.words(of: key).joined(separator: " ")
        let matches = phrases.indices.filter {
            TextNormalizer.words(of: phrases[$0].phrase).joined(separator: " ") == normalized
        }
        guard let first = matches.first else { throw PhraseStoreError.notFound(key) }
        guard matches.count == 1 else { throw PhraseStoreError.notUnique(key, matches.map { phrases[$0].id }) }
        return first
    }

    func validate(_ phrase: UserPhrase, settings: [String: String]) throws -> [String: ParameterValue] {
        guard let shortcut = shortcuts.first(where: { $0.id == phrase.shortcut }) else {
            let known = shortcuts.map(\.id).sorted().joined(separator: ", ")
            throw PhraseStoreError.refused(["unknown shortcut '\(phrase.shortcut)' (known: \(known))"])
        }
        let template: PhraseTemplate
        do {
            template = try PhraseTemplate(phrase.phrase, location: SourceLocation(file: "<phrase>"))
        } catch {
            throw PhraseStoreError.refused(["phrase \"\(phrase.phrase)\": \(error)"])
        }
        var problems: [String] = []
        for name in template.slotNames where shortcut.parameter(named: name) == nil {
            problems.append("phrase \"\(phrase.phrase)\" uses unknown parameter {\(name)} of '\(shortcut.id)'")
        }
        var values: [String: ParameterValue] = [:]
        for (name, text) in settings.sorted(by: { $0.key < $1.key }) {
            guard let parameter = shortcut.parameter(named: name) else {
                problems.append("'\(shortcut.id)' has no parameter '\(name)'")
                continue
            }
            if template.slotNames.contains(name) {
                problems.append("parameter '\(name)' is both a {slot} in the phrase and set with --set")
                continue
            }
            do {
                values[name] = try parameter.parseValue(text)
            } catch {
                problems.append("\(error)")
            }
        }
        if !problems.isEmpty { throw PhraseStoreError.refused(problems) }
        return values
    }

    func checkConflicts(_ phrase: UserPhrase, against existing: [UserPhrase]) throws -> [String] {
        let catalog = PhraseCatalog(shortcuts: shortcuts, userPhrases: existing)
        let entry: PhraseEntry
        do {
            entry = try phrase.entry()
        } catch {
            throw PhraseStoreError.refused(["phrase \"\(phrase.phrase)\": \(error)"])
        }
        let report = ConflictChecker(catalog: catalog).check(entry)
        if !report.conflicts.isEmpty { throw PhraseStoreError.refused(report.conflicts) }
        return report.warnings
    }
}
