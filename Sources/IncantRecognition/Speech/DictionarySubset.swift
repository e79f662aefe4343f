import Foundation

/// The entries of a cmudict-format dictionary for just the words a grammar uses.
///
/// pocketsphinx keeps its whole dictionary in memory: the 134,000 words of the CMU dictionary
/// cost about 22 MB, while a few hundred phrases use a few hundred words. The recognizer
/// starts its decoder on such a subset and looks further words up here when phrases change.
struct DictionarySubset {
    /// Pronunciations by word: the main entry first, then alternates (`word(2)`).
    var entries: [String: [String]]

    init(entries: [String: [String]]) {
        self.entries = entries
    }

    /// Reads the entries of `words` from the dictionary at `path`.
    init(path: String, words: Set<String>) throws {
        var entries: [String: [String]] = [:]
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(whereSeparator: \.isNewline) {
            guard let space = line.firstIndex(of: " ") else { continue }
            var word = line[..<space]
            if let parenthesis = word.firstIndex(of: "(") { word = word[..<parenthesis] }
            let key = String(word)
            guard words.contains(key) else { continue }
            entries[key, default: []].append(line[line.index(after: space)...].trimmingCharacters(in: .whitespaces))
        }
        self.entries = entries
    }

    /// Replaces the pronunciations of the words held here that `overrides` has: an override
    /// file's entry (with its alternates) stands instead of the model dictionary's.
    mutating func override(with overrides: PronunciationDictionary) {
        for word in entries.keys {
            if let replacement = overrides[word] { entries[word] = replacement.map(\.description) }
        }
    }

    /// The subset in cmudict format.
    var text: String {
        var lines: [String] = []
        for (word, pronunciations) in entries.sorted(by: { $0.key < $1.key }) {
            for (index, phones) in pronunciations.enumerated() {
                lines.append(PocketSphinxDecoder.entryName(of: word, pronunciation: index) + " " + phones)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
