/// Where a value sits in a JSON document: an RFC 6901 pointer (`/speech/plain/speech`,
/// `/0/state`) or, written without a leading `/`, one top-level key (`message`).
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The reference tokens, unescaped (`~1` is `/`, `~0` is `~`).
    public var tokens: [String]
    /// The pointer as written in the definition.
    public var text: String

    /// Reads `text`; `nil` when it is empty or holds an invalid `~` escape.
    public init?(_ text: String) {
        guard !text.isEmpty else { return nil }
        self.text = text
        guard text.hasPrefix("/") else {
            tokens = [text]
            return
        }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var iterator = raw.makeIterator()
            while let character = iterator.next() {
                guard character == "~" else {
                    token.append(character)
                    continue
                }
                switch iterator.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                default: return nil
                }
            }
            tokens.append(token)
        }
        self.tokens = tokens
    }

    public var description: String { text }
}
