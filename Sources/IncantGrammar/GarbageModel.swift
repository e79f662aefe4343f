/// A garbage path in the phrase grammar: any sequence of single phones, competing with the
/// phrases inside the same search.
///
/// When speech is not one of the phrases, the decoder can follow the garbage path instead of
/// forcing the nearest phrase onto it; an utterance decoded as garbage is rejected. Each
/// garbage phone costs ``phonePenalty`` (a transition probability, scaled by the language
/// weight), which sets how readily speech is called garbage: smaller is more lenient.
/// Phones are dictionary words of their own (`garbage_aa` = `AA`), modelled by the same
/// context-dependent acoustic model as the phrases, so the comparison holds for any voice.
public struct GarbageModel: Sendable, Hashable {
    /// Probability of each garbage phone transition, in (0, 1].
    public var phonePenalty: Double

    public init(phonePenalty: Double) {
        self.phonePenalty = phonePenalty
    }

    /// The prefix of garbage words in hypotheses.
    public static let wordPrefix = "garbage_"

    /// The garbage words and their one-phone pronunciations.
    public static let words: [(word: String, phone: String)] = CMUPhone.allCases.map {
        (wordPrefix + $0.rawValue.lowercased(), $0.rawValue)
    }

    /// Whether `word` is a garbage phone.
    public static func isGarbage(_ word: String) -> Bool {
        word.hasPrefix(wordPrefix)
    }
}
