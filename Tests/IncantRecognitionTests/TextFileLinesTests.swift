import Foundation
import Testing

@testable import IncantRecognition

/// The word lists and dictionaries people edit read the same with Windows line endings.
@Suite("Word lists and dictionaries with either line ending")
struct TextFileLinesTests {
    /// Writes `text` to a new temporary file and returns its path.
    func file(_ text: String, name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("incant-lines-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("common words: comments and blank lines skipped, lower-cased, the same with CRLF")
    func commonWords() throws {
        let text = "# the most frequent\nThe\n\nto\n  I  \n"
        let unix = try CommonWords.read(path: try file(text, name: "unix.txt"))
        let windows = try CommonWords.read(
            path: try file(text.replacingOccurrences(of: "\n", with: "\r\n"), name: "windows.txt"))
        #expect(unix == ["the", "to", "i"])
        #expect(windows == unix)
    }

    @Test("common words: a line of two words is named by file and line, with either ending")
    func commonWordsErrors() throws {
        for ending in ["\n", "\r\n"] {
            let path = try file(["the", "", "of you", "and"].joined(separator: ending), name: "bad.txt")
            let error = #expect(throws: CommonWordsError.self) { try CommonWords.read(path: path) }
            #expect(error?.line == 3)
            #expect(error?.description == "\(path):3: “of you” is not one word")
        }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID()).txt").path
        let error = #expect(throws: CommonWordsError.self) { try CommonWords.read(path: missing) }
        #expect(error?.line == nil)
        #expect(error?.description.hasPrefix("\(missing): cannot read it") == true)
    }

    @Test("a model dictionary with CRLF gives the words asked for, alternates included")
    func dictionarySubset() throws {
        let text = "hello HH AH L OW\nhello(2) HH EH L OW\nworld W ER L D\nother AH DH ER\n"
        for ending in ["\n", "\r\n"] {
            let path = try file(text.replacingOccurrences(of: "\n", with: ending), name: "model.dict")
            let subset = try DictionarySubset(path: path, words: ["hello", "world"])
            #expect(subset.entries == ["hello": ["HH AH L OW", "HH EH L OW"], "world": ["W ER L D"]])
        }
    }
}
