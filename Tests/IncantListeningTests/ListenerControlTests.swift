import Foundation
import IncantCapture
import IncantSpeech
import IncantTestSupport
import Synchronization
import Testing

@testable import IncantListening

/// ``ListenerControl``'s decisions on utterances at known stream positions: which trigger
/// opens which command, and which utterances a mute or a lost device cut.
@Suite("Listener control")
struct ListenerControlTests {
    /// A stream position the test moves by hand, standing for the samples read so far.
    final class Clock: Sendable {
        let now = Atomic<Int>(0)
        func set(seconds: Double) { now.store(Int(seconds * 16_000), ordering: .relaxed) }
    }

    static func utterance(from start: Double, to end: Double) -> Utterance {
        let first = Int(start * 16_000)
        let last = Int(end * 16_000)
        return Utterance(
            samples: [Int16](repeating: 0, count: last - first + 3_200), startSample: first - 1_600,
            speechStartSample: first, speechEndSample: last, endReason: .silence)
    }

    static func attached(pushToTalk: Bool, wakeWord: String? = nil) -> (ListenerControl, Clock) {
        let control = ListenerControl(pushToTalk: pushToTalk, triggerWindow: .seconds(5))
        let clock = Clock()
        control.attach(source: "test", wakeWord: wakeWord) { clock.now.load(ordering: .relaxed) }
        return (control, clock)
    }

    @Test func pushToTalkOpensOneCommandPerTriggerWithinItsWindow() {
        let (control, clock) = Self.attached(pushToTalk: true)
        #expect(control.status.activity == .waitingForTrigger)
        #expect(control.admission(of: Self.utterance(from: 1, to: 2)) == .ignored(.notTriggered))

        clock.set(seconds: 3)
        #expect(control.trigger() == .opened)
        #expect(control.status.activity == .triggered)
        // Said before the trigger: not its command, and the trigger still waits.
        #expect(control.admission(of: Self.utterance(from: 1.5, to: 2.9)) == .ignored(.notTriggered))
        #expect(control.admission(of: Self.utterance(from: 4, to: 5)) == .command)
        // One command per trigger.
        #expect(control.admission(of: Self.utterance(from: 6, to: 7)) == .ignored(.notTriggered))

        // Speech that began just before the key was pressed counts.
        clock.set(seconds: 10.3)
        control.trigger()
        #expect(control.admission(of: Self.utterance(from: 10, to: 11)) == .command)

        // A trigger nothing followed within the window expires.
        clock.set(seconds: 20)
        control.trigger()
        clock.set(seconds: 26)
        #expect(control.status.activity == .waitingForTrigger)
        #expect(control.admission(of: Self.utterance(from: 26, to: 27)) == .ignored(.notTriggered))
        #expect(control.admission(of: Self.utterance(from: 28, to: 29)) == .ignored(.notTriggered))
    }

    @Test func withoutPushToTalkATriggerStandsInForTheWakeWordOrIsNotNeeded() {
        let (plain, _) = Self.attached(pushToTalk: false)
        #expect(plain.trigger() == .notNeeded)
        #expect(plain.admission(of: Self.utterance(from: 1, to: 2)) == .listen(interrupted: false))

        let (woken, clock) = Self.attached(pushToTalk: false, wakeWord: "computer")
        #expect(woken.admission(of: Self.utterance(from: 1, to: 2)) == .listen(interrupted: false))
        clock.set(seconds: 3)
        #expect(woken.trigger() == .opened)
        #expect(woken.admission(of: Self.utterance(from: 3.5, to: 4)) == .command)
    }

    @Test func anUtteranceAMuteOrADeviceLossCutIsIgnored() {
        let (control, clock) = Self.attached(pushToTalk: false)
        clock.set(seconds: 2)
        #expect(control.mute())
        #expect(!control.mute())
        #expect(control.status.activity == .muted)
        #expect(control.trigger() == .refusedWhileMuted)
        #expect(control.admission(of: Self.utterance(from: 1, to: 1.8)) == .ignored(.muted))
        #expect(control.unmute())
        // Muted audio is dropped, so the stream resumes at the position of the mute: speech
        // on both sides of it is one utterance here, and is cut.
        #expect(control.admission(of: Self.utterance(from: 1.5, to: 2.5)) == .ignored(.muted))
        // What follows is heard, and says that the audio was interrupted before it.
        #expect(control.admission(of: Self.utterance(from: 3, to: 4)) == .listen(interrupted: true))
        #expect(control.admission(of: Self.utterance(from: 5, to: 6)) == .listen(interrupted: false))

        clock.set(seconds: 7)
        control.deviceChanged(.waiting(.readFailed(source: "mic", message: "gone"), retryIn: .seconds(1)))
        #expect(control.status.activity == .waitingForDevice)
        #expect(control.status.deviceProblem?.contains("gone") == true)
        control.deviceChanged(.capturing)
        #expect(control.status.activity == .listening)
        #expect(control.admission(of: Self.utterance(from: 6.5, to: 7.5)) == .ignored(.deviceInterrupted))
        #expect(control.admission(of: Self.utterance(from: 8, to: 9)) == .listen(interrupted: true))
    }

    @Test func aPushToTalkListenerRecognizesNothingUntriggered() async throws {
        let control = ListenerControl(pushToTalk: true)
        let (events, kitchen, _) = try await ListenerTests.listen(to: ["order a pepperoni pizza", "lights off"]) {
            $0.control = control
        }
        let ignored = events.filter { if case .ignored(_, .notTriggered) = $0 { true } else { false } }
        #expect(ignored.count == 2)
        #expect(ListenerTests.turns(events).isEmpty)
        #expect(kitchen.requests.isEmpty)
        #expect(control.status.lastUtterance?.outcome == .ignored)
        #expect(control.status.activity == .stopped)
    }

    @Test func aTriggerBeforeTheFirstUtteranceOpensItAlone() async throws {
        let control = ListenerControl(pushToTalk: true, triggerWindow: .seconds(600))
        control.trigger()
        let (events, kitchen, _) = try await ListenerTests.listen(to: ["order a pepperoni pizza", "lights off"]) {
            $0.control = control
        }
        let turns = ListenerTests.turns(events)
        #expect(turns.count == 1)
        #expect(turns.first?.understanding.decision.accepted?.shortcutID == "order-pizza")
        #expect(kitchen.requests.count == 1)
        let last = try #require(control.status.lastUtterance)
        #expect(last.outcome == .ignored)
        #expect(last.reason == DecisionRejection.notTriggered.description)
    }

    @Test func aCommandATriggerOpenedIsAskedAboutWhenUnclear() async throws {
        let control = ListenerControl(pushToTalk: true, triggerWindow: .seconds(600))
        control.trigger()
        let (events, kitchen, _) = try await ListenerTests.listen(to: ["order a pepperoni pizza", "yes"]) {
            $0.control = control
            $0.recognizer = ListenerTests.unclear()
        }
        #expect(ListenerTests.unconfirmed(events).count == 1)
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        let last = try #require(control.status.lastUtterance)
        #expect(last.outcome == .accepted)
        #expect(last.shortcut == "order-pizza")
    }

    @Test("with push-to-talk and no wake word, the next utterance is the answer, even when it is a command")
    func pushToTalkAnswersAreNeverCommands() async throws {
        let control = ListenerControl(pushToTalk: true, triggerWindow: .seconds(600))
        control.trigger()
        let recognizer = FakeRecognizer(script: ListenerTests.script, answers: ["yes", "no", "pepperoni"])
        let (events, kitchen, _) = try await ListenerTests.listen(to: ["lights off", "order a pepperoni pizza", "yes"])
        {
            $0.control = control
            $0.recognizer = recognizer
        }
        // A command needs a trigger; "order a pepperoni pizza" is a failed answer, asked again.
        #expect(kitchen.requests == ["lights state=false"], "\(events)")
        #expect(ListenerTests.turns(events).first?.exchanges.map(\.newCommand) == [false, false])
    }

    /// Runs a push-to-talk listener over `said` (3 s between utterances) whose trigger is pressed
    /// before the first command and again while its question is said. The source holds back
    /// the audio after 2 s of the first gap until the question was said, so that the trigger
    /// falls between the command and what follows it however fast the machine is.
    static func triggeringDuringQuestions(_ said: [String]) async throws -> (
        events: [ListenerEvent], kitchen: Kitchen
    ) {
        let control = ListenerControl(pushToTalk: true, triggerWindow: .seconds(600))
        control.trigger()
        let recognizer = FakeRecognizer(script: ListenerTests.script, answers: ["yes", "no", "pepperoni"])
        let samples = ListenerTests.script.audio(said, gap: 3)
        let first = SpokenScript.seconds(forIndex: ListenerTests.script.transcripts.firstIndex(of: said[0])!)
        let asked = DispatchSemaphore(value: 0)
        let (events, kitchen, _) = try await ListenerTests.listen(to: said) {
            $0.control = control
            $0.recognizer = recognizer
            $0.source = GatedSource(samples: samples, holdAt: Int((0.5 + first + 2) * 16_000), gate: asked)
            $0.speaker = TriggeringSpeaker(control: control, asked: asked)
        }
        return (events, kitchen)
    }

    @Test("with push-to-talk, a trigger pressed during a question opens a new command when what follows is no answer")
    func triggerDuringAQuestionOpensANewCommand() async throws {
        let (events, kitchen) = try await Self.triggeringDuringQuestions(["lights off", "order a pepperoni pizza"])
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"], "\(events)")
        let turns = ListenerTests.turns(events)
        try #require(turns.count == 2, "\(events)")
        #expect(turns[0].exchanges.map(\.newCommand) == [true])
        #expect(turns[1].understanding.decision.accepted?.shortcutID == "order-pizza")
    }

    @Test("with push-to-talk, a trigger pressed during a question still lets \"yes\" answer it, and is used up")
    func triggerDuringAQuestionStillAnswers() async throws {
        let (events, kitchen) = try await Self.triggeringDuringQuestions([
            "lights off", "yes", "order a pepperoni pizza",
        ])
        #expect(kitchen.requests == ["lights state=false"], "\(events)")
        #expect(ListenerTests.turns(events).first?.exchanges.map(\.newCommand) == [false])
        // The trigger answered the question: the command after it was not triggered.
        let ignored = events.filter { if case .ignored(_, .notTriggered) = $0 { true } else { false } }
        #expect(ignored.count == 1, "\(events)")
    }
}

/// Presses a listener's trigger whenever it speaks a question, then lets the held audio go on.
final class TriggeringSpeaker: DialogSpeaker {
    let control: ListenerControl
    let asked: DispatchSemaphore
    init(control: ListenerControl, asked: DispatchSemaphore) {
        self.control = control
        self.asked = asked
    }
    func say(_ text: String) async {
        guard text.hasSuffix("?") else { return }
        control.trigger()
        asked.signal()
    }
}

/// Samples in memory, held back at `holdAt` until `gate` is signalled (at most 30 s).
struct GatedSource: AudioSource {
    let samples: [Int16]
    let holdAt: Int
    let gate: DispatchSemaphore
    var description: String { "gated samples" }

    func frames() -> AudioFrameStream {
        let samples = samples
        let holdAt = holdAt
        let gate = gate
        return AudioFrameStream(threadName: "incant.gated-samples") { sink in
            var start = 0
            var held = false
            while start < samples.count {
                if !held && start >= holdAt {
                    held = true
                    _ = gate.wait(timeout: .now() + 30)
                }
                let end = min(samples.count, start + 320)
                guard sink.send(Array(samples[start..<end])) else { return }
                start = end
            }
        }
    }
}
