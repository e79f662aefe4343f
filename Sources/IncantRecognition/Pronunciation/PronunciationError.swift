/// Why ``PronunciationGuesser`` could not produce a pronunciation.
public enum PronunciationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The word holds something other than letters, apostrophes and inner hyphens.
    case invalidWord(String)
    /// espeak-ng could not be started.
    case espeakUnavailable(executable: String, reason: String)
    /// espeak-ng exited unsuccessfully.
    case espeakFailed(executable: String, status: Int32, message: String)
    /// espeak-ng's phonemes for the word include one with no CMU equivalent.
    case unmappablePhoneme(word: String, phoneme: String, espeakOutput: String)
    /// espeak-ng produced no phonemes for the word.
    case noPronunciation(word: String, espeakOutput: String)

    public var description: String {
        switch self {
        case .invalidWord(let word):
            "“\(word)” is not a word that can be pronounced: only letters, apostrophes and inner hyphens are allowed"
        case .espeakUnavailable(let executable, let reason):
            "cannot run \(executable) (\(reason)); install it with `apt-get install espeak-ng`"
        case .espeakFailed(let executable, let status, let message):
            "\(executable) exited with status \(status)" + (message.isEmpty ? "" : ": \(message)")
        case .unmappablePhoneme(let word, let phoneme, let output):
            "espeak-ng pronounces “\(word)” as “\(output)”, whose phoneme “\(phoneme)” has no CMU equivalent"
        case .noPronunciation(let word, let output):
            "espeak-ng gave no phonemes for “\(word)”" + (output.isEmpty ? "" : " (output: “\(output)”)")
        }
    }
}
