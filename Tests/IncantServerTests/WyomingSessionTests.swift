import Foundation
import IncantDispatch
import IncantPhrases
import IncantServer
import IncantSpeech
import IncantTestSupport
import Synchronization
import Testing

/// A connection's conversation with the service, on an in-process handler and a recognizer that
/// answers what it is told to.
@Suite struct WyomingSessionTests {
    static let shortcuts = """
        shortcuts:
          - id: order-pizza
            title: Order pizza
            parameters:
              - name: kind
                type: enum
                values: [margherita, pepperoni]
              - name: count
                type: integer
                default: 1
            phrases: ["order {count} {kind} pizzas", "order a {kind} pizza"]
            handle: { swift: kitchen }
            responses:
              success: "Ordering {count} {kind}."
          - id: all-off
            title: Turn everything off
            requires-confirmation: true
            phrases: ["turn everything off"]
            handle: { swift: kitchen }
        """

    /// Answers `transcript` for any audio and remembers how many samples it got.
    final class ScriptedRecognizer: SpeechRecognizer {
        let transcript: String
        let rejects: Bool
        private let counts = Mutex<[Int]>([])

        init(transcript: String, rejects: Bool = false) {
            self.transcript = transcript
            self.rejects = rejects
        }

        var sampleCounts: [Int] { counts.withLock { $0 } }

        func recognize(_ samples: [Int16], cancellation: RecognitionCancellation?) throws -> RecognitionResult {
            counts.withLock { $0.append(samples.count) }
            return RecognitionResult(
                transcripts: [transcript], confidence: rejects ? 0.1 : 0.9, rejection: rejects ? .unlikePhrases : nil,
                audioSeconds: Double(samples.count) / 16_000, decodeSeconds: 0)
        }

        func recognizeAnswer(_ samples: [Int16], to request: AnswerRequest) throws -> RecognitionResult {
            try recognize(samples, cancellation: nil)
        }

        func reload(_ catalog: PhraseCatalog) throws {}
    }

    static func service(_ recognizer: ScriptedRecognizer, kitchen: Kitchen = Kitchen()) throws -> WyomingService {
        let parsed = DefinitionLoader.parse(shortcuts, file: "/test/kitchen.yaml")
        #expect(!parsed.hasErrors, "\(parsed.diagnostics)")
        var handlers = HandlerRegistry()
        handlers.register(kitchen, as: "kitchen")
        return WyomingService(
            matcher: PhraseMatcher(catalog: PhraseCatalog(shortcuts: parsed.shortcuts)),
            dispatcher: Dispatcher(handlers: handlers), pool: RecognizerPool([recognizer]), version: "test")
    }

    @Test func describeListsThePhraseSetsAndThreePrograms() async throws {
        var session = WyomingSession(service: try Self.service(ScriptedRecognizer(transcript: "")))
        let answer = await session.respond(to: WyomingEvent(type: "describe"))
        let info = try #require(answer.events.first)
        #expect(info.type == "info")
        let asr = try #require(info.data["asr"].flatMap { if case .array(let a) = $0 { a.first } else { nil } })
        let model = try #require(asr.object?["models"].flatMap { if case .array(let a) = $0 { a.first } else { nil } })
        #expect(model.object?["name"] == "kitchen")
        #expect(model.object?["languages"] == ["en"])
        for program in ["intent", "handle"] {
            #expect(info.data[program].map { if case .array(let a) = $0 { a.count } else { 0 } } == 1, "\(program)")
        }
    }

    @Test func audioInAnyFormatIsTranscribed() async throws {
        let recognizer = ScriptedRecognizer(transcript: "order a margherita pizza")
        var session = WyomingSession(service: try Self.service(recognizer))
        let format: [String: JSONValue] = ["rate": 48_000, "width": 2, "channels": 2]
        _ = await session.respond(to: WyomingEvent(type: "transcribe", data: ["language": "en"]))
        _ = await session.respond(to: WyomingEvent(type: "audio-start", data: format))
        // One second in ten chunks, each 4,800 frames of 4 bytes.
        for _ in 0..<10 {
            let answer = await session.respond(
                to: WyomingEvent(type: "audio-chunk", data: format, payload: Array(repeating: 0, count: 19_200)))
            #expect(answer.events.isEmpty)
        }
        let answer = await session.respond(to: WyomingEvent(type: "audio-stop"))
        #expect(answer.events == [WyomingReplies.transcript("order a margherita pizza", language: "en")])
        #expect(recognizer.sampleCounts == [16_000])
    }

    @Test func rejectedAudioGivesAnEmptyTranscript() async throws {
        var session = WyomingSession(
            service: try Self.service(ScriptedRecognizer(transcript: "order a margherita pizza", rejects: true)))
        _ = await session.respond(
            to: WyomingEvent(type: "audio-start", data: ["rate": 16_000, "width": 2, "channels": 1]))
        _ = await session.respond(
            to: WyomingEvent(type: "audio-chunk", payload: Array(repeating: 1, count: 3_200)))
        let answer = await session.respond(to: WyomingEvent(type: "audio-stop"))
        #expect(answer.events == [WyomingReplies.transcript("", language: "en")])
    }

    @Test func aChunkOfAnotherFormatBreaksTheStream() async throws {
        let recognizer = ScriptedRecognizer(transcript: "order a margherita pizza")
        var session = WyomingSession(service: try Self.service(recognizer))
        _ = await session.respond(
            to: WyomingEvent(type: "audio-start", data: ["rate": 16_000, "width": 2, "channels": 1]))
        let answer = await session.respond(
            to: WyomingEvent(type: "audio-chunk", data: ["rate": 22_050, "width": 2, "channels": 1], payload: [0, 0]))
        #expect(answer.events.first?.data["code"] == "bad-request")
        #expect(await session.respond(to: WyomingEvent(type: "audio-stop")).events.isEmpty)
        #expect(recognizer.sampleCounts.isEmpty)
        let bad = await session.respond(
            to: WyomingEvent(type: "audio-start", data: ["rate": 0, "width": 2, "channels": 1]))
        #expect(bad.events.first?.data["code"] == "bad-request")
        #expect(!bad.closes)
    }

    @Test func tooMuchAudioIsRefused() async throws {
        let recognizer = ScriptedRecognizer(transcript: "order a margherita pizza")
        let service = try Self.service(recognizer)
        var session = WyomingSession(service: service)
        _ = await session.respond(
            to: WyomingEvent(type: "audio-start", data: ["rate": 16_000, "width": 2, "channels": 1]))
        var codes: [JSONValue?] = []
        for _ in 0...Int(service.maximumAudioSeconds) {
            let answer = await session.respond(
                to: WyomingEvent(type: "audio-chunk", payload: Array(repeating: 0, count: 32_000)))
            codes += answer.events.map { $0.data["code"] }
        }
        #expect(codes == ["audio-too-long"])
        #expect(await session.respond(to: WyomingEvent(type: "audio-stop")).events.isEmpty)
    }

    @Test func recognizeGivesTheShortcutAndItsParameters() async throws {
        var session = WyomingSession(service: try Self.service(ScriptedRecognizer(transcript: "")))
        let intent = await session.respond(
            to: WyomingEvent(type: "recognize", data: ["text": "order 3 pepperoni pizzas"]))
        #expect(
            intent.events == [
                WyomingReplies.intent(
                    name: "order-pizza", entities: [("count", 3), ("kind", "pepperoni")],
                    text: "order 3 pepperoni pizzas")
            ])
        let none = await session.respond(to: WyomingEvent(type: "recognize", data: ["text": "what time is it"]))
        #expect(none.events.map(\.type) == ["not-recognized"])
        let malformed = await session.respond(to: WyomingEvent(type: "recognize", data: ["text": 5]))
        #expect(malformed.events.first?.data["code"] == "bad-request")
    }

    @Test func handleRunsTheShortcutOrSaysWhyNot() async throws {
        let kitchen = Kitchen()
        var session = WyomingSession(service: try Self.service(ScriptedRecognizer(transcript: ""), kitchen: kitchen))
        let done = await session.respond(
            to: WyomingEvent(type: "transcript", data: ["text": "order a margherita pizza"]))
        #expect(done.events == [WyomingReplies.handled("Ordering 1 margherita.")])
        #expect(kitchen.requests == ["order-pizza count=1 kind=margherita"])
        // Nobody can be asked to confirm over Wyoming: the shortcut does not run.
        let unconfirmed = await session.respond(
            to: WyomingEvent(type: "transcript", data: ["text": "turn everything off"]))
        #expect(unconfirmed.events.map(\.type) == ["not-handled"])
        let unknown = await session.respond(to: WyomingEvent(type: "transcript", data: ["text": "sing a song"]))
        #expect(unknown.events.map(\.type) == ["not-handled"])
        #expect(kitchen.requests.count == 1)
    }

    @Test func aTokenMustComeFirst() async throws {
        let service = try Self.service(ScriptedRecognizer(transcript: ""))
        var refused = WyomingSession(service: service, token: "s3cret")
        let first = await refused.respond(to: WyomingEvent(type: "describe"))
        #expect(first.closes && first.events.first?.data["code"] == "unauthorized")
        var wrong = WyomingSession(service: service, token: "s3cret")
        #expect(await wrong.respond(to: WyomingEvent(type: "auth", data: ["token": "s3creT"])).closes)
        var admitted = WyomingSession(service: service, token: "s3cret")
        #expect(await admitted.respond(to: WyomingEvent(type: "auth", data: ["token": "s3cret"])).events.isEmpty)
        #expect(await admitted.respond(to: WyomingEvent(type: "describe")).events.map(\.type) == ["info"])
    }
}
