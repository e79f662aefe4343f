import Foundation

/// Guesses pronunciations of words missing from the pocketsphinx dictionary with espeak-ng
/// (Debian package `espeak-ng`), translating its phonemes into the 39 CMU phones.
///
/// espeak-ng runs as a subprocess with an argument array, never through a shell, and every
/// word is validated first (letters, apostrophes and inner hyphens only). Many words are
/// guessed with one espeak-ng run: each becomes its own sentence (`word.` on its own line)
/// so that espeak-ng prints one line of phonemes per word, in citation form. Roughly 200
/// words take 0.1 s. The calls block while espeak-ng runs.
public struct PronunciationGuesser: Sendable {
    /// The espeak-ng voice used by default: the American accent's, matching the en-us model.
    public static let defaultVoice = PhoneAccent.american.espeakVoice
    /// The longest word accepted, in characters.
    public static let maximumWordLength = 64

    /// The espeak-ng executable.
    public var executable: String
    /// The espeak-ng voice.
    public var voice: String
    /// The accent whose phones espeak-ng's phonemes are translated into.
    public var accent: PhoneAccent

    /// Roughly how many bytes of words go into one espeak-ng argument (Linux caps a single
    /// argument at 128 KiB).
    static let batchBytes = 32 * 1024

    /// - Parameters:
    ///   - executable: a path, or a name looked up on `PATH`; `espeak-ng` by default. When it
    ///     cannot be found, guessing fails with ``PronunciationError/espeakUnavailable(executable:reason:)``.
    ///   - voice: the espeak-ng voice; by default the accent's (``PhoneAccent/espeakVoice``).
    ///   - accent: the accent the phonemes are translated for; American by default, as the
    ///     model's dictionary is.
    ///   - searchPath: the folders a name is looked up in (`IncantPaths.searchPath`);
    ///     `nil` looks in `/usr/local/bin`, `/usr/bin` and `/bin`.
    public init(
        executable: String = "espeak-ng",
        voice: String? = nil,
        accent: PhoneAccent = .american,
        searchPath: String? = nil
    ) {
        self.executable = ToolProcess.locate(executable, searchPath: searchPath) ?? executable
        self.voice = voice ?? accent.espeakVoice
        self.accent = accent
    }

    /// Checks that `word` can be handed to espeak-ng and returns it in lower case.
    ///
    /// A word is 1–64 characters: letters of any script (with their combining accents),
    /// apostrophes (`'` or `’`) and hyphens, with at least one letter and no leading hyphen.
    /// Everything else (digits, spaces, control characters, punctuation) is refused.
    ///
    /// - Throws: ``PronunciationError/invalidWord(_:)`` naming the word.
    public static func validatedWord(_ word: String) throws(PronunciationError) -> String {
        let normalized = word.replacingOccurrences(of: "’", with: "'").lowercased()
        guard !normalized.isEmpty, normalized.count <= maximumWordLength,
            normalized.unicodeScalars.allSatisfy({ isLetter($0) || isMark($0) || $0 == "'" || $0 == "-" }),
            normalized.unicodeScalars.contains(where: isLetter),
            let first = normalized.unicodeScalars.first, !isMark(first), first != "-"
        else {
            throw .invalidWord(word)
        }
        return normalized
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark: true
        default: false
        }
    }

    /// Guesses the pronunciation of one word.
    ///
    /// - Throws: ``PronunciationError``: the word is invalid, espeak-ng is missing or failed,
    ///   or its phonemes have no CMU equivalent.
    public func guess(_ word: String) throws(PronunciationError) -> Pronunciation {
        guard let result = try guess([word])[word] else { throw .noPronunciation(word: word, espeakOutput: "") }
        return try result.get()
    }

    /// Guesses the pronunciations of many words, with as few espeak-ng runs as possible.
    ///
    /// - Returns: for each distinct word as given, its pronunciation or why it has none
    ///   (``PronunciationError/invalidWord(_:)``, ``PronunciationError/unmappablePhoneme(word:phoneme:espeakOutput:)``,
    ///   ``PronunciationError/noPronunciation(word:espeakOutput:)``).
    /// - Throws: ``PronunciationError/espeakUnavailable(executable:reason:)`` or
    ///   ``PronunciationError/espeakFailed(executable:status:message:)``, which concern every word.
    public func guess(_ words: [String]) throws(PronunciationError) -> [String: Result<
        Pronunciation, PronunciationError
    >] {
        var results: [String: Result<Pronunciation, PronunciationError>] = [:]
        var pending: [(word: String, input: String)] = []
        var seen: Set<String> = []
        for word in words where seen.insert(word).inserted {
            do {
                pending.append((word, Self.espeakInput(for: try Self.validatedWord(word))))
            } catch {
                results[word] = .failure(error)
            }
        }
        var start = pending.startIndex
        while start < pending.endIndex {
            var end = start
            var bytes = 0
            while end < pending.endIndex, end == start || bytes + pending[end].input.utf8.count < Self.batchBytes {
                bytes += pending[end].input.utf8.count + 2
                end += 1
            }
            let batch = pending[start..<end]
            let lines = try phonemeLines(for: batch.map(\.input))
            for (item, line) in zip(batch, lines) {
                results[item.word] = Self.translate(word: item.word, espeakOutput: line, accent: accent)
            }
            start = end
        }
        return results
    }

    /// espeak-ng's phoneme line for each input word. One run handles them all; should its
    /// output not have exactly one line per word, each word is run on its own.
    private func phonemeLines(for inputs: [String]) throws(PronunciationError) -> [String] {
        let process = ESpeakProcess(executable: executable)
        let text = inputs.map { $0 + "." }.joined(separator: "\n")
        let lines = try process.run(arguments(text)).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        let trimmed = lines.last == "" ? Array(lines.dropLast()) : lines
        if trimmed.count == inputs.count { return trimmed }
        var perWord: [String] = []
        for input in inputs {
            let output = try process.run(arguments(input + "."))
            perWord.append(output.split(whereSeparator: \.isNewline).joined(separator: " "))
        }
        return perWord
    }

    private func arguments(_ text: String) -> [String] {
        ["-q", "-x", "-v", voice, "--", text]
    }

    /// The text handed to espeak-ng for a validated word. Words made only of Roman-numeral
    /// letters ("vi", "xiv") are capitalized, or espeak-ng reads them as numbers.
    static func espeakInput(for word: String) -> String {
        guard word.allSatisfy({ "ivxlcdm".contains($0) }) else { return word }
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    static func translate(word: String, espeakOutput: String, accent: PhoneAccent = .american) -> Result<
        Pronunciation, PronunciationError
    > {
        let output = espeakOutput.trimmingCharacters(in: .whitespaces)
        do {
            let phones = try ESpeakPhonemeMap.phones(fromESpeak: output, accent: accent)
            guard !phones.isEmpty else { return .failure(.noPronunciation(word: word, espeakOutput: output)) }
            return .success(Pronunciation(phones))
        } catch {
            return .failure(.unmappablePhoneme(word: word, phoneme: error.phoneme, espeakOutput: output))
        }
    }
}
