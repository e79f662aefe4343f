/// Adding a phrase recorded by voice, with its takes saved under the phrase's id.
extension PhraseEditor {
    /// Adds a phrase like ``add(shortcut:phrase:settings:takes:)`` (same checks, same
    /// warnings), and calls `saveTakes` with the new phrase's id once the checks have passed,
    /// still under the store's lock; it returns the take file names (relative to the store's
    /// folder, e.g. `takes/<id>-1.wav`) kept in ``UserPhrase/takes``. A refused phrase saves
    /// nothing; a throwing `saveTakes` adds nothing.
    @discardableResult
    public func addRecorded(
        shortcut: String, phrase: String, settings: [String: String] = [:],
        saveTakes: (_ id: String) throws -> [String]
    ) throws -> Change {
        try store.update { phrases in
            var new = UserPhrase(shortcut: shortcut, phrase: phrase)
            while phrases.contains(where: { $0.id == new.id }) { new.id = UserPhrase.makeID() }
            new.parameters = try validate(new, settings: settings)
            let warnings = try checkConflicts(new, against: phrases)
            new.takes = try saveTakes(new.id)
            phrases.append(new)
            return Change(phrase: new, warnings: warnings)
        }
    }
}
