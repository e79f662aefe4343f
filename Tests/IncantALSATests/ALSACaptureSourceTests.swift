import Foundation
import IncantCapture
import IncantTestSupport
import Testing

@testable import IncantALSA

/// The real ALSA capture path, with no sound card: the `file` plugin reads a raw file
/// (`infile`) over a `null` slave.
@Suite("ALSA capture")
struct ALSACaptureSourceTests {
    /// Writes `samples` as a raw file and returns a source replaying it through ALSA.
    static func replaySource(of samples: [Int16], frameLimit: Int?) throws -> ALSACaptureSource {
        let directory = try TestAudio.scratchDirectory()
        let raw = directory.appendingPathComponent("capture.raw").path
        try TestAudio.bytes(of: samples).write(to: URL(fileURLWithPath: raw))
        return ALSACaptureSource(
            device: "incant_replay",
            configuration: ALSACaptureSource.fileReplayConfiguration(pcmName: "incant_replay", rawFile: raw),
            frameLimit: frameLimit
        )
    }

    @Test("captured samples equal the replayed file")
    func capturesFileSamples() async throws {
        let samples = TestAudio.burst(seconds: 1.234) + TestAudio.noise(seconds: 0.5, level: -30)
        let source = try Self.replaySource(of: samples, frameLimit: samples.count)
        var chunks: [[Int16]] = []
        for try await chunk in source.frames() {
            chunks.append(chunk)
        }
        #expect(Array(chunks.joined()) == samples)
        // About 20 ms periods.
        #expect((160...640).contains(chunks.first?.count ?? 0))
    }

    @Test("after the end of the infile ALSA repeats stale periods instead of ending")
    func endOfInfile() async throws {
        let samples = TestAudio.burst(seconds: 0.5)
        let source = try Self.replaySource(of: samples, frameLimit: samples.count * 3)
        let captured = try await TestAudio.collect(source)
        #expect(captured.count == samples.count * 3)
        #expect(Array(captured.prefix(samples.count)) == samples)
    }

    @Test("utterances come out of a replayed recording, and the first can be taken alone")
    func utterancesThroughALSA() async throws {
        var audio = TestAudio.noise(seconds: 4)
        TestAudio.mix(TestAudio.burst(seconds: 0.7), into: &audio, at: 16_000)
        TestAudio.mix(TestAudio.burst(seconds: 0.7), into: &audio, at: 40_000)

        var found: [Utterance] = []
        for try await utterance in try Self.replaySource(of: audio, frameLimit: audio.count).frames().utterances() {
            found.append(utterance)
        }
        #expect(found.count == 2)
        TestAudio.expectNear(found.first?.speechStartSample ?? 0, 1.0, "first speech start")

        // "--once": no frame limit; stop after the first utterance, which cancels capture.
        var iterator = try Self.replaySource(of: audio, frameLimit: nil).frames().utterances().makeAsyncIterator()
        let first = try await iterator.next()
        TestAudio.expectNear(first?.speechStartSample ?? 0, 1.0, "once: speech start")
    }

    @Test("a missing device is an error naming it")
    func missingDevice() async throws {
        let source = ALSACaptureSource(device: "incant_no_such_device")
        do {
            _ = try await TestAudio.collect(source)
            Issue.record("opening a missing device succeeded")
        } catch let error as CaptureError {
            guard case .deviceUnavailable(let device, let message) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(device == "incant_no_such_device")
            #expect(error.description.contains("'incant_no_such_device'"))
            #expect(message.contains("Unknown PCM"), "ALSA's message: \(message)")
        }
    }

    @Test("a missing sound card is an error naming the device")
    func missingCard() async throws {
        let source = ALSACaptureSource(device: "hw:17,0")
        let error = await #expect(throws: CaptureError.self) { _ = try await TestAudio.collect(source) }
        #expect(error?.description.contains("'hw:17,0'") == true)
    }

    @Test("invalid configuration text is reported")
    func invalidConfiguration() async throws {
        let source = ALSACaptureSource(device: "x", configuration: "pcm.x { type file ")
        let error = await #expect(throws: CaptureError.self) { _ = try await TestAudio.collect(source) }
        #expect(error?.description.contains("invalid ALSA configuration") == true)
    }
}
