/// How other accents say words differently from American English, from espeak-ng.
///
/// Each word is read by espeak-ng's American voice and by the accent's voice, and both readings
/// are translated into the American model's phones (``PhoneAccent``); where they differ, the
/// accent's is a variant. Differences between espeak-ng and the model's dictionary are left
/// out: only what the accent changes is a variant.
public struct AccentVariants: Sendable {
    /// The accents whose variants are made.
    public var accents: [PhoneAccent]
    /// The espeak-ng executable (a path, or a name looked up on `searchPath`).
    public var executable: String
    /// Where espeak-ng is looked up (`IncantPaths.searchPath`); nil looks in the usual folders.
    public var searchPath: String?

    public init(accents: [PhoneAccent], executable: String = "espeak-ng", searchPath: String? = nil) {
        self.accents = accents
        self.executable = executable
        self.searchPath = searchPath
    }

    /// For each of `words` (lower-cased) that some accent says differently, the accents' variants,
    /// in the order of ``accents`` and without repeats. A word espeak-ng cannot read has none.
    ///
    /// - Throws: ``PronunciationError/espeakUnavailable(executable:reason:)`` or
    ///   ``PronunciationError/espeakFailed(executable:status:message:)``.
    public func variants(of words: [String]) throws(PronunciationError) -> [String: [Pronunciation]] {
        let others = accents.filter { $0 != .american }
        guard !others.isEmpty, !words.isEmpty else { return [:] }
        let american = try guesser(.american).guess(words)
        var variants: [String: [Pronunciation]] = [:]
        for accent in others {
            let heard = try guesser(accent).guess(words)
            for word in words {
                guard case .success(let base) = american[word], case .success(let other) = heard[word],
                    other != base
                else { continue }
                let key = word.lowercased()
                if !(variants[key] ?? []).contains(other) { variants[key, default: []].append(other) }
            }
        }
        return variants
    }

    private func guesser(_ accent: PhoneAccent) -> PronunciationGuesser {
        PronunciationGuesser(executable: executable, accent: accent, searchPath: searchPath)
    }
}
