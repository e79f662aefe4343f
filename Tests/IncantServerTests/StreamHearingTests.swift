import Foundation
import IncantCapture
import IncantDispatch
import IncantPhrases
import IncantServer
import IncantSpeech
import IncantTestSupport
import Synchronization
import Testing

/// A Wyoming stream heard as `listen` hears a microphone: through the high-pass filter before
/// its speech is found, and through the front end when the stretch decoded is not from a quiet
/// room.
@Suite struct StreamHearingTests {
    /// Room noise at `level` dBFS with a second of speech-like sound in it, from 0.5 s.
    static func utterance(noiseLevel level: Double) -> [Int16] {
        var audio = TestAudio.noise(seconds: 2.5, level: level)
        TestAudio.mix(TestAudio.burst(seconds: 1), into: &audio, at: 8_000)
        return audio
    }

    /// How many front ends a shelf made.
    final class Count: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }

    /// A front end that is not the identity: a high-pass filter far above the usual cutoff.
    static func shelf(counting made: Count) -> FrontEndShelf {
        FrontEndShelf {
            made.add()
            return HighPassFilter(cutoff: 1_000)
        }
    }

    @Test func aStreamIsDecodedAfterItsHighPassFilterWhateverItsChunks() async throws {
        // A DC offset of 3000 (about -21 dBFS) under the whole stream.
        let offset = Self.utterance(noiseLevel: -62).map { Int16(clamping: Int($0) + 3_000) }
        let filtered = HighPassFilter(cutoff: 100).process(offset)
        var expected = StreamedSpeech()
        expected.append(filtered)
        expected.finish()
        #expect(expected.span != 0..<filtered.count, "the filtered stream's speech was not found")
        let wanted = expected.samples(in: expected.span)
        for (chunk, whileStreaming) in [(320, true), (1_111, true), (777, false)] {
            let recognizer = StreamedTranscriptionTests.SignallingRecognizer()
            var session = WyomingSession(
                service: try StreamedTranscriptionTests.service(
                    recognizer, whileStreaming: whileStreaming, hearing: StreamHearing(highPassCutoff: 100)))
            let answer = await StreamedTranscriptionTests.stream(offset, chunk: chunk, to: &session)
            #expect(answer.first?.data["text"] == "turn everything off", "\(answer)")
            #expect(recognizer.decoded.last == wanted, "chunks of \(chunk), while streaming: \(whileStreaming)")
        }
        // Without the filter the offset itself is decoded.
        let recognizer = StreamedTranscriptionTests.SignallingRecognizer()
        var session = WyomingSession(service: try StreamedTranscriptionTests.service(recognizer, whileStreaming: true))
        _ = await StreamedTranscriptionTests.stream(offset, chunk: 320, to: &session)
        func mean(_ samples: [Int16]) -> Double { samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count) }
        let unfiltered = try #require(recognizer.decoded.last)
        #expect(mean(unfiltered) > 2_500)
        #expect(abs(mean(wanted)) < 300)
    }

    @Test func theFrontEndHearsOnlyWhatComesFromANoisyRoom() async throws {
        let made = Count()
        let hearing = StreamHearing(bypass: FrontEndBypass(), frontEnds: Self.shelf(counting: made))
        let quiet = Self.utterance(noiseLevel: -62)
        let noisy = Self.utterance(noiseLevel: -30)
        try #require(FrontEndBypass().hearsAsItCame(quiet))
        try #require(!FrontEndBypass().hearsAsItCame(noisy))

        #expect(try hearing.heard(quiet) == quiet)
        #expect(made.value == 0, "a quiet room's stretch made no front end")
        let throughFrontEnd = HighPassFilter(cutoff: 1_000).wholeRecording(noisy)
        #expect(throughFrontEnd != noisy)
        #expect(try hearing.heard(noisy) == throughFrontEnd)
        // The same front end again, from the start of the stretch: the same samples.
        #expect(try hearing.heard(noisy) == throughFrontEnd)
        #expect(made.value == 1)

        // With no bypass every stretch goes through it; and the service decodes what it hears.
        let always = StreamHearing(frontEnds: Self.shelf(counting: made))
        let recognizer = StreamedTranscriptionTests.SignallingRecognizer()
        let service = try StreamedTranscriptionTests.service(recognizer, whileStreaming: true, hearing: always)
        #expect(try await service.transcribe(quiet) == "turn everything off")
        #expect(recognizer.decoded == [HighPassFilter(cutoff: 1_000).wholeRecording(quiet)])
    }

    @Test func aFrontEndIsLentToOneDecodingAtATime() throws {
        let made = Count()
        let shelf = Self.shelf(counting: made)
        try shelf.withFrontEnd { outer in
            try shelf.withFrontEnd { inner in
                #expect(outer !== inner, "two decodings at once share no front end")
            }
        }
        #expect(made.value == 2)
        #expect(shelf.freeCount == 2)
        try shelf.withFrontEnd { _ in }
        #expect(made.value == 2, "a free front end is used again")

        struct Refused: Error {}
        let failing = FrontEndShelf { throw Refused() }
        #expect(throws: Refused.self) { try StreamHearing(frontEnds: failing).heard([0, 1, 2]) }
        #expect(failing.freeCount == 0)
    }
}
