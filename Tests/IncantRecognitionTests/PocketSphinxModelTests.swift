import Foundation
import IncantPhrases
import Testing

@testable import IncantRecognition

@Suite("Locating the pocketsphinx model")
struct PocketSphinxModelTests {
    @Test("the Debian model is found by default")
    func debianDefault() throws {
        let model = try PocketSphinxModel.locate(paths: IncantPaths(environment: [:]))
        #expect(model.acousticModel == "/usr/share/pocketsphinx/model/en-us/en-us")
        #expect(model.dictionary == "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict")
        #expect(model.phoneLanguageModel == "/usr/share/pocketsphinx/model/en-us/en-us-phone.lm.bin")
    }

    @Test("INCANT_MODEL_DIR overrides the location, and a missing model is named")
    func environmentOverride() throws {
        let error = #expect(throws: RecognitionError.self) {
            try PocketSphinxModel.locate(paths: IncantPaths(environment: ["INCANT_MODEL_DIR": "/nonexistent/model"]))
        }
        guard case .modelMissing(let path, _) = error else {
            Issue.record("expected modelMissing, got \(String(describing: error))")
            return
        }
        #expect(path == "/nonexistent/model/en-us")
        #expect(error?.description.contains("pocketsphinx-en-us") == true)
        #expect(error?.description.contains("INCANT_MODEL_DIR") == true)
    }

    @Test("an explicit directory wins over the environment")
    func explicitDirectory() throws {
        let error = #expect(throws: RecognitionError.self) {
            try PocketSphinxModel.locate(
                directory: "/opt/none", paths: IncantPaths(environment: ["INCANT_MODEL_DIR": "/nonexistent"]))
        }
        #expect(error?.description.contains("/opt/none/en-us") == true)
    }

    @Test("a decoder for a missing model throws instead of crashing")
    func decoderWithoutModel() throws {
        let model = PocketSphinxModel(acousticModel: "/nonexistent/en-us", dictionary: "/nonexistent/dict")
        #expect(throws: RecognitionError.self) { try PocketSphinxDecoder(model: model) }
    }

    @Test("a model without its language models names the file each search needs")
    func missingLanguageModels() throws {
        var model = try PocketSphinxModel.locate(paths: IncantPaths(environment: [:]))
        model.phoneLanguageModel = nil
        model.languageModel = nil
        let decoder = try PocketSphinxDecoder(model: model)
        let phoneLoop = #expect(throws: RecognitionError.self) { try decoder.loadPhoneLoop() }
        guard case .modelMissing(let phonePath, let phoneHint) = phoneLoop else {
            Issue.record("expected modelMissing, got \(String(describing: phoneLoop))")
            return
        }
        #expect(phonePath == "/usr/share/pocketsphinx/model/en-us/en-us-phone.lm.bin")
        #expect(phoneHint.contains("phone loop"))
        let dictation = #expect(throws: RecognitionError.self) { try decoder.loadLanguageModel() }
        guard case .modelMissing(let path, _) = dictation else {
            Issue.record("expected modelMissing, got \(String(describing: dictation))")
            return
        }
        #expect(path == "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin")
        #expect(!decoder.searchNames.contains(PocketSphinxDecoder.phoneLoopSearch))
    }
}
