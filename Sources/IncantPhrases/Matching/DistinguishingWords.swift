/// The words an edit may not forgive, because saying another word there means another action:
/// they tell two shortcuts, two slot values or an action and its opposite apart.
///
/// Derived from the catalog, not listed per phrase set:
/// - words at the one place where two phrases of different actions differ ("turn on the {room}
///   lights" / "turn off the {room} lights"), or that one of them has in addition;
/// - words that differ between the values of a slot (enum spoken forms, boolean words);
/// - numbers written in phrases;
/// - catalog words whose opposite is a known word pair (on/off, open/close, lock/unlock …) or
///   that carry a negating prefix of another catalog word ("unlock" and "lock").
///
/// In a query, a number, a negation ("not", "don't"), a scale word ("hundred") and the
/// opposite of a catalog word are distinguishing too, even when no phrase holds them.
struct DistinguishingWords: Sendable {
    /// Distinguishing words of the catalog, normalized.
    let words: Set<String>
    /// For a distinguishing word, the words another action has in its place (and its opposites):
    /// what a near miss would say instead.
    let rivals: [String: Set<String>]

    /// Expansions read per phrase when looking for neighbours (templates with many options are
    /// sampled, not enumerated).
    static let expansionLimit = 32

    /// Pairs of words that mean opposite actions.
    static let opposites: [(String, String)] = [
        ("on", "off"), ("open", "close"), ("open", "shut"), ("lock", "unlock"), ("up", "down"),
        ("start", "stop"), ("enable", "disable"), ("raise", "lower"), ("increase", "decrease"),
        ("louder", "quieter"), ("warmer", "cooler"), ("brighter", "dimmer"), ("next", "previous"),
        ("yes", "no"), ("true", "false"), ("play", "pause"), ("arm", "disarm"), ("mute", "unmute"),
        ("show", "hide"), ("add", "remove"), ("connect", "disconnect"), ("high", "low"), ("more", "less"),
        ("plus", "minus"), ("before", "after"), ("forward", "back"), ("forward", "backward"),
        ("left", "right"), ("all", "none"), ("everything", "nothing"), ("first", "last"),
    ]

    /// Words that turn a request into its negation.
    static let negations: Set<String> = [
        "not", "don't", "dont", "never", "no", "without", "stop", "cancel", "isn't", "aren't", "doesn't", "won't",
    ]

    static let negatingPrefixes = ["un", "dis", "de"]

    /// Whether query words outside the catalog (numbers, negations, opposites) count too.
    let checksQueryWords: Bool

    /// Nothing is distinguishing: the matcher without near-miss guards.
    static let none = DistinguishingWords(words: [], checksQueryWords: false)

    init(words: Set<String>, checksQueryWords: Bool = true) {
        self.words = words
        self.rivals = [:]
        self.checksQueryWords = checksQueryWords
    }

    /// Derives the distinguishing words of `catalog`, tokenized by `normalizer`.
    init(catalog: PhraseCatalog, normalizer: TextNormalizer) {
        var words = Set<String>()
        var rivals: [String: Set<String>] = [:]
        var vocabulary = Vocabulary()
        var actions: [String: Int32] = [:]
        // Sentences as word ids (slots as `slotID`); sentence → actions; sentence with one
        // place blanked (`blankID`) → (action, word ids said there).
        var sentences: [[Int32]: Set<Int32>] = [:]
        var blanked: [[Int32]: [Int32: Set<Int32>]] = [:]
        var allSentences: [([Int32], Int32)] = []

        for entry in catalog.entries {
            guard let shortcut = catalog.shortcut(entry.shortcutID) else { continue }
            let key = Self.actionKey(entry)
            let action = actions[key] ?? Int32(actions.count)
            actions[key] = action
            for expansion in entry.template.expansions(limit: Self.expansionLimit) {
                let sentence = Self.sentence(expansion, normalizer: normalizer).map { word in
                    word == Self.slotMark ? Self.slotID : vocabulary.intern(word)
                }
                sentences[sentence, default: []].insert(action)
                allSentences.append((sentence, action))
                for index in sentence.indices where sentence[index] != Self.slotID {
                    var blank = sentence
                    blank[index] = Self.blankID
                    blanked[blank, default: [:]][action, default: []].insert(sentence[index])
                }
            }
            for parameter in shortcut.parameters {
                let values: [[String]]
                switch parameter.type {
                case .enumeration(let list): values = list.map { normalizer.tokens($0.spoken) }
                case .boolean: values = parameter.booleanWords.allWords.map { normalizer.tokens($0) }
                default: continue
                }
                let common = values.dropFirst().reduce(Set(values.first ?? [])) { $0.intersection($1) }
                for value in values {
                    for word in value { _ = vocabulary.intern(word) }
                    words.formUnion(value.filter { !common.contains($0) })
                }
            }
        }
        let spelled = vocabulary.words
        for word in spelled where Self.isNumber(word) { words.insert(word) }
        // One place differs between two actions.
        for (_, byAction) in blanked where byAction.count > 1 {
            let all = byAction.values.reduce(Set<Int32>()) { $0.union($1) }
            for (_, differing) in byAction {
                let others = all.subtracting(differing).map { spelled[Int($0)] }
                for id in differing {
                    words.insert(spelled[Int(id)])
                    rivals[spelled[Int(id)], default: []].formUnion(others)
                }
            }
        }
        // One action's sentence is another's with one word more.
        for (sentence, action) in allSentences where sentence.count > 1 {
            for index in sentence.indices where sentence[index] != Self.slotID {
                var shorter = sentence
                shorter.remove(at: index)
                if let others = sentences[shorter], others.contains(where: { $0 != action }) {
                    words.insert(spelled[Int(sentence[index])])
                }
            }
        }
        let known = Set(spelled)
        // Opposites and negating prefixes.
        for (first, second) in Self.opposites where known.contains(first) || known.contains(second) {
            if known.contains(first) { words.insert(first) }
            if known.contains(second) { words.insert(second) }
            rivals[first, default: []].insert(second)
            rivals[second, default: []].insert(first)
        }
        for word in known {
            for prefix in Self.negatingPrefixes where word.hasPrefix(prefix) {
                let stem = String(word.dropFirst(prefix.count))
                if known.contains(stem) {
                    words.insert(word)
                    words.insert(stem)
                    rivals[word, default: []].insert(stem)
                    rivals[stem, default: []].insert(word)
                }
            }
        }
        self.words = words
        self.rivals = rivals
        self.checksQueryWords = true
    }

    /// Whether a word of the catalog's vocabulary may not be forgiven.
    func contains(_ word: String) -> Bool {
        words.contains(word)
    }

    /// Whether a query word is distinguishing: a catalog distinguishing word, a number, a
    /// negation, a scale word, or the opposite (or negated form) of a catalog word.
    func isDistinguishing(queryWord word: String, vocabulary: Vocabulary) -> Bool {
        guard checksQueryWords else { return false }
        if words.contains(word) || Self.isNumber(word) || Self.negations.contains(word) { return true }
        if SpokenNumber.isNumberWord(word) { return true }
        for (first, second) in Self.opposites {
            if word == first, vocabulary.id(of: second) >= 0 { return true }
            if word == second, vocabulary.id(of: first) >= 0 { return true }
        }
        for prefix in Self.negatingPrefixes {
            if word.hasPrefix(prefix), vocabulary.id(of: String(word.dropFirst(prefix.count))) >= 0 { return true }
            if vocabulary.id(of: prefix + word) >= 0 { return true }
        }
        return false
    }

    static func isNumber(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first else { return false }
        return ("0"..."9").contains(first) || (first == "-" && word.count > 1 && Double(word) != nil)
    }

    private static let slotMark = "\u{1}"
    private static let slotID: Int32 = -2
    private static let blankID: Int32 = -1

    /// The normalized words of one expansion, each slot as a placeholder of its name.
    static func sentence(_ expansion: [TemplateToken], normalizer: TextNormalizer) -> [String] {
        var sentence: [String] = []
        var run: [String] = []
        for token in expansion {
            switch token {
            case .word(let text):
                run += TextNormalizer.words(of: text)
            case .slot(let name):
                sentence += normalizer.normalize(run)
                run = []
                sentence.append(slotMark)
            }
        }
        return sentence + normalizer.normalize(run)
    }

    /// Phrases of the same shortcut with the same fixed values are one action.
    static func actionKey(_ entry: PhraseEntry) -> String {
        let fixed = entry.fixedParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return ([entry.shortcutID] + fixed).joined(separator: "\u{0}")
    }
}
