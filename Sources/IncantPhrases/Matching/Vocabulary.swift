/// Interns normalized words as small integers so the matcher compares integers, not strings.
struct Vocabulary: Sendable {
    private(set) var ids: [String: Int32] = [:]
    private(set) var words: [String] = []

    mutating func intern(_ word: String) -> Int32 {
        if let id = ids[word] { return id }
        let id = Int32(words.count)
        ids[word] = id
        words.append(word)
        return id
    }

    /// The id of a known word, or -1.
    func id(of word: String) -> Int32 {
        ids[word] ?? -1
    }
}
