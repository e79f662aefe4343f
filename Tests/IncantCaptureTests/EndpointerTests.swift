import Foundation
import IncantTestSupport
import Testing

@testable import IncantCapture

@Suite("Endpointer")
struct EndpointerTests {
    @Test("finds three bursts in background noise with accurate boundaries")
    func threeBursts() {
        var audio = TestAudio.noise(seconds: 6)
        let starts = [1.0, 2.6, 4.3]
        for start in starts {
            TestAudio.mix(TestAudio.burst(seconds: 0.8), into: &audio, at: Int(start * 16_000))
        }
        for chunk in [160, 333, 1_600] {
            let found = TestAudio.utterances(in: audio, chunk: chunk)
            #expect(found.count == 3, "chunk \(chunk)")
            for (utterance, start) in zip(found, starts) {
                TestAudio.expectNear(utterance.speechStartSample, start, "speech start")
                TestAudio.expectNear(utterance.speechEndSample, start + 0.8, "speech end")
                TestAudio.expectNear(utterance.startSample, start - 0.25, "pre-roll start")
                TestAudio.expectNear(utterance.endSample, start + 0.8 + 0.15, "post-roll end")
                #expect(utterance.endReason == .silence)
                #expect(Array(audio[utterance.startSample..<utterance.endSample]) == utterance.samples)
            }
        }
    }

    @Test("short clicks are not utterances")
    func clicksIgnored() {
        var audio = TestAudio.noise(seconds: 3)
        TestAudio.mix(TestAudio.burst(seconds: 0.04, amplitude: 20_000), into: &audio, at: 16_000)
        TestAudio.mix(TestAudio.burst(seconds: 0.6), into: &audio, at: 32_000)
        let found = TestAudio.utterances(in: audio)
        #expect(found.count == 1)
        TestAudio.expectNear(found.first?.speechStartSample ?? 0, 2.0, "speech start")
    }

    @Test("pauses shorter than the trailing silence do not split an utterance")
    func shortPauseKeepsUtterance() {
        var audio = TestAudio.noise(seconds: 4)
        TestAudio.mix(TestAudio.burst(seconds: 0.5), into: &audio, at: 16_000)
        TestAudio.mix(TestAudio.burst(seconds: 0.5), into: &audio, at: 16_000 + 8_000 + 3_200)  // 200 ms gap
        #expect(TestAudio.utterances(in: audio).count == 1)
        let patient = EndpointerSettings(trailingSilence: .milliseconds(150))
        #expect(TestAudio.utterances(in: audio, settings: patient).count == 2)
    }

    @Test("long speech is cut at the maximum length and memory stays bounded")
    func maximumLength() {
        var audio = TestAudio.noise(seconds: 12)
        TestAudio.mix(TestAudio.burst(seconds: 10), into: &audio, at: 16_000)
        let settings = EndpointerSettings(maximumUtterance: .seconds(3))
        let found = TestAudio.utterances(in: audio, settings: settings)
        #expect(found.count == 4)
        #expect(found.allSatisfy { $0.samples.count <= 3 * 16_000 })
        #expect(found.prefix(3).allSatisfy { $0.endReason == .maximumLength })
        #expect(found.last?.endReason == .silence)
    }

    @Test("speech running into the end of the stream is returned")
    func endOfStream() {
        var audio = TestAudio.noise(seconds: 2)
        TestAudio.mix(TestAudio.burst(seconds: 1), into: &audio, at: 16_000)
        let found = TestAudio.utterances(in: audio)
        #expect(found.count == 1)
        #expect(found.first?.endReason == .endOfStream)
        #expect(found.first?.endSample == 32_000)
    }

    @Test("digital silence never triggers")
    func digitalSilence() {
        #expect(TestAudio.utterances(in: [Int16](repeating: 0, count: 48_000)).isEmpty)
        #expect(TestAudio.utterances(in: TestAudio.noise(seconds: 3, level: -45)).isEmpty)
    }

    @Test("synthesized sentences are found one by one")
    func synthesizedSpeech() async throws {
        let directory = try TestAudio.scratchDirectory()
        let sentences = ["turn on the kitchen lights", "what time is it", "play some music"]
        var audio = TestAudio.noise(seconds: 0.8)
        var spans: [(start: Double, end: Double)] = []
        for (index, sentence) in sentences.enumerated() {
            let path = directory.appendingPathComponent("\(index).wav").path
            try Speech.speakTrimmed(sentence, to: path)
            let speech = try WAVFile.readSamples(path: path)
            let start = Double(audio.count) / 16_000
            var padded = TestAudio.noise(seconds: Double(speech.count) / 16_000 + 1.0, seed: UInt64(index + 2))
            TestAudio.mix(speech, into: &padded, at: 0)
            audio += padded
            spans.append((start, start + Double(speech.count) / 16_000))
        }
        let path = directory.appendingPathComponent("all.wav").path
        try WAVFile.write(audio, to: path)

        var found: [Utterance] = []
        for try await utterance in WAVFileSource(path: path).frames().utterances() {
            found.append(utterance)
        }
        #expect(found.count == sentences.count)
        for (utterance, span) in zip(found, spans) {
            TestAudio.expectNear(utterance.speechStartSample, span.start, tolerance: 0.1, "speech start")
            TestAudio.expectNear(utterance.speechEndSample, span.end, tolerance: 0.15, "speech end")
        }
    }
}

@Suite("Endpointer: settled utterances")
struct SettledUtteranceTests {
    /// Feeds `audio` in `chunk`-sample pieces and returns each distinct settled utterance seen
    /// between chunks, and the closed utterances.
    static func run(
        _ audio: [Int16], chunk: Int, settings: EndpointerSettings = EndpointerSettings()
    ) -> (settled: [Utterance], closed: [Utterance]) {
        var endpointer = Endpointer(settings: settings)
        var settled: [Utterance] = []
        var closed: [Utterance] = []
        var start = 0
        while start < audio.count {
            let end = min(audio.count, start + chunk)
            closed += endpointer.process(audio[start..<end])
            if let current = endpointer.settledUtterance, settled.last?.speechEndSample != current.speechEndSample {
                settled.append(current)
            }
            start = end
        }
        if let last = endpointer.finish() { closed.append(last) }
        return (settled, closed)
    }

    /// Feeds `audio` one 10 ms frame at a time: the first settled utterance and the stream
    /// position where it appeared, the position where the first utterance closed, and the closed
    /// utterances.
    static func feedFrames(
        _ audio: [Int16], settings: EndpointerSettings = EndpointerSettings()
    ) -> (firstSettled: (at: Int, utterance: Utterance)?, closedAt: Int?, closed: [Utterance]) {
        var endpointer = Endpointer(settings: settings)
        var firstSettled: (at: Int, utterance: Utterance)?
        var closedAt: Int?
        var closed: [Utterance] = []
        for start in stride(from: 0, to: audio.count, by: 160) {
            let found = endpointer.process(audio[start..<min(audio.count, start + 160)])
            if firstSettled == nil, let settled = endpointer.settledUtterance { firstSettled = (start + 160, settled) }
            if !found.isEmpty, closedAt == nil { closedAt = start + 160 }
            closed += found
        }
        return (firstSettled, closedAt, closed)
    }

    @Test("settled after the whole post-roll, the utterance has exactly the samples the silence closes")
    func settledEqualsClosed() {
        var audio = TestAudio.noise(seconds: 5)
        TestAudio.mix(TestAudio.burst(seconds: 0.8), into: &audio, at: 16_000)
        TestAudio.mix(TestAudio.burst(seconds: 0.6), into: &audio, at: 48_000)
        var settings = EndpointerSettings()
        settings.speculationDelay = settings.postRoll
        for chunk in [160, 320, 333] {
            let (settled, closed) = Self.run(audio, chunk: chunk, settings: settings)
            #expect(closed.count == 2, "chunk \(chunk)")
            // Each closed utterance was announced as settled first, identical in every field.
            for utterance in closed {
                #expect(settled.contains(utterance), "chunk \(chunk): closed at \(utterance.endSample)")
            }
        }
    }

    @Test("a settled utterance is available before the close, and is replaced when speech resumes")
    func settledBeforeCloseAndReplacedOnResume() throws {
        var audio = TestAudio.noise(seconds: 4)
        TestAudio.mix(TestAudio.burst(seconds: 0.5), into: &audio, at: 16_000)
        // A 220 ms pause: longer than the speculation delay (settled), shorter than the trailing silence.
        TestAudio.mix(TestAudio.burst(seconds: 0.5), into: &audio, at: 16_000 + 8_000 + 3_520)
        let (firstSettled, closedAt, closed) = Self.feedFrames(audio)
        let settled = try #require(firstSettled)
        let close = try #require(closedAt)
        let last = try #require(closed.first)
        #expect(closed.count == 1)
        // The first settled utterance came during the pause and was not the final one.
        #expect(settled.utterance.samples.count < last.samples.count)
        #expect(settled.at < 16_000 + 8_000 + 3_520)
        // The utterance closes when the trailing silence (300 ms) has passed after the last speech.
        #expect(close - last.speechEndSample == 4_800)
    }

    @Test("settling early: final length and heard samples, the unheard post-roll filled with the silence heard")
    func earlySpeculation() throws {
        var audio = TestAudio.noise(seconds: 3)
        TestAudio.mix(TestAudio.burst(seconds: 0.8), into: &audio, at: 16_000)
        var settings = EndpointerSettings()
        settings.speculationDelay = .milliseconds(50)
        let (firstSettled, closedAt, closed) = Self.feedFrames(audio, settings: settings)
        let settled = try #require(firstSettled)
        let final = try #require(closed.first)
        let close = try #require(closedAt)
        #expect(closed.count == 1)
        // Offered 50 ms after the last speech, 250 ms before the close.
        #expect(settled.at == final.speechEndSample + 800)
        #expect(close - settled.at == 4_000)
        // Same positions and length; the same samples up to what had been heard.
        #expect(settled.utterance.startSample == final.startSample)
        #expect(settled.utterance.samples.count == final.samples.count)
        #expect(settled.utterance.speechEndSample == final.speechEndSample)
        let heard = settled.at - final.startSample
        #expect(Array(settled.utterance.samples[..<heard]) == Array(final.samples[..<heard]))
        // The rest repeats the 50 ms of silence heard after the last speech frame.
        let silenceStart = final.speechEndSample - final.startSample
        let silence = Array(settled.utterance.samples[silenceStart..<heard])
        #expect(silence.count == 800)
        let tail = Array(settled.utterance.samples[heard...])
        #expect(tail.count == 1_600)
        #expect(tail == Array((silence + silence).prefix(1_600)))
        // Still background: nothing louder than the quiet room.
        #expect(tail.map { abs(Int($0)) }.max() ?? 0 < 200)
    }
}
