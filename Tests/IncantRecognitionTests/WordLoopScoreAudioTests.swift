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
        return try WakeWordDetectorTests.recording(folder.appendingPathComponent(name), scratch: scratch)
    }

    /// Recognizers of the catalog with or without "alexa": with the shipped options, and with
    /// the same without the part (and without the poor-word floor, which stops some of the
    /// same short speech on its own).
    static func recognizers(withAlexa: Bool) throws -> (shipped: GrammarRecognizer, without: GrammarRecognizer) {
        let shipped = try VoicedBackgroundTests.shippedOptions()
        var without = shipped
        without.acceptance.wordLoopWeight = 0
        without.acceptance.poorWordMargin = nil
        let catalog = try catalog(withAlexa: withAlexa)
        return (
            try GrammarRecognizer(catalog: catalog, options: shipped),
            try GrammarRecognizer(catalog: catalog, options: without)
        )
    }

    /// A speaker whose "alexa", band-limited with reverb, the free phone loop fits better than
    /// the phrase by more than the margin centre allows, while the word fits its frames clearly
    /// better than common words do.
    static let heldWell = ["59.flac"]

    /// Speakers whose "alexa", said to phrases without it, passes the margin centre as a short
    /// home phrase ("play the next song") that the common words explain about as well.
    static let levelWithCommonWords = ["256.flac"]

    @Test func aPhraseHeldWellAgainstCommonWordsIsAcceptedDespiteThePhoneLoop() throws {
        let (with, plain) = try Self.recognizers(withAlexa: true)
        let shipped = with.options.acceptance
        for name in Self.heldWell {
            let samples = try Speech.inReverberantRoom(try Self.recording(name))
            let before = try plain.recognizeSynchronously(samples)
            let after = try with.recognizeSynchronously(samples)
            #expect(before.transcript == "alexa" && after.transcript == "alexa", "\(name)")
            #expect(before.isRejected, "\(name): accepted at \(before.acousticConfidence) without the part")
            #expect(!after.isRejected, "\(name): rejected at \(after.acousticConfidence)")
            let evidence = try #require(after.evidence)
            let loop = try #require(evidence.wordLoopMargin)
            #expect(loop > shipped.wordLoopCenter, "\(name): word-loop margin \(loop)")
            #expect(shipped.confidence(evidence) > plain.options.acceptance.confidence(evidence))
        }
    }

    @Test func shortSpeechLevelWithCommonWordsIsNoLongerRun() throws {
        let (with, plain) = try Self.recognizers(withAlexa: false)
        let shipped = with.options.acceptance
        for name in Self.levelWithCommonWords {
            let samples = try Self.recording(name)
            let before = try plain.recognizeSynchronously(samples)
            let after = try with.recognizeSynchronously(samples)
            #expect(!before.isRejected, "\(name): \"\(before.transcript)\" rejected without the part")
            #expect(after.transcript == before.transcript)
            #expect(after.isRejected, "\(name): \"\(after.transcript)\" accepted at \(after.acousticConfidence)")
            let loop = try #require(after.evidence?.wordLoopMargin)
            #expect(loop < shipped.wordLoopCenter, "\(name): word-loop margin \(loop)")
        }
    }
}
