import CPocketSphinx
import Foundation
import Synchronization

/// The dictionary: pronunciations looked up, unknown words found, and words added.
extension PocketSphinxDecoder {
    /// The pronunciation of `word` (phones separated by spaces), or nil if it is unknown.
    public func pronunciation(of word: String) -> String? {
        lock.withLock { _ in
            guard let phones = ps_lookup_word(decoder, word) else { return nil }
            defer { free(phones) }
            return String(cString: phones)
        }
    }

    /// Every pronunciation of `word` (its alternates `word(2)`, `word(3)` … after the main
    /// one), each as a list of phones; empty if the word is unknown.
    public func pronunciations(of word: String) -> [[String]] {
        var result: [[String]] = []
        while let phones = pronunciation(of: Self.entryName(of: word, pronunciation: result.count)) {
            result.append(phones.split(separator: " ").map(String.init))
        }
        return result
    }

    /// The words of `words` that the dictionary does not know, in order, without repeats.
    public func missingWords(_ words: some Sequence<String>) -> [String] {
        var missing: [String] = []
        for word in words where !missing.contains(word) && pronunciation(of: word) == nil {
            missing.append(word)
        }
        return missing
    }

    /// Adds `word` with `phones` (CMUdict phones separated by spaces, e.g. `"K AH M P Y UW T ER"`).
    /// A word that exists gets the pronunciation as an alternative.
    ///
    /// Add words before loading the grammars that use them.
    public func addWord(_ word: String, phones: String) throws {
        try lock.withLock { _ in
            let mark = SphinxLog.mark
            if ps_add_word(decoder, word, phones, 1) < 0 {
                throw RecognitionError.invalidPronunciation(
                    word: word, phones: phones, message: Self.explain(since: mark, or: "rejected by pocketsphinx"))
            }
        }
    }
}
