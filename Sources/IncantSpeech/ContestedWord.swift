/// A word of a transcript that the audio fits about as well with another word in its place
/// ("on" where "off" fits nearly as well): what was said may be either.
public struct ContestedWord: Sendable, Hashable, Codable {
    /// The word's place among the transcript's words.
    public var position: Int
    /// The word heard.
    public var heard: String
    /// The other word that fits nearly as well (or better).
    public var rival: String
    /// The transcript with ``rival`` in place of ``heard``.
    public var alternative: String

    public init(position: Int, heard: String, rival: String, alternative: String) {
        self.position = position
        self.heard = heard
        self.rival = rival
        self.alternative = alternative
    }
}
