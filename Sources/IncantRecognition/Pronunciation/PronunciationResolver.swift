/// Finds pronunciations for words missing from the pocketsphinx dictionary: first in the
/// override dictionaries, then by asking espeak-ng.
public struct PronunciationResolver: Sendable {
    /// Entries that win over guessing.
    public var overrides: PronunciationDictionary
    /// The guesser for words without an override; `nil` allows overrides only.
    public var guesser: PronunciationGuesser?

    public init(
        overrides: PronunciationDictionary = PronunciationDictionary(),
        guesser: PronunciationGuesser? = PronunciationGuesser()
    ) {
        self.overrides = overrides
        self.guesser = guesser
    }

    /// Pronunciations for `words`, one result per distinct word (compared case-insensitively)
    /// in the order given. All words needing a guess go to espeak-ng in one run.
    ///
    /// - Throws: ``UnpronounceableWordError`` naming every word that has no override and no
    ///   guess (invalid characters, espeak-ng missing or failing, unmappable phonemes), with
    ///   the reason for each and the pronunciations of the others.
    public func resolve(_ words: [String]) throws(UnpronounceableWordError) -> [ResolvedPronunciation] {
        var seen: Set<String> = []
        let distinct = words.filter { seen.insert($0.lowercased()).inserted }
        let toGuess = distinct.filter { overrides[$0] == nil }
        var guesses: [String: Result<Pronunciation, PronunciationError>] = [:]
        if !toGuess.isEmpty {
            if let guesser {
                do {
                    guesses = try guesser.guess(toGuess)
                } catch {
                    for word in toGuess { guesses[word] = .failure(error) }
                }
            }
        }
        var resolved: [ResolvedPronunciation] = []
        var failures: [UnpronounceableWordError.Word] = []
        for word in distinct {
            if let entry = overrides[word] {
                resolved.append(
                    ResolvedPronunciation(word: word.lowercased(), pronunciations: entry, source: .override))
                continue
            }
            switch guesses[word] {
            case .success(let pronunciation):
                resolved.append(
                    ResolvedPronunciation(word: word.lowercased(), pronunciations: [pronunciation], source: .guessed))
            case .failure(let error):
                failures.append(.init(word: word, reason: error.description))
            case nil:
                failures.append(.init(word: word, reason: "it has no override and guessing is off"))
            }
        }
        guard failures.isEmpty else { throw UnpronounceableWordError(words: failures, resolved: resolved) }
        return resolved
    }
}
