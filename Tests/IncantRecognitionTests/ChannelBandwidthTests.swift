import Foundation
import IncantCapture
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// How much of the spectrum a channel carries, and the wider contrast margin on a narrow one.
@Suite("Channel bandwidth")
struct ChannelBandwidthTests {
    /// `samples` through sox `effects` (16 kHz mono in and out).
    static func through(_ samples: [Int16], _ effects: [String]) throws -> [Int16] {
        let folder = try TestAudio.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dry = folder.appendingPathComponent("dry.wav").path
        let wet = folder.appendingPathComponent("wet.wav").path
        try WAVFile.write(samples, to: dry)
        try TestProcess.sox([dry, wet] + effects)
        return try WAVFile.readSamples(path: wet)
    }

    @Test("real and synthesized wide-band speech keeps its high band; a narrow channel loses it")
    func narrowChannelsAreFound() throws {
        let threshold = RecognizerOptions().narrowBandLevel
        var wide = [try Speech.synthesize("turn off the kitchen lights")]
        if SharedSpeech.isAvailable {
            let clips = try FileManager.default.contentsOfDirectory(
                atPath: SharedSpeech.coffeeDirectory.appendingPathComponent("clean").path
            ).sorted().enumerated().filter { $0.offset % 40 == 0 }.map(\.element)
            wide += try clips.map { try SharedSpeech.samples(of: $0) }
        }
        let options = RecognizerOptions()
        for samples in wide {
            let measured = try #require(ChannelBandwidth(samples: samples))
            let level = measured.highBandLevel
            #expect(level > threshold, "wide-band speech measured as narrow: \(level) dB")
            #expect(!options.isTelephoneBand(measured))
            // A far microphone in a reverberant room, band-limited to 200–5000 Hz.
            let roomChannel = try #require(ChannelBandwidth(samples: try Speech.inReverberantRoom(samples)))
            let room = roomChannel.highBandLevel
            #expect(room <= threshold, "200–5000 Hz measured as wide: \(room) dB")
            #expect(
                !options.isTelephoneBand(roomChannel), "200–5000 Hz measured as a telephone band: \(roomChannel)")
            // A telephone line: 8 kHz sampling.
            let phoneChannel = try #require(
                ChannelBandwidth(samples: try Self.through(samples, ["rate", "8000", "rate", "16000"])))
            let phone = phoneChannel.highBandLevel
            #expect(phone <= threshold, "8 kHz sampling measured as wide: \(phone) dB")
            #expect(
                options.isTelephoneBand(phoneChannel),
                "8 kHz sampling not measured as a telephone band: \(phoneChannel)")
            #expect(room < level - 20 && phone < level - 20)
        }
        #expect(ChannelBandwidth(samples: [Int16](repeating: 0, count: 100)) == nil)
    }

    @Test("the power spectrum puts a tone in its own bin")
    func spectrumOfATone() {
        let spectrum = RealSpectrum(size: 512)
        let bin = 96  // 3 kHz at 16 kHz
        let tone = (0..<512).map { sin(2 * Double.pi * Double(bin) * Double($0) / 512) }
        let power = spectrum.power(of: tone)
        #expect(power.count == 257)
        #expect(power.indices.max { power[$0] < power[$1] } == bin)
        #expect(abs(power[bin] - 256 * 256) < 1e-6 * 256 * 256)
        #expect(power.enumerated().filter { $0.offset != bin }.allSatisfy { $0.element < 1e-12 * power[bin] })
    }

    @Test("on a narrow channel the contrast margin widens; on a wide one, or unmeasured, it stays")
    func narrowChannelWidensTheMargin() {
        var options = RecognizerOptions()
        let narrow = options.narrowBandLevel
        #expect(options.contrastMargin(wordsAboveBackground: 40, highBandLevel: narrow - 20) == 200)
        #expect(options.contrastMargin(wordsAboveBackground: 40, highBandLevel: narrow) == 200)
        #expect(options.contrastMargin(wordsAboveBackground: 40, highBandLevel: narrow + 1) == 0)
        #expect(options.contrastMargin(wordsAboveBackground: 40, highBandLevel: nil) == 0)
        // A wider margin for loudness is kept; nil turns the narrow one off.
        options.noisyContrastMargin = 300
        #expect(options.contrastMargin(wordsAboveBackground: 0, highBandLevel: narrow - 20) == 300)
        options.noisyContrastMargin = nil
        options.narrowBandContrastMargin = nil
        #expect(options.contrastMargin(wordsAboveBackground: 40, highBandLevel: narrow - 20) == 0)
        // Measuring contrasts without contesting any stays so on any channel.
        options.narrowBandContrastMargin = 200
        options.contrastMargin = -.infinity
        #expect(options.contrastMargin(wordsAboveBackground: 40, highBandLevel: narrow - 20) == -.infinity)
    }

    @Test(
        "the recognizer measures the channel of a transcript with contrasts and asks on a narrow one",
        .tags(.slow), .skippedWhenFast)
    func recognizerWidensOnNarrowChannels() throws {
        var options = RecognizerOptions()
        // Every contrast within any margin counts on a narrow channel, none on a wide one: the
        // wiring is what is tested here, not where the margin lies.
        options.narrowBandContrastMargin = 1e12
        let recognizer = try GrammarRecognizer(catalog: try DemoCatalog.load(), options: options)
        let sentence = "turn off the kitchen lights"
        let wide = try recognizer.recognizeSynchronously(try Speech.synthesize(sentence))
        try #require(wide.transcript == sentence, "heard \"\(wide.transcript)\"")
        #expect((wide.highBandLevel ?? -.infinity) > options.narrowBandLevel)
        #expect(wide.contested.isEmpty, "\(wide.contested)")
        // A microphone that passes 200–5000 Hz.
        let narrow = try recognizer.recognizeSynchronously(
            try Self.through(try Speech.synthesize(sentence), ["sinc", "200-5000"]))
        try #require(
            !narrow.isRejected && !narrow.contrasts.isEmpty,
            "\(narrow.transcript) (\(narrow.acousticConfidence)) \(narrow.contrasts)")
        #expect((narrow.highBandLevel ?? 0) <= options.narrowBandLevel)
        #expect(!narrow.contested.isEmpty)
    }
}
