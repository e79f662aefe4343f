/// A word of a transcript where the grammar allows other words, and how much better the heard
/// word explains its stretch of audio than the best of them.
public struct WordContrast: Sendable, Hashable, Codable {
    /// The word's place in the transcript.
    public var position: Int
    /// The word heard.
    public var heard: String
    /// The other word that fits best there.
    public var rival: String
    /// The acoustic log-likelihood of the stretch from the word before to the word after with
    /// the heard word, minus the same with the rival, in pocketsphinx's log units; positive
    /// means the heard word fits better. Infinite when the rival could not be aligned at all.
    public var margin: Double
    /// The transcript with the rival in place of the heard word.
    public var alternative: String
}
