import Foundation
import IncantPhrases
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// Override files pronounce words the model's dictionary has too, not only the words it lacks.
@Suite("Pronunciation overrides of dictionary words")
struct PronunciationOverrideTests {
    /// One shortcut per phrase.
    static func catalog(_ phrases: [String]) -> PhraseCatalog {
        let yaml =
            "shortcuts:\n"
            + phrases.enumerated().map { index, phrase in
                "  - id: s\(index)\n    phrases: [\"\(phrase)\"]\n    responses: { success: ok }\n"
            }.joined()
        return PhraseCatalog(shortcuts: DefinitionLoader.parse(yaml, file: "overrides.yaml").shortcuts)
    }

    /// Writes `text` to a new override file, passes its path to `body`, and removes it.
    static func withOverrideFile<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("incant-override-\(UUID()).dict").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    @Test("a subset keeps the model's entries except where an override has the word")
    func subsetTakesOverrides() throws {
        var subset = DictionarySubset(entries: ["radio": ["R EY D IY OW"], "play": ["P L EY"]])
        let overrides = try PronunciationDictionary(
            parsing: "radio W AY R L AH S\nradio(2) R EY D IY OW\nunheard Z UW\n", file: "o.dict")
        subset.override(with: overrides)
        #expect(subset.entries == ["radio": ["W AY R L AH S", "R EY D IY OW"], "play": ["P L EY"]])
    }

    @Test("later files win word by word; a missing file counts as empty")
    func layeredFiles() throws {
        try Self.withOverrideFile("radio R EY D IY OW\nplay P L EY\n") { first in
            try Self.withOverrideFile("radio W AY R L AH S\n") { second in
                let layered = try PronunciationDictionary.layered([first, "/nonexistent/incant.dict", second])
                #expect(layered["radio"]?.map(\.description) == ["W AY R L AH S"])
                #expect(layered["play"]?.map(\.description) == ["P L EY"])
            }
        }
    }

    @Test("the recognizer pronounces an overridden dictionary word as the file says, at start and on reload")
    func recognizerUsesOverrides() throws {
        try Self.withOverrideFile("radio W AY R L AH S\nradio(2) R EY D IY OW\ntoaster T OW S T ER Z\n") { file in
            let recognizer = try GrammarRecognizer(
                catalog: Self.catalog(["play the radio", "stop the music"]),
                options: RecognizerOptions(dictionaryFiles: [file]))
            #expect(
                recognizer.decoder.pronunciations(of: "radio") == [
                    ["W", "AY", "R", "L", "AH", "S"], ["R", "EY", "D", "IY", "OW"],
                ])
            #expect(recognizer.decoder.pronunciations(of: "music") == [["M", "Y", "UW", "Z", "IH", "K"]])
            #expect(recognizer.addedWords.isEmpty, "dictionary words are not reported as added")
            try recognizer.reload(Self.catalog(["play the radio", "turn on the toaster"]))
            #expect(recognizer.decoder.pronunciations(of: "toaster") == [["T", "OW", "S", "T", "ER", "Z"]])
        }
    }

    @Test(
        "a word said another way is heard through its override, and not without it",
        .enabled(if: Speech.canSynthesize))
    func spokenOverride() throws {
        let catalog = Self.catalog(["play the radio", "stop the music", "what time is it"])
        let samples = try Speech.synthesize("play the wireless")
        let plain = try GrammarRecognizer(catalog: catalog).recognizeSynchronously(samples)
        #expect(plain.isRejected, "heard \"\(plain.transcript)\" without the override")
        try Self.withOverrideFile("radio W AY R L AH S\n") { file in
            let recognizer = try GrammarRecognizer(
                catalog: catalog, options: RecognizerOptions(dictionaryFiles: [file]))
            let heard = try recognizer.recognizeSynchronously(samples)
            #expect(heard.transcript == "play the radio" && !heard.isRejected, "heard \"\(heard.transcript)\"")
        }
    }

    @Test("the wake word detector pronounces an overridden dictionary word as the file says")
    func wakeWordUsesOverrides() throws {
        try Self.withOverrideFile("computer K AH M P UW T ER\n") { file in
            var options = WakeWordOptions()
            options.dictionaryFiles = [file]
            let detector = try PocketSphinxWakeWordDetector(phrase: "hey computer", options: options)
            #expect(detector.decoder.pronunciations(of: "computer") == [["K", "AH", "M", "P", "UW", "T", "ER"]])
            #expect(detector.phoneCount == 2 + 7)
            #expect(detector.addedWords.isEmpty)
        }
    }
}
