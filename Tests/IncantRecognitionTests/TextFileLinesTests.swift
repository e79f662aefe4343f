import Foundation
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// The word lists and dictionaries people edit read the same with Windows line endings.
@Suite("Word lists and dictionaries with either line ending")
final class TextFileLinesTests {
    /// A scratch folder of the suite, removed when the test ends.
    let folder: URL

    init() throws { folder = try TestAudio.scratchDirectory() }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Writes `text` to the file `name` of the scratch folder and returns its path.
    func file(_ text: String, name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
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
