/// One alternative of an N-best list: a distinct word string and its path score.
public struct NBestEntry: Sendable, Equatable {
    /// The words, space-separated, without fillers.
    public var text: String
    /// The path log score (base 1.0001); higher (less negative) is better.
    public var score: Int32

    public init(text: String, score: Int32) {
        self.text = text
        self.score = score
    }
}
