/// A word (or a stretch of words) of a transcript where the grammar allows other words, and how
/// much better the heard words explain their stretch of audio than the best of them.
public struct WordContrast: Sendable, Hashable, Codable {
    /// The place of the first heard word in the transcript.
    public var position: Int
    /// How many words of the transcript ``heard`` spans.
    public var length: Int
    /// The word or words heard.
    public var heard: String
    /// The other word or words that fit best there.
    public var rival: String
    /// The acoustic log-likelihood of the stretch from the word before to the word after with
    /// the heard words, minus the same with the rival, in pocketsphinx's log units; positive
    /// means the heard words fit better. Infinite when the rival could not be aligned at all.
    public var margin: Double
    /// The transcript with the rival in place of the heard words.
    public var alternative: String

    public init(position: Int, length: Int = 1, heard: String, rival: String, margin: Double, alternative: String) {
        self.position = position
        self.length = length
        self.heard = heard
        self.rival = rival
        self.margin = margin
        self.alternative = alternative
    }

    /// The transcript's word places the contrast spans.
    public var span: Range<Int> { position..<(position + length) }

    /// The contrasts whose margin is below `limit`, of overlapping stretches only the one with
    /// the lowest margin, in transcript order: a question settles one stretch at a time.
    public static func contested(_ contrasts: [WordContrast], below limit: Double) -> [WordContrast] {
        var kept: [WordContrast] = []
        for contrast in contrasts.filter({ $0.margin < limit }).sorted(by: { $0.margin < $1.margin })
        where !kept.contains(where: { $0.span.overlaps(contrast.span) }) {
            kept.append(contrast)
        }
        return kept.sorted { $0.position < $1.position }
    }
}
