/// The pronunciations found for one word by ``PronunciationResolver``.
public struct ResolvedPronunciation: Sendable, Equatable {
    /// Where the pronunciations came from.
    public enum Source: Sendable, Equatable {
        /// An override dictionary entry.
        case override
        /// espeak-ng's guess.
        case guessed
    }

    /// The word, lower-cased.
    public var word: String
    /// Its pronunciations, the main one first (a guess has exactly one).
    public var pronunciations: [Pronunciation]
    /// Where they came from.
    public var source: Source

    public init(word: String, pronunciations: [Pronunciation], source: Source) {
        self.word = word
        self.pronunciations = pronunciations
        self.source = source
    }

    /// The entries as pocketsphinx dictionary lines: `word PH …`, then `word(2) PH …`, ….
    public var dictionaryLines: [String] {
        pronunciations.enumerated().map { index, pronunciation in
            PocketSphinxDecoder.entryName(of: word, pronunciation: index) + " " + pronunciation.description
        }
    }
}
