import IncantCapture
import IncantTestSupport
import Testing

@testable import IncantListening

/// What the recognizer hears of an utterance: the front ends' output, or the audio as it came.
@Suite("Heard audio")
struct HeardAudioTests {
    /// Two seconds of quiet room with a burst of speech at 0.5 s; the first utterance the
    /// endpointer offers as settled, fed 10 ms at a time.
    static func settled() throws -> (audio: [Int16], utterance: Utterance) {
        var audio = TestAudio.noise(seconds: 2, level: -80)
        TestAudio.mix(TestAudio.burst(seconds: 0.6), into: &audio, at: 8_000)
        var endpointer = Endpointer()
        for start in stride(from: 0, to: audio.count, by: 160) {
            _ = endpointer.process(audio[start..<min(audio.count, start + 160)])
            if let settled = endpointer.settledUtterance { return (audio, settled) }
        }
        throw SettledError.none
    }

    enum SettledError: Error { case none }

    /// A tap that has heard `audio` up to `end`.
    static func tap(_ audio: [Int16], upTo end: Int) -> UnprocessedAudioTap {
        let tap = UnprocessedAudioTap()
        _ = tap.process(Array(audio[..<end]))
        return tap
    }

    @Test("a settled utterance is heard the same however far the source has been read past it")
    func settledDependsOnTheAudioAlone() throws {
        let (audio, settled) = try Self.settled()
        // The utterance was offered before its post-roll was heard: its end is filled.
        try #require(settled.filledSampleCount > 0)
        #expect(settled.heardEndSample < settled.endSample && settled.endSample <= audio.count)
        let bypass = FrontEndBypass()
        let atSettle = HeardAudio(bypass: bypass, unprocessed: Self.tap(audio, upTo: settled.heardEndSample))
        let readAhead = HeardAudio(bypass: bypass, unprocessed: Self.tap(audio, upTo: audio.count))
        let heard = atSettle.of(settled)
        #expect(readAhead.of(settled) == heard)
        // The quiet room is heard as it came, as long as the utterance, the unheard rest filled
        // with the silence after the speech as it came (not with the audio read ahead).
        #expect(bypass.hearsAsItCame(Array(audio[settled.startSample..<settled.heardEndSample])))
        #expect(heard.samples.count == settled.samples.count)
        #expect(
            heard.samples[..<(settled.heardEndSample - settled.startSample)]
                == audio[settled.startSample..<settled.heardEndSample])
        #expect(heard.samples.suffix(settled.filledSampleCount) != audio[settled.heardEndSample..<settled.endSample])
    }

    @Test("a closed utterance is heard as it came in a quiet room, and as cut once the tap has let it go")
    func closedUtterance() throws {
        let (audio, settled) = try Self.settled()
        var closed = settled
        closed.samples = Array(audio[closed.startSample..<closed.endSample])
        closed.filledSampleCount = 0
        let heard = HeardAudio(bypass: FrontEndBypass(), unprocessed: Self.tap(audio, upTo: audio.count)).of(closed)
        #expect(heard == closed)
        // Processed audio (here: halved) is heard as cut when the tap no longer holds the start.
        var processed = closed
        processed.samples = closed.samples.map { $0 / 2 }
        let forgetful = UnprocessedAudioTap(capacity: 100)
        _ = forgetful.process(audio)
        _ = forgetful.process(audio)
        #expect(HeardAudio(bypass: FrontEndBypass(), unprocessed: forgetful).of(processed) == processed)
        #expect(
            HeardAudio(bypass: FrontEndBypass(), unprocessed: Self.tap(audio, upTo: audio.count)).of(processed)
                == closed)
    }
}
