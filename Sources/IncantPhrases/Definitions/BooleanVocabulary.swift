/// The words that fill a boolean slot: the ones its shortcut declares, or on/off, yes/no and
/// true/false.
///
/// These are the only words a spoken or typed boolean slot accepts. The looser yes/no of an
/// answer to a confirmation question ("okay", "sure", "yeah") is ``BooleanWords``, not a slot value.
public struct BooleanVocabulary: Sendable, Hashable {
    /// Spoken forms that mean `true`, e.g. "on".
    public var trueWords: [String]
    /// Spoken forms that mean `false`, e.g. "off".
    public var falseWords: [String]

    /// on/off, yes/no, true/false.
    public static let standard = BooleanVocabulary(
        trueWords: ["on", "yes", "true"], falseWords: ["off", "no", "false"])

    public init(trueWords: [String], falseWords: [String]) {
        self.trueWords = trueWords
        self.falseWords = falseWords
    }

    /// Every spoken form with the value it gives, true words first.
    public var spokenValues: [(spoken: String, value: Bool)] {
        trueWords.map { ($0, true) } + falseWords.map { ($0, false) }
    }

    /// Every spoken form, true words first.
    public var allWords: [String] { trueWords + falseWords }

    /// `true`, `false`, or `nil` when `text` is none of the words.
    public func value(of text: String) -> Bool? {
        let joined = TextNormalizer.words(of: text).joined(separator: " ")
        if trueWords.contains(where: { TextNormalizer.words(of: $0).joined(separator: " ") == joined }) { return true }
        if falseWords.contains(where: { TextNormalizer.words(of: $0).joined(separator: " ") == joined }) {
            return false
        }
        return nil
    }
}
