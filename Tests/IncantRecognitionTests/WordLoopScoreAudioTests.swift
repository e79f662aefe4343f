import Foundation
import IncantCapture
import IncantPhrases
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// The word-loop margin's part of the score on real recordings of "alexa" by speakers on their
/// own microphones (../shared/speech/wakeword), said to the home phrases with and without it.
@Suite("Real rooms: the common words' margin in the score", .serialized, .tags(.accuracy), .skippedWhenFast)
struct WordLoopScoreAudioTests {
    static let folder = SharedSpeech.repositoryRoot.deletingLastPathComponent().appendingPathComponent(
        "shared/speech/wakeword/alexa")

    /// The home phrases, a few short commands and, when asked, "alexa".
    static func catalog(withAlexa: Bool) throws -> PhraseCatalog {
        var shortcuts = try RealRoomAcceptanceTests.homeCatalog(withWakePhrases: false).shortcuts
        if withAlexa {
            let parsed = DefinitionLoader.parse(
                "shortcuts:\n  - id: alexa\n    phrases: [\"alexa\"]\n", file: "alexa.yaml")
            guard !parsed.hasErrors else { throw DefinitionError(parsed.diagnostics) }
            shortcuts += parsed.shortcuts
        }
        return PhraseCatalog(shortcuts: shortcuts)
    }

    /// The recording `name` (a FLAC file), converted with sox.
    static func recording(_ name: String) throws -> [Int16] {
        let scratch = try TestAudio.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let converted = scratch.appendingPathComponent(name + ".wav").path
        try TestProcess.run(
            "sox", [folder.appendingPathComponent(name).path, "-r", "16000", "-c", "1", "-b", "16", converted])
        return try WAVFile.readSamples(path: converted)
    }

    /// The shipped options, and the same without the part.
    static func options() throws -> (shipped: RecognizerOptions, without: RecognizerOptions) {
        let shipped = try VoicedBackgroundTests.shippedOptions()
        var without = shipped
        without.acceptance.wordLoopWeight = 0
        return (shipped, without)
    }

    /// A speaker whose "alexa", band-limited with reverb, the free phone loop fits better than
    /// the phrase by more than the margin centre allows, while the word fits its frames clearly
    /// better than common words do.
    static let heldWell = ["59.flac"]

    /// Speakers whose "alexa", said to phrases without it, passes the margin centre as a short
    /// home phrase ("play the next song") that the common words explain about as well.
    static let levelWithCommonWords = ["256.flac"]

    @Test func aPhraseHeldWellAgainstCommonWordsIsAcceptedDespiteThePhoneLoop() throws {
        let (shipped, without) = try Self.options()
        let catalog = try Self.catalog(withAlexa: true)
        let with = try GrammarRecognizer(catalog: catalog, options: shipped)
        let plain = try GrammarRecognizer(catalog: catalog, options: without)
        for name in Self.heldWell {
            let samples = try Speech.inReverberantRoom(try Self.recording(name))
            let before = try plain.recognizeSynchronously(samples)
            let after = try with.recognizeSynchronously(samples)
            #expect(before.transcript == "alexa" && after.transcript == "alexa", "\(name)")
            #expect(before.isRejected, "\(name): accepted at \(before.acousticConfidence) without the part")
            #expect(!after.isRejected, "\(name): rejected at \(after.acousticConfidence)")
            let evidence = try #require(after.evidence)
            let loop = try #require(evidence.wordLoopMargin)
            #expect(loop > shipped.acceptance.wordLoopCenter, "\(name): word-loop margin \(loop)")
            #expect(shipped.acceptance.confidence(evidence) > without.acceptance.confidence(evidence))
        }
    }

    @Test func shortSpeechLevelWithCommonWordsIsNoLongerRun() throws {
        let (shipped, without) = try Self.options()
        let catalog = try Self.catalog(withAlexa: false)
        let with = try GrammarRecognizer(catalog: catalog, options: shipped)
        let plain = try GrammarRecognizer(catalog: catalog, options: without)
        for name in Self.levelWithCommonWords {
            let samples = try Self.recording(name)
            let before = try plain.recognizeSynchronously(samples)
            let after = try with.recognizeSynchronously(samples)
            #expect(!before.isRejected, "\(name): \"\(before.transcript)\" rejected without the part")
            #expect(after.transcript == before.transcript)
            #expect(after.isRejected, "\(name): \"\(after.transcript)\" accepted at \(after.acousticConfidence)")
            let loop = try #require(after.evidence?.wordLoopMargin)
            #expect(loop < shipped.acceptance.wordLoopCenter, "\(name): word-loop margin \(loop)")
        }
    }
}
