/// A wake phrase that cannot be listened for.
public enum WakeWordError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The phrase has no words.
    case emptyPhrase
    /// The phrase is too long to be a wake word.
    case tooManyWords(String, limit: Int)
    /// The model's settings give the detector no features to search.
    case unsupportedOptions

    public var description: String {
        switch self {
        case .emptyPhrase:
            "the wake phrase has no words"
        case .tooManyWords(let phrase, let limit):
            "the wake phrase “\(phrase)” has more than \(limit) words"
        case .unsupportedOptions:
            "the wake-word detector needs whole-utterance normalisation with tracked frames"
        }
    }
}
