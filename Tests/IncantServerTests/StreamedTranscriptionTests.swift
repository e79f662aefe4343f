import Foundation
import IncantCapture
import IncantDispatch
import IncantPhrases
import IncantServer
import IncantSpeech
import IncantTestSupport
import Synchronization
import Testing

#if canImport(IncantRecognition)
    import IncantRecognition
#endif

/// A stream's speech decoded while its chunks arrive: the same transcript as decoding it whole
/// at `audio-stop`, begun before the stop.
@Suite struct StreamedTranscriptionTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let speech = repository.deletingLastPathComponent().appendingPathComponent("shared/speech")

    /// Every 80th coffee order (by file name): real speakers on their own microphones.
    static func coffeeClips() throws -> [(name: String, samples: [Int16])] {
        let folder = speech.appendingPathComponent("coffee/clean")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".wav") }
            .sorted()
        return try stride(from: 0, to: names.count, by: 80).map { index in
            (names[index], try WAVFile.readSamples(path: folder.appendingPathComponent(names[index]).path))
        }
    }

    static func bytes(_ samples: ArraySlice<Int16>) -> [UInt8] {
        samples.flatMap { sample in withUnsafeBytes(of: sample.littleEndian) { Array($0) } }
    }

    /// Sends `samples` as one stream of 16 kHz mono chunks of `chunk` samples; returns the
    /// session's answer to `audio-stop`.
    static func stream(_ samples: [Int16], chunk: Int, to session: inout WyomingSession) async -> [WyomingEvent] {
        let format: [String: JSONValue] = ["rate": 16_000, "width": 2, "channels": 1]
        _ = await session.respond(to: WyomingEvent(type: "transcribe", data: ["language": "en"]))
        _ = await session.respond(to: WyomingEvent(type: "audio-start", data: format))
        for start in stride(from: 0, to: samples.count, by: chunk) {
            let piece = samples[start..<min(samples.count, start + chunk)]
            _ = await session.respond(to: WyomingEvent(type: "audio-chunk", data: format, payload: bytes(piece)))
        }
        return await session.respond(to: WyomingEvent(type: "audio-stop")).events
    }

    @Test func theSpanOfSpeechDoesNotDependOnTheChunks() throws {
        for (name, samples) in try Self.coffeeClips() {
            var whole = StreamedSpeech()
            whole.append(samples)
            whole.finish()
            #expect(whole.span != 0..<samples.count, "\(name): no speech found")
            for chunk in [160, 320, 777, 4_000] {
                var streamed = StreamedSpeech()
                var settled: Range<Int>?
                for start in stride(from: 0, to: samples.count, by: chunk) {
                    streamed.append(Array(samples[start..<min(samples.count, start + chunk)]))
                    settled = streamed.settledSpan ?? settled
                }
                streamed.finish()
                #expect(streamed.span == whole.span, "\(name) in chunks of \(chunk)")
                #expect(streamed.samples(in: streamed.span) == whole.samples(in: whole.span), "\(name), \(chunk)")
                // The recordings end in silence: the span settled before the stream ended.
                #expect(settled == whole.span, "\(name) in chunks of \(chunk)")
            }
        }
    }

    @Test func aStreamWithoutSpeechIsDecodedWhole() {
        var quiet = StreamedSpeech()
        quiet.append(TestAudio.noise(seconds: 1))
        #expect(quiet.settledSpan == nil)
        quiet.finish()
        #expect(quiet.span == 0..<16_000)
    }

    /// Tells each decoding to a stream, so a test can wait for one without a clock.
    final class SignallingRecognizer: SpeechRecognizer {
        private let heard = Mutex<[[Int16]]>([])
        let decodings: AsyncStream<Int>
        private let continuation: AsyncStream<Int>.Continuation

        init() {
            (decodings, continuation) = AsyncStream.makeStream(of: Int.self)
        }

        /// The samples of every decoding, in order.
        var decoded: [[Int16]] { heard.withLock { $0 } }
        var sampleCounts: [Int] { decoded.map(\.count) }

        func recognize(_ samples: [Int16], cancellation: RecognitionCancellation?) throws -> RecognitionResult {
            heard.withLock { $0.append(samples) }
            continuation.yield(samples.count)
            return RecognitionResult(
                transcripts: ["turn everything off"], confidence: 0.9, rejection: nil,
                audioSeconds: Double(samples.count) / 16_000, decodeSeconds: 0)
        }

        func recognizeAnswer(_ samples: [Int16], to request: AnswerRequest) throws -> RecognitionResult {
            try recognize(samples, cancellation: nil)
        }

        func reload(_ catalog: PhraseCatalog) throws {}
    }

    static func service(
        _ recognizer: any SpeechRecognizer, whileStreaming: Bool, hearing: StreamHearing = .asItComes
    ) throws -> WyomingService {
        let parsed = DefinitionLoader.parse(
            "shortcuts:\n  - id: all-off\n    phrases: [\"turn everything off\"]\n    handle: { swift: none }\n",
            file: "/test/home.yaml")
        #expect(!parsed.hasErrors, "\(parsed.diagnostics)")
        return WyomingService(
            matcher: PhraseMatcher(catalog: PhraseCatalog(shortcuts: parsed.shortcuts)),
            dispatcher: Dispatcher(handlers: HandlerRegistry()), pool: RecognizerPool([recognizer]),
            decodesWhileStreaming: whileStreaming, hearing: hearing, version: "test")
    }

    /// Half a second of room noise, a second of speech-like sound, a second of room noise.
    static let utterance: [Int16] = {
        var audio = TestAudio.noise(seconds: 2.5)
        TestAudio.mix(TestAudio.burst(seconds: 1), into: &audio, at: 8_000)
        return audio
    }()

    @Test func settledSpeechIsDecodedBeforeTheStopAndNotAgain() async throws {
        var whole = StreamedSpeech()
        whole.append(Self.utterance)
        whole.finish()
        let expected = whole.span.count
        #expect(expected < Self.utterance.count)

        let recognizer = SignallingRecognizer()
        var session = WyomingSession(service: try Self.service(recognizer, whileStreaming: true))
        let format: [String: JSONValue] = ["rate": 16_000, "width": 2, "channels": 1]
        _ = await session.respond(to: WyomingEvent(type: "audio-start", data: format))
        for start in stride(from: 0, to: Self.utterance.count, by: 320) {
            let piece = Self.utterance[start..<min(Self.utterance.count, start + 320)]
            _ = await session.respond(to: WyomingEvent(type: "audio-chunk", data: format, payload: Self.bytes(piece)))
        }
        // The settled speech is being decoded although no audio-stop came.
        var decodings = recognizer.decodings.makeAsyncIterator()
        #expect(await decodings.next() == expected)
        let answer = await session.respond(to: WyomingEvent(type: "audio-stop")).events
        #expect(answer.map(\.type) == ["transcript"])
        #expect(answer.first?.data["text"] == "turn everything off")
        #expect(recognizer.sampleCounts == [expected], "the stop decoded nothing more")
    }

    @Test func atTheStopOnlyTheSameSpanIsDecoded() async throws {
        var whole = StreamedSpeech()
        whole.append(Self.utterance)
        whole.finish()
        let recognizer = SignallingRecognizer()
        var session = WyomingSession(service: try Self.service(recognizer, whileStreaming: false))
        let answer = await Self.stream(Self.utterance, chunk: 320, to: &session)
        #expect(answer.first?.data["text"] == "turn everything off")
        #expect(recognizer.sampleCounts == [whole.span.count])
    }

    #if canImport(IncantRecognition)
        @Test(.tags(.slow), .skippedWhenFast)
        func realOrdersStreamedGiveTheTranscriptOfTheWholeUtterance() async throws {
            let context = try String(
                contentsOf: Self.speech.appendingPathComponent("coffee/context.yaml"), encoding: .utf8)
            let parsed = DefinitionLoader.parse(try RhinoContext.convert(yaml: context), file: "coffee.yaml")
            #expect(!parsed.hasErrors, "\(parsed.diagnostics)")
            let catalog = PhraseCatalog(shortcuts: parsed.shortcuts)
            let pool = RecognizerPool([PocketSphinxRecognizer(try GrammarRecognizer(catalog: catalog))])
            func service(whileStreaming: Bool) -> WyomingService {
                WyomingService(
                    matcher: PhraseMatcher(catalog: catalog), dispatcher: Dispatcher(handlers: HandlerRegistry()),
                    pool: pool, decodesWhileStreaming: whileStreaming, version: "test")
            }
            var heard = 0
            for (name, samples) in try Self.coffeeClips() {
                var whole = StreamedSpeech()
                whole.append(samples)
                whole.finish()
                let expected = try await service(whileStreaming: false).transcribe(whole.samples(in: whole.span))
                for (whileStreaming, chunk) in [(true, 320), (true, 1_111), (false, 320)] {
                    var session = WyomingSession(service: service(whileStreaming: whileStreaming))
                    let answer = await Self.stream(samples, chunk: chunk, to: &session)
                    #expect(answer.map(\.type) == ["transcript"], "\(name): \(answer)")
                    #expect(
                        answer.first?.data["text"] == .string(expected),
                        "\(name) streamed in chunks of \(chunk), decoded while streaming: \(whileStreaming)")
                }
                if !expected.isEmpty { heard += 1 }
            }
            #expect(heard > 0, "no order was recognized at all")
        }
    #endif
}
