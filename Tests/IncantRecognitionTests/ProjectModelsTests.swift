import Foundation
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// The project's `models` folder: which files the recognizer options take from it.
@Suite("Project models")
final class ProjectModelsTests {
    /// A scratch folder of the suite, removed when the test ends.
    let folder: URL

    init() throws { folder = try TestAudio.scratchDirectory() }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func write(_ text: String, _ name: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    @Test("the files present set their options; missing ones leave them as they were")
    func applied() throws {
        let models = ProjectModels(directory: folder.path)
        var given = RecognizerOptions()
        given.narrowBandAdaptation = "/elsewhere/narrow.mllr"
        let empty = try models.applied(to: given)
        #expect(empty.narrowBandAdaptation == "/elsewhere/narrow.mllr")
        #expect(empty.bandLimitedAdaptation == nil)
        #expect(empty.commonWords == given.commonWords)
        #expect(models.dictionary == nil)

        try write("MLLR\n", ProjectModels.bandLimitedFileName)
        try write("# common\nThe\nof\n", CommonWords.fileName)
        try write("hello HH AH L OW\n", ProjectModels.dictionaryFileName)
        let loaded = try models.applied(to: given)
        #expect(loaded.narrowBandAdaptation == "/elsewhere/narrow.mllr")
        #expect(loaded.bandLimitedAdaptation == folder.path + "/" + ProjectModels.bandLimitedFileName)
        #expect(loaded.commonWords == ["the", "of"])
        #expect(models.dictionary == folder.path + "/" + ProjectModels.dictionaryFileName)
    }

    @Test("a common-words file that cannot be used is named with its line")
    func badCommonWords() throws {
        try write("the\nof you\n", CommonWords.fileName)
        let error = #expect(throws: CommonWordsError.self) {
            try ProjectModels(directory: self.folder.path).applied(to: RecognizerOptions())
        }
        #expect(error?.description == folder.path + "/" + CommonWords.fileName + ":2: “of you” is not one word")
    }
}
