import Foundation
import IncantTestSupport
import Testing

@testable import IncantCapture

/// Speech that resumes after a short pause, found as the rest of the utterance before it.
@Suite("The utterance that follows after a pause")
struct UtteranceFollowerTests {
    /// Bursts of 0.5 s with the given pauses of quiet between them (each longer than the
    /// 300 ms of trailing silence, so each burst is an utterance of its own), then 0.5 s of quiet.
    static func bursts(pauses: [Double]) -> [Int16] {
        var samples = TestAudio.noise(seconds: 0.5, seed: 7)
        for (index, pause) in ([nil] + pauses.map(Optional.some)).enumerated() {
            if let pause { samples += TestAudio.noise(seconds: pause, seed: UInt64(index)) }
            samples += TestAudio.burst(seconds: 0.5)
        }
        return samples + TestAudio.noise(seconds: 0.5, seed: 99)
    }

    /// A source that hands out its samples at about ten times the speed of speech, as a
    /// device does in real time: what has not been read yet is not there to look at.
    struct PacedSource: AudioSource {
        let samples: [Int16]
        var description: String { "paced samples" }

        func frames() -> AudioFrameStream {
            let samples = samples
            return AudioFrameStream(threadName: "incant.paced") { sink in
                var start = 0
                while start < samples.count {
                    let end = min(samples.count, start + 320)
                    Thread.sleep(forTimeInterval: 0.002)
                    guard sink.send(Array(samples[start..<end])) else { return }
                    start = end
                }
            }
        }
    }

    static func sources(_ samples: [Int16]) -> [any AudioSource] {
        [SampleBufferSource(samples, chunkSize: 4_096), PacedSource(samples: samples)]
    }

    @Test(
        "speech resumed within the pause is the follower; speech after it is not, and stays queued",
        arguments: [false, true])
    func followerWithinThePause(paced: Bool) async throws {
        let samples = Self.bursts(pauses: [0.45, 2.0])
        let source = Self.sources(samples)[paced ? 1 : 0]
        let live = LiveUtterances(source: source)
        defer { live.stop() }
        let first = try #require(try await live.next())
        let second = try #require(try await live.follower(of: first, within: .milliseconds(600)))
        #expect(second.speechStartSample > first.speechEndSample)
        #expect(second.speechStartSample - first.speechEndSample <= AudioFormat.sampleCount(for: .milliseconds(600)))
        // The third begins 2 s after the second: no follower, and the next utterance all the same.
        #expect(try await live.follower(of: second, within: .milliseconds(600)) == nil)
        let third = try #require(try await live.next())
        #expect(third.speechStartSample > second.speechEndSample + AudioFormat.sampleRate)
        // The stream ends after the third.
        #expect(try await live.follower(of: third, within: .milliseconds(600)) == nil)
        #expect(try await live.next() == nil)
    }

    @Test("a pause longer than the one allowed leaves the next utterance to next()", arguments: [false, true])
    func pauseTooLong(paced: Bool) async throws {
        let samples = Self.bursts(pauses: [0.45])
        let live = LiveUtterances(source: Self.sources(samples)[paced ? 1 : 0])
        defer { live.stop() }
        let first = try #require(try await live.next())
        #expect(try await live.follower(of: first, within: .milliseconds(350)) == nil)
        let second = try #require(try await live.next())
        #expect(second.speechStartSample > first.speechEndSample)
    }

    @Test("speech that began within the pause is waited for until its utterance closes")
    func waitsForSpeechInProgress() async throws {
        // The follower lasts 3 s: it is still going on long after the pause allowed has passed.
        var samples = TestAudio.noise(seconds: 0.5, seed: 7) + TestAudio.burst(seconds: 0.5)
        samples += TestAudio.noise(seconds: 0.45, seed: 8) + TestAudio.burst(seconds: 3)
        samples += TestAudio.noise(seconds: 0.5, seed: 9)
        let live = LiveUtterances(source: PacedSource(samples: samples))
        defer { live.stop() }
        let first = try #require(try await live.next())
        let second = try #require(try await live.follower(of: first, within: .milliseconds(600)))
        #expect(second.speechEndSample - second.speechStartSample >= AudioFormat.sampleRate * 29 / 10)
    }

    @Test("two utterances joined hold the stream's samples from the first's start to the second's end")
    func joinedSamples() async throws {
        // 0.35 s apart the pre-roll and post-roll overlap; 0.6 s apart a gap is filled.
        for pause in [0.35, 0.6] {
            let samples = Self.bursts(pauses: [pause])
            let live = LiveUtterances(source: SampleBufferSource(samples))
            defer { live.stop() }
            let first = try #require(try await live.next())
            let second = try #require(try await live.follower(of: first, within: .milliseconds(700)))
            let joined = Utterance.joining(first, second)
            #expect(joined.startSample == first.startSample)
            #expect(joined.endSample == second.endSample)
            #expect(joined.speechStartSample == first.speechStartSample)
            #expect(joined.speechEndSample == second.speechEndSample)
            #expect(joined.endReason == second.endReason)
            #expect(Array(joined.samples.prefix(first.samples.count)) == first.samples)
            #expect(Array(joined.samples.suffix(second.samples.count)) == second.samples)
            let gap = second.startSample - first.endSample
            if gap <= 0 {
                #expect(joined.samples == Array(samples[first.startSample..<second.endSample]), "pause \(pause)")
            } else {
                // The gap is quiet: the first's silence after its speech, not speech.
                let filled = joined.samples[first.samples.count..<(first.samples.count + gap)]
                #expect(filled.allSatisfy { abs(Int($0)) < 100 }, "pause \(pause)")
            }
        }
    }
}
