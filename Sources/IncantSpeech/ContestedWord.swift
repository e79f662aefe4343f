/// A word or a stretch of words of a transcript that the audio fits about as well with other
/// words in its place ("on" where "off" fits nearly as well, "twelve" where "twenty one" does):
/// what was said may be either.
public struct ContestedWord: Sendable, Hashable, Codable {
    /// The place of the first heard word among the transcript's words.
    public var position: Int
    /// How many of the transcript's words ``heard`` spans.
    public var length: Int
    /// The word or words heard.
    public var heard: String
    /// The other word or words that fit nearly as well (or better).
    public var rival: String
    /// The transcript with ``rival`` in place of ``heard``.
    public var alternative: String

    public init(position: Int, length: Int = 1, heard: String, rival: String, alternative: String) {
        self.position = position
        self.length = length
        self.heard = heard
        self.rival = rival
        self.alternative = alternative
    }
}
