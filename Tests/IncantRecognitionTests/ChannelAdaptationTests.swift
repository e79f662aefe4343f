import Foundation
import IncantCapture
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// The transform for narrow channels: switched on for a narrow channel, off again for a wide
/// one, and left alone once the user's own transform is applied.
@Suite("Adaptation to narrow channels", .serialized)
struct ChannelAdaptationTests {
    /// The project's transform for narrow channels.
    static let narrowBand = SharedSpeech.repositoryRoot.appendingPathComponent("models/narrow-band.mllr").path

    @Test("the identity transform has the shape it was asked for and reads back")
    func identity() throws {
        let identity = MLLRTransform.identity(classes: 2, streamWidths: [13, 13, 13])
        let read = try MLLRTransform(text: identity.text, source: "identity")
        #expect(read.classes == 2 && read.streamWidths == [13, 13, 13])
        #expect(read == identity)
        let rows = identity.text.split(separator: "\n")
        // Two classes of 13 rows of A, b and the variance scales, per stream.
        #expect(rows.count == 2 + 3 * (1 + 2 * 15))
        #expect(rows[3] == "1.0" + String(repeating: " 0.0", count: 12))
    }

    /// The project's transform for band-limited channels.
    static let bandLimited = SharedSpeech.repositoryRoot.appendingPathComponent("models/band-limited.mllr").path

    @Test("the project's transforms read as transforms of the shipped model")
    func projectTransform() throws {
        for path in [Self.narrowBand, Self.bandLimited] {
            let transform = try MLLRTransform(contentsOf: path)
            #expect(transform.classes == 1, "\(path)")
            #expect(transform.streamWidths.reduce(0, +) == 39, "\(path)")
        }
    }

    /// What decides a recognition, for comparing two recognizers on the same audio.
    static func outcome(_ recognition: SpeechRecognition) -> String {
        "\(recognition.transcript) \(recognition.scoreMargin) \(recognition.acousticConfidence)"
    }

    /// The demo phrases' recognizer as shipped without transforms, one with the channel
    /// transforms `configure` sets, and one started with the project's transform.
    static func recognizers(
        _ configure: (inout RecognizerOptions) -> Void
    ) throws -> (plain: GrammarRecognizer, switching: GrammarRecognizer, adapted: GrammarRecognizer) {
        let catalog = try DemoCatalog.load()
        var options = RecognizerOptions()
        configure(&options)
        var adapted = RecognizerOptions()
        adapted.decoder.adaptation = Self.narrowBand
        return (
            try GrammarRecognizer(catalog: catalog), try GrammarRecognizer(catalog: catalog, options: options),
            try GrammarRecognizer(catalog: catalog, options: adapted)
        )
    }

    @Test(
        "a narrow channel is decoded with the transform, a wide one as shipped, in either order",
        .tags(.slow), .skippedWhenFast)
    func switchesWithTheChannel() throws {
        let (plain, switching, adapted) = try Self.recognizers { $0.narrowBandAdaptation = Self.narrowBand }
        let options = switching.options

        let wide = try Speech.synthesize("turn off the kitchen lights")
        let narrow = try ChannelBandwidthTests.through(wide, ["rate", "8000", "rate", "16000"])
        // Wide, narrow, wide again: each decoded as the recognizer with the right model decodes it.
        let first = try switching.recognizeSynchronously(wide)
        #expect(Self.outcome(first) == Self.outcome(try plain.recognizeSynchronously(wide)))
        let heard = try switching.recognizeSynchronously(narrow)
        #expect((heard.highBandLevel ?? 0) <= options.narrowBandLevel)
        #expect(Self.outcome(heard) == Self.outcome(try adapted.recognizeSynchronously(narrow)))
        #expect(Self.outcome(heard) != Self.outcome(try plain.recognizeSynchronously(narrow)))
        let again = try switching.recognizeSynchronously(wide)
        #expect(Self.outcome(again) == Self.outcome(first))
        #expect((again.highBandLevel ?? -.infinity) > options.narrowBandLevel)

        // The user's own transform is kept for every channel from then on.
        try switching.applyAdaptation(Self.narrowBand)
        #expect(
            Self.outcome(try switching.recognizeSynchronously(wide))
                == Self.outcome(try adapted.recognizeSynchronously(wide)))
    }

    @Test("going back to the model as shipped leaves no file behind, while the recognizer lives on")
    func identityLeavesNoFile() throws {
        let scratch = try TestAudio.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let adaptation = try #require(
            try ChannelAdaptation(telephoneBand: Self.narrowBand, bandLimited: nil, scratch: scratch))
        let decoder = try PocketSphinxDecoder()
        var held = ChannelAdaptation.Held.model(for: .wide)
        try ChannelAdaptation.hold(.telephoneBand, &held, adaptation: adaptation, decoders: [decoder])
        #expect(held == .model(for: .telephoneBand))
        try ChannelAdaptation.hold(.wide, &held, adaptation: adaptation, decoders: [decoder])
        #expect(held == .model(for: .wide))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
        // A folder it cannot write in: the switch fails with the reason, and says it is unsettled.
        held = .model(for: .telephoneBand)
        let missing = try #require(
            try ChannelAdaptation(
                telephoneBand: Self.narrowBand, bandLimited: nil,
                scratch: scratch.appendingPathComponent("missing/deeper")))
        #expect(throws: (any Error).self) {
            try ChannelAdaptation.hold(.wide, &held, adaptation: missing, decoders: [decoder])
        }
        #expect(held == .unsettled)
    }

    @Test(
        "a band-limited channel gets its own transform, a telephone band the other",
        .tags(.slow), .skippedWhenFast)
    func eachNarrowChannelItsTransform() throws {
        let (plain, switching, adapted) = try Self.recognizers { $0.bandLimitedAdaptation = Self.narrowBand }

        let wide = try Speech.synthesize("turn on the bedroom lights")
        let band = try ChannelBandwidthTests.through(wide, ["sinc", "200-5000"])
        let phone = try ChannelBandwidthTests.through(wide, ["rate", "8000", "rate", "16000"])
        // 200–5000 Hz: this recognizer's band-limited transform; a telephone band has none here.
        #expect(
            Self.outcome(try switching.recognizeSynchronously(band))
                == Self.outcome(try adapted.recognizeSynchronously(band)))
        #expect(
            Self.outcome(try switching.recognizeSynchronously(phone))
                == Self.outcome(try plain.recognizeSynchronously(phone)))
        #expect(
            Self.outcome(try switching.recognizeSynchronously(band))
                != Self.outcome(try plain.recognizeSynchronously(band)))
    }

    @Test("words decoded with the band-limited transform are held to its word-loop floor, others to the policy's")
    func bandLimitedWordLoopFloor() {
        var options = RecognizerOptions()
        options.bandLimitedWordLoopMargin = 0
        let floor = { (held: ChannelAdaptation.Held) in
            GrammarRecognizer.acceptance(options, holding: held).minimumWordLoopMargin
        }
        #expect(options.acceptance.minimumWordLoopMargin == -4)
        #expect(floor(.model(for: .bandLimited)) == 0)
        for other in [ChannelAdaptation.Held.model(for: .wide), .model(for: .telephoneBand), .other, .unsettled] {
            #expect(floor(other) == -4, "\(other)")
        }
        // A floor below the policy's does not lower it, and no policy floor means no check.
        options.bandLimitedWordLoopMargin = -10
        #expect(floor(.model(for: .bandLimited)) == -4)
        options.bandLimitedWordLoopMargin = 0
        options.acceptance.minimumWordLoopMargin = nil
        #expect(floor(.model(for: .bandLimited)) == nil)
    }

    @Test("a recognizer that starts with the user's transform never switches it")
    func usersTransformWins() throws {
        var options = RecognizerOptions()
        options.narrowBandAdaptation = Self.narrowBand
        options.decoder.adaptation = Self.narrowBand
        let recognizer = try GrammarRecognizer(catalog: try DemoCatalog.load(), options: options)
        #expect(recognizer.channelAdaptation == nil)
    }

    @Test("a transform that is not one is refused with its file named")
    func badTransform() throws {
        let folder = try TestAudio.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bad.mllr").path
        try Data("1\n1\n13\nnot a number\n".utf8).write(to: URL(fileURLWithPath: path))
        var options = RecognizerOptions()
        options.narrowBandAdaptation = path
        #expect {
            _ = try GrammarRecognizer(catalog: try DemoCatalog.load(), options: options)
        } throws: { error in
            "\(error)".contains(path)
        }
    }
}
