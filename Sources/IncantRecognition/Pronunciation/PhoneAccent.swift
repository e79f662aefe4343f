/// An accent of English whose pronunciations can be written in the American model's phones.
public enum PhoneAccent: String, Sendable, CaseIterable {
    /// General American, as the model's dictionary and espeak-ng's `en-us` voice say words.
    case american
    /// Southern British English, as espeak-ng's `en-gb` voice says words: no `R` after a vowel
    /// unless a vowel follows, the broad `A` of "bath".
    case british

    /// The espeak-ng voice whose phonemes are read for this accent.
    public var espeakVoice: String {
        switch self {
        case .american: "en-us"
        case .british: "en-gb"
        }
    }
}
