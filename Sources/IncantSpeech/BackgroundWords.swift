/// Words at the start or end of a transcript that were heard at the level of the sound around
/// the speaker, well below the other words: more likely other people's talk or noise that the
/// search carried the phrase into than words said to the listener.
///
/// Nothing is run on such words: the person is asked about the transcript without them, or the
/// utterance is rejected (``SpeechDecision/decide(_:_:alternatives:withoutBackground:confirming:)``).
public struct BackgroundWords: Sendable, Hashable, Codable {
    /// The place of the first of them among the transcript's words.
    public var position: Int
    /// How many of the transcript's words they are.
    public var length: Int
    /// The words.
    public var words: String
    /// The transcript without them.
    public var remainder: String

    public init(position: Int, length: Int, words: String, remainder: String) {
        self.position = position
        self.length = length
        self.words = words
        self.remainder = remainder
    }

    /// The words at `span` of `transcript` (its words separated by spaces); nil when the span
    /// is empty, holds every word, or lies outside the transcript.
    public init?(span: Range<Int>, of transcript: String) {
        let all = transcript.split(separator: " ").map(String.init)
        guard !span.isEmpty, span.lowerBound >= 0, span.upperBound <= all.count, span.count < all.count else {
            return nil
        }
        var rest = all
        rest.removeSubrange(span)
        self.init(
            position: span.lowerBound, length: span.count, words: all[span].joined(separator: " "),
            remainder: rest.joined(separator: " "))
    }
}
