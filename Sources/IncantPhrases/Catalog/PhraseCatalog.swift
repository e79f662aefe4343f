/// Every shortcut and every phrase that can trigger one: the definitions plus the user's
/// recorded phrases. This is what the matcher and the recognizer's grammar are built from.
public struct PhraseCatalog: Sendable {
    public private(set) var shortcuts: [ShortcutDefinition]
    public private(set) var entries: [PhraseEntry]
    private var shortcutIndex: [String: Int]

    /// Builds the catalog. User phrases for shortcuts that are not defined are reported in
    /// `orphans` and left out. Of several shortcuts with one id only the first is kept, phrases
    /// and all (``DefinitionLoader`` reports the others as errors), so that no phrase is ever
    /// matched against another definition's parameters.
    public init(shortcuts: [ShortcutDefinition], userPhrases: [UserPhrase] = []) {
        var ids = Set<String>()
        let shortcuts = shortcuts.filter { ids.insert($0.id).inserted }
        self.shortcuts = shortcuts
        self.shortcutIndex = Dictionary(uniqueKeysWithValues: shortcuts.enumerated().map { ($1.id, $0) })
        var entries: [PhraseEntry] = []
        for shortcut in shortcuts {
            for template in shortcut.phrases {
                entries.append(PhraseEntry(shortcutID: shortcut.id, template: template))
            }
        }
        var orphans: [UserPhrase] = []
        for phrase in userPhrases {
            guard shortcutIndex[phrase.shortcut] != nil, let entry = try? phrase.entry() else {
                orphans.append(phrase)
                continue
            }
            entries.append(entry)
        }
        self.entries = entries
        self.orphans = orphans
    }

    /// User phrases whose shortcut is not defined (or whose text no longer parses).
    public private(set) var orphans: [UserPhrase]

    mutating func setEntries(_ entries: [PhraseEntry]) {
        self.entries = entries
    }

    mutating func removeEntry(at index: Int) {
        entries.remove(at: index)
    }

    /// The shortcut with this id.
    public func shortcut(_ id: String) -> ShortcutDefinition? {
        shortcutIndex[id].map { shortcuts[$0] }
    }
}
