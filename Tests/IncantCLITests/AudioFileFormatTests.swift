import Foundation
import IncantTestSupport
import Testing

/// Recordings in formats other than WAV (FLAC, Ogg Vorbis), read through libsndfile, are heard
/// as the same recording in WAV; a file that is no audio is named, and the others still heard.
@Suite("audio files other than WAV", .tags(.slow), .skippedWhenFast)
struct AudioFileFormatTests {
    static func lines(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func flacAndOggAreDecidedAsTheWAV() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let wav = try await Speech.recording(["set a timer for five minutes"], in: cli.home)
        let flac = cli.home.appendingPathComponent("timer.flac").path
        let stereo = cli.home.appendingPathComponent("timer-44k-stereo.flac").path
        let ogg = cli.home.appendingPathComponent("timer.ogg").path
        let broken = cli.home.appendingPathComponent("notes.flac").path
        try TestProcess.sox([wav, flac])
        try TestProcess.sox([wav, "-r", "44100", "-c", "2", "-b", "24", stereo])
        try TestProcess.sox([wav, ogg])
        try Data("not audio at all\n".utf8).write(to: URL(fileURLWithPath: broken))

        let result = try await cli.run(
            ["recognize", "--json", "--shortcuts", CLIRunner.demo, wav, flac, broken, stereo, ogg])
        #expect(result.status != 0, "a file that is no audio fails the run")
        #expect(
            result.stderr.contains("'\(broken)' is neither a WAV file nor audio Incant can decode"), "\(result.stderr)")
        let heard = try Self.lines(result.stdout)
        #expect(heard.compactMap { $0["file"] as? String } == [wav, flac, stereo, ogg])
        let expected = try #require(heard.first)
        #expect(expected["shortcut"] as? String == "set-timer", "\(expected)")
        // FLAC is lossless: the same samples, the same decision to the digit.
        #expect(heard[1]["transcript"] as? String == expected["transcript"] as? String)
        #expect("\(heard[1]["confidence"] ?? "")" == "\(expected["confidence"] ?? "")")
        for line in heard.dropFirst(2) {
            #expect(line["shortcut"] as? String == "set-timer", "\(line)")
            #expect(line["transcript"] as? String == expected["transcript"] as? String, "\(line)")
        }
    }

    @Test func aWakeWordRecordingInFLACIsSpottedAsItsWAV() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        // A real recording of the benchmark, as it was shared (FLAC).
        let flac = CLIRunner.repository.deletingLastPathComponent()
            .appendingPathComponent("shared/speech/wakeword/alexa/0.flac").path
        let wav = cli.home.appendingPathComponent("alexa.wav").path
        try TestProcess.sox([flac, wav])
        let result = try await cli.run(["spot", "--wake", "alexa", "--json", flac, wav])
        #expect(result.status == 0, "\(result.stderr)")
        let spotted = try Self.lines(result.stdout)
        try #require(spotted.count == 2)
        // Each detection as its numbers, in a fixed order (a dictionary's keys print in any order).
        let detections = spotted.map { line in
            ((line["detections"] as? [[String: Any]]) ?? []).map { detection in
                ["start", "end", "confidence"].map { "\(detection[$0] ?? "none")" }
            }
        }
        #expect(detections[0] == detections[1], "\(spotted)")
        #expect(detections[0].count == 1, "\(spotted[0])")
    }
}
