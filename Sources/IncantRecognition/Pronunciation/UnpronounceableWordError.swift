import IncantGrammar

/// Words that have neither an override nor a usable espeak-ng guess.
public struct UnpronounceableWordError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One word that cannot be pronounced, and why.
    public typealias Word = UnpronounceableWord

    /// The words, in the order they were asked for.
    public var words: [Word]
    /// The pronunciations of the other words, for callers that carry on without these.
    public var resolved: [ResolvedPronunciation]

    public init(words: [Word], resolved: [ResolvedPronunciation] = []) {
        self.words = words
        self.resolved = resolved
    }

    public var description: String {
        let count = words.count == 1 ? "1 word" : "\(words.count) words"
        return "cannot pronounce \(count); add them to \(PronunciationDictionary.projectFile) or "
            + "$XDG_CONFIG_HOME/incant/dictionary.dict as `word PH1 PH2 …`:\n"
            + words.map { "  \($0)" }.joined(separator: "\n")
    }
}
