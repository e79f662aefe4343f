import Foundation
import IncantCapture
import IncantTestSupport
import Testing

/// `incant recognize` decodes a telephone-band recording with the project's transform for
/// narrow channels (`models/narrow-band.mllr`), a band-limited one with its transform for
/// band-limited channels (`models/band-limited.mllr`), and holds the words against the project's
/// common words (`models/common-words.txt`), all found as the project's dictionary is.
@Suite("The project's models: narrow channels, common words", .tags(.slow), .skippedWhenFast)
struct NarrowBandTests {
    @Test(.enabled(if: Speech.canSynthesize))
    func recognizeUsesTheProjectsTransform() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let wide = cli.home.appendingPathComponent("wide.wav").path
        let phone = cli.home.appendingPathComponent("phone.wav").path
        try WAVFile.write(try Speech.synthesize("turn off the kitchen lights"), to: wide)
        try TestProcess.sox([wide, phone, "rate", "8000", "rate", "16000"])
        let band = cli.home.appendingPathComponent("band.wav").path
        try TestProcess.sox([wide, band, "sinc", "200-5000"])
        // The project's models folder, and a copy of it without the transform.
        let shipped = CLIRunner.repository.appendingPathComponent("models").path
        let without = cli.home.appendingPathComponent("models")
        try FileManager.default.createDirectory(at: without, withIntermediateDirectories: true)
        for file in ["manifest.yaml", "dictionary.dict"] {
            try FileManager.default.copyItem(
                atPath: shipped + "/" + file, toPath: without.appendingPathComponent(file).path)
        }
        func margin(_ file: String, models: String) async throws -> (
            accepted: Bool, margin: Double, wordLoopMargin: Double?
        ) {
            let result = try await cli.run(
                ["recognize", "--json", file, "--shortcuts", CLIRunner.demo],
                extraEnvironment: ["INCANT_MODELS": models])
            #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
            let report = try result.json()
            #expect(report["transcript"] as? String == "turn off the kitchen lights", "\(report)")
            let evidence = try #require(report["evidence"] as? [String: Any])
            return (
                report["accepted"] as? Bool ?? false, try #require(evidence["meanWordMargin"] as? Double),
                evidence["wordLoopMargin"] as? Double
            )
        }
        // Through a telephone band the transform moves the words' margin; wide-band speech is
        // decoded as shipped either way.
        let adapted = try await margin(phone, models: shipped)
        let plain = try await margin(phone, models: without.path)
        #expect(adapted.accepted)
        #expect(adapted.margin > plain.margin + 5, "\(adapted) against \(plain)")
        // Band-limited to 200–5000 Hz, the other transform moves it, and the words clear the
        // loop of common words by more than that channel's floor (0).
        let adaptedBand = try await margin(band, models: shipped)
        let plainBand = try await margin(band, models: without.path)
        #expect(adaptedBand.accepted)
        #expect(adaptedBand.margin > plainBand.margin + 2, "\(adaptedBand) against \(plainBand)")
        #expect((adaptedBand.wordLoopMargin ?? -.infinity) > 0, "\(adaptedBand)")
        let wideShipped = try await margin(wide, models: shipped)
        let widePlain = try await margin(wide, models: without.path)
        #expect(wideShipped.margin == widePlain.margin && wideShipped.accepted && widePlain.accepted)
        // The words are held against the common words only where the project ships them, and
        // said as the phrase, they fit it better than any run of common words.
        #expect((wideShipped.wordLoopMargin ?? -.infinity) > -4, "\(wideShipped)")
        #expect(widePlain.wordLoopMargin == nil)
    }
}
