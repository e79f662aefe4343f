/// Why recognition could not be set up or run. The description is meant for the user.
public enum RecognitionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The acoustic model or dictionary is not where it was looked for.
    case modelMissing(path: String, hint: String)
    /// pocketsphinx refused the model or options.
    case decoderInitializationFailed(message: String)
    /// A grammar could not be compiled (syntax error, unknown word, ...).
    case invalidGrammar(name: String, message: String)
    /// Words the grammar needs are not in the dictionary.
    case wordsMissingFromDictionary([String])
    /// A pronunciation could not be added.
    case invalidPronunciation(word: String, phones: String, message: String)
    /// No search with this name has been loaded.
    case unknownSearch(String)
    /// Decoding failed inside pocketsphinx.
    case decodingFailed(message: String)

    public var description: String {
        switch self {
        case .modelMissing(let path, let hint):
            return "speech model not found at '\(path)': \(hint)"
        case .decoderInitializationFailed(let message):
            return "cannot start the speech decoder: \(message)"
        case .invalidGrammar(let name, let message):
            return "grammar '\(name)' was rejected: \(message)"
        case .wordsMissingFromDictionary(let words):
            return "not in the pronunciation dictionary: \(words.joined(separator: ", "))"
        case .invalidPronunciation(let word, let phones, let message):
            return "cannot add '\(word)' pronounced '\(phones)': \(message)"
        case .unknownSearch(let name):
            return "no grammar or search named '\(name)' is loaded"
        case .decodingFailed(let message):
            return "decoding failed: \(message)"
        }
    }
}
