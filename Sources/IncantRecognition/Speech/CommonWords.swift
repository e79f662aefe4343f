import Foundation

/// The common English words the free word loop is made of (``RecognizerOptions/commonWords``).
public enum CommonWords {
    /// The file's name in the project's `models` directory.
    public static let fileName = "common-words.txt"

    /// The words of the file at `path`, one a line; blank lines and lines starting with `#` are
    /// skipped, and words are lower-cased.
    ///
    /// - Throws: ``CommonWordsError`` naming the file when it cannot be read, and its line when
    ///   a line holds more than one word.
    public static func read(path: String) throws(CommonWordsError) -> [String] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CommonWordsError(file: path, line: nil, message: "cannot read it (\(error.localizedDescription))")
        }
        var words: [String] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            guard !trimmed.contains(where: \.isWhitespace) else {
                throw CommonWordsError(file: path, line: index + 1, message: "“\(trimmed)” is not one word")
            }
            words.append(trimmed.lowercased())
        }
        return words
    }
}

/// A common-words file that cannot be used.
public struct CommonWordsError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil for the file as a whole.
    public var line: Int?
    public var message: String

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}
