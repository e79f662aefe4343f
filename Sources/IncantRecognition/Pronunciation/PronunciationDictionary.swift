import Foundation
import IncantGrammar

/// Per-word pronunciations in the cmudict format pocketsphinx reads: one entry a line,
/// `word PH1 PH2 …`, alternates as `word(2) …`, `word(3) …`. Blank lines and lines starting
/// with `#` or `;;;` are ignored. Phones are the 39 stressless `CMUPhone`s.
///
/// Used for overrides: the project's `models/dictionary.dict` and the user's
/// `$XDG_CONFIG_HOME/incant/dictionary.dict` (see ``overrides(projectFile:userFile:)``).
/// Words are looked up case-insensitively.
public struct PronunciationDictionary: Sendable, Equatable {
    /// The project's override file, relative to the working directory.
    public static let projectFile = UnpronounceableWord.projectDictionary

    /// Lower-cased word → its pronunciations, the main one first, then `(2)`, `(3)`, ….
    public private(set) var entries: [String: [Pronunciation]]

    /// A dictionary holding `entries` (keys are lower-cased).
    public init(entries: [String: [Pronunciation]] = [:]) {
        self.entries = Dictionary(entries.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $0 + $1 })
    }

    /// Parses dictionary text.
    ///
    /// - Parameter file: the name errors give for the text.
    /// - Throws: ``PronunciationDictionaryError`` naming `file:line` for a malformed word,
    ///   an entry without phones, an unknown phone, or a repeated entry.
    public init(parsing text: String, file: String) throws(PronunciationDictionaryError) {
        var numbered: [String: [(number: Int, line: Int, pronunciation: Pronunciation)]] = [:]
        var order: [String] = []
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";;;") { continue }
            func fail(_ message: String) -> PronunciationDictionaryError {
                PronunciationDictionaryError(file: file, line: lineNumber, message: message)
            }
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let (word, number) = Self.parseHead(fields[0]) else {
                throw fail("malformed word “\(fields[0])”: write `word PH1 PH2 …`, alternates as `word(2) …`")
            }
            guard fields.count > 1 else { throw fail("“\(fields[0])” has no phones") }
            var phones: [CMUPhone] = []
            for field in fields.dropFirst() {
                guard let phone = CMUPhone(rawValue: field) else { throw fail(Self.unknownPhoneMessage(field)) }
                phones.append(phone)
            }
            if let previous = numbered[word]?.first(where: { $0.number == number }) {
                throw fail("“\(fields[0])” is already defined on line \(previous.line)")
            }
            if numbered[word] == nil { order.append(word) }
            numbered[word, default: []].append((number, lineNumber, Pronunciation(phones)))
        }
        var entries: [String: [Pronunciation]] = [:]
        for word in order {
            var pronunciations: [Pronunciation] = []
            for item in numbered[word, default: []].sorted(by: { $0.number < $1.number })
            where !pronunciations.contains(item.pronunciation) {
                pronunciations.append(item.pronunciation)
            }
            entries[word] = pronunciations
        }
        self.entries = entries
    }

    /// Reads and parses a dictionary file.
    ///
    /// - Throws: ``PronunciationDictionaryError`` (without a line when the file is unreadable).
    public init(contentsOfFile path: String) throws(PronunciationDictionaryError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw PronunciationDictionaryError(
                file: path, line: nil, message: "cannot read: \(error.localizedDescription)")
        }
        try self.init(parsing: text, file: path)
    }

    /// The override dictionaries layered: the project's, then the user's, whose entries
    /// replace the project's word by word. Missing files count as empty.
    ///
    /// - Throws: ``PronunciationDictionaryError`` for an unreadable or malformed file.
    public static func overrides(
        projectFile: String? = PronunciationDictionary.projectFile,
        userFile: String?
    ) throws(PronunciationDictionaryError) -> PronunciationDictionary {
        try layered([projectFile, userFile].compactMap(\.self))
    }

    /// The dictionaries at `files` layered in order, each one's entries replacing the earlier
    /// ones' word by word. Missing files count as empty.
    ///
    /// - Throws: ``PronunciationDictionaryError`` for an unreadable or malformed file.
    public static func layered(_ files: [String]) throws(PronunciationDictionaryError) -> PronunciationDictionary {
        var result = PronunciationDictionary()
        for path in files where FileManager.default.fileExists(atPath: path) {
            result = result.merging(try PronunciationDictionary(contentsOfFile: path))
        }
        return result
    }

    /// The pronunciations of `word` (any case), or `nil` when it has no entry.
    public subscript(word: String) -> [Pronunciation]? {
        entries[word.lowercased()]
    }

    /// The words with entries, lower-cased.
    public var words: Dictionary<String, [Pronunciation]>.Keys { entries.keys }

    /// This dictionary with `other`'s entries replacing its own, word by word.
    public func merging(_ other: PronunciationDictionary) -> PronunciationDictionary {
        PronunciationDictionary(entries: entries.merging(other.entries) { _, new in new })
    }

    /// Splits `word` or `word(n)` (n ≥ 1) into the lower-cased word and n (1 for the plain form).
    private static func parseHead(_ head: String) -> (word: String, number: Int)? {
        guard head.hasSuffix(")"), let open = head.lastIndex(of: "(") else {
            return head.contains(where: { "()".contains($0) }) ? nil : (head.lowercased(), 1)
        }
        let word = head[..<open]
        let digits = head[head.index(after: open)..<head.index(before: head.endIndex)]
        guard !word.isEmpty, !word.contains(where: { "()".contains($0) }), !digits.isEmpty,
            digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 1
        else { return nil }
        return (word.lowercased(), number)
    }

    private static func unknownPhoneMessage(_ field: String) -> String {
        var message = "unknown phone “\(field)”"
        let stressless = String(field.uppercased().filter { !$0.isNumber })
        if stressless != field, CMUPhone(rawValue: stressless) != nil {
            message += " (write “\(stressless)”: phones are upper case, without stress digits)"
        } else {
            message += "; the phones are " + CMUPhone.allCases.map(\.rawValue).joined(separator: " ")
        }
        return message
    }
}
