/// A word of a phrase that nothing can pronounce (no dictionary entry, no usable guess), and why.
public struct UnpronounceableWord: Sendable, Equatable, CustomStringConvertible {
    /// The word as given.
    public var word: String
    /// Why it has no pronunciation.
    public var reason: String

    public init(word: String, reason: String) {
        self.word = word
        self.reason = reason
    }

    public var description: String { "“\(word)”: \(reason)" }

    /// The project's pronunciation overrides (cmudict format), relative to the working folder;
    /// the user's are `$XDG_CONFIG_HOME/incant/dictionary.dict`.
    public static let projectDictionary = "models/dictionary.dict"
}
