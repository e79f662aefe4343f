import Foundation
import IncantCapture
import IncantListening
import IncantPhrases
import IncantSpeech
import IncantTestSupport
import Synchronization
import Testing

/// The real ``TakeRecorder`` in-process: a fake source (bursts that stand for words, see
/// ``SpokenScript``), the real endpointer, and a fake recognizer.
@Suite("Take recorder")
struct TakeRecorderTests {
    static let script = ListenerTests.script

    /// Records from `input` and returns the events as text, in order, and the takes.
    static func record(_ input: TakeRecorder.Input, recognizer: FakeRecognizer) async throws -> (
        events: [String], takes: [RecordedTake]
    ) {
        let events = Mutex<[String]>([])
        let takes = try await TakeRecorder(input, recognizer: recognizer).run { event in
            events.withLock { $0.append(Self.describe(event)) }
        }
        return (events.withLock { $0 }, takes)
    }

    static func describe(_ event: TakeRecorderEvent) -> String {
        switch event {
        case .awaiting(let take, let count): "awaiting \(take) of \(count)"
        case .recorded(let take): "take \(take.number): \(take.transcript)"
        }
    }

    @Test("a stream gives one take per utterance, each transcribed by dictation, prompted in turn")
    func oneTakePerUtteranceOfAStream() async throws {
        let recognizer = FakeRecognizer(script: Self.script)
        let said = ["order a pizza", "order a pepperoni pizza", "order a pizza"]
        let (events, takes) = try await Self.record(
            .stream(SampleBufferSource(Self.script.audio(said)), takes: 3, isLive: false), recognizer: recognizer)
        #expect(
            events == [
                "awaiting 1 of 3", "take 1: order a pizza", "awaiting 2 of 3", "take 2: order a pepperoni pizza",
                "awaiting 3 of 3", "take 3: order a pizza",
            ])
        #expect(takes.map(\.transcript) == said)
        #expect(takes.map(\.number) == [1, 2, 3])
        #expect(recognizer.answerRequests == ["dictation", "dictation", "dictation"])
        // Each take is its own utterance, in the order said.
        let starts = takes.map(\.utterance.speechStartSample)
        #expect(starts == starts.sorted() && Set(starts).count == 3)
        #expect(takes.allSatisfy { Self.script.transcript(of: $0.samples) == $0.transcript })
    }

    @Test("separate sources give one take each: the first utterance of each")
    func oneTakePerSource() async throws {
        let recognizer = FakeRecognizer(script: Self.script)
        let sources: [any AudioSource] = [
            SampleBufferSource(Self.script.audio(["lights off", "yes"])),
            SampleBufferSource(Self.script.audio(["computer"])),
        ]
        let (events, takes) = try await Self.record(.separate(sources), recognizer: recognizer)
        #expect(events == ["awaiting 1 of 2", "take 1: lights off", "awaiting 2 of 2", "take 2: computer"])
        #expect(takes.map(\.transcript) == ["lights off", "computer"])
    }

    @Test("a stream that ends before the last take names that take, after the takes before it")
    func aStreamThatEndsEarly() async throws {
        let events = Mutex<[String]>([])
        let recorder = TakeRecorder(
            .stream(SampleBufferSource(Self.script.audio(["computer"])), takes: 2, isLive: false),
            recognizer: FakeRecognizer(script: Self.script))
        await #expect {
            _ = try await recorder.run { event in events.withLock { $0.append(Self.describe(event)) } }
        } throws: { error in
            guard case .inputEnded(take: 2) = error as? TakeRecorderError else { return false }
            return "\(error)" == "take 2: the input ended"
        }
        #expect(events.withLock { $0 } == ["awaiting 1 of 2", "take 1: computer", "awaiting 2 of 2"])
    }

    @Test("a source without speech is named with its take")
    func aSourceWithoutSpeech() async throws {
        let silent = SampleBufferSource(TestAudio.noise(seconds: 2, level: -62))
        let recorder = TakeRecorder(
            .separate([SampleBufferSource(Self.script.audio(["computer"])), silent]),
            recognizer: FakeRecognizer(script: Self.script))
        await #expect {
            _ = try await recorder.run { _ in }
        } throws: { error in
            guard case .noSpeech(take: 2, let source) = error as? TakeRecorderError else { return false }
            return source == silent.description
        }
    }

    @Test("a source that fails is a capture failure of its take, carrying the source's error")
    func aFailingSource() async throws {
        let recorder = TakeRecorder(.separate([FailingSource()]), recognizer: FakeRecognizer(script: Self.script))
        await #expect {
            _ = try await recorder.run { _ in }
        } throws: { error in
            guard case .captureFailed(take: 1, let underlying) = error as? TakeRecorderError else { return false }
            return underlying as? CaptureError == .deviceUnavailable(device: "test", message: "unplugged")
        }
    }

    @Test("the events stream carries the same events, in order, and ends after the last take")
    func eventsStream() async throws {
        let recorder = TakeRecorder(
            .stream(SampleBufferSource(Self.script.audio(["yes", "computer"])), takes: 2, isLive: false),
            recognizer: FakeRecognizer(script: Self.script))
        var events: [String] = []
        for try await event in recorder.events() { events.append(Self.describe(event)) }
        #expect(events == ["awaiting 1 of 2", "take 1: yes", "awaiting 2 of 2", "take 2: computer"])
    }
}

/// A source whose reading fails at once, as an unplugged device does.
struct FailingSource: AudioSource {
    var description: String { "failing device" }

    func frames() -> AudioFrameStream {
        .failing(CaptureError.deviceUnavailable(device: "test", message: "unplugged"))
    }
}
