import Foundation
import IncantCapture
import IncantDispatch
import IncantListening
import IncantPhrases
import IncantSpeech
import IncantTestSupport
import Synchronization
import Testing

/// The real ``Listener`` in-process: a fake source and a fake recognizer (bursts stand for
/// words, see ``SpokenScript``), the real endpointer, matcher, dispatcher and voice questions.
@Suite("Listener")
struct ListenerTests {
    static let script = SpokenScript([
        "order a pizza", "order a pepperoni pizza", "pepperoni", "yes", "computer", "lights off", "no",
    ])

    static let shortcuts = """
        shortcuts:
          - id: order-pizza
            title: Order pizza
            parameters:
              - name: kind
                type: enum
                values: [margherita, pepperoni]
                prompt: Which pizza?
            phrases: ["order a pizza", "order a {kind} pizza"]
            handle: { swift: kitchen }
            responses:
              success: "Ordering {kind}."
          - id: lights
            title: Lights
            parameters:
              - name: state
                type: boolean
            phrases: ["lights {state}"]
            handle: { swift: kitchen }
            requires-confirmation: true
            responses:
              success: "Lights done."
        """

    static func catalog() throws -> PhraseCatalog {
        let parsed = DefinitionLoader.parse(shortcuts, file: "/test/listener.yaml")
        #expect(!parsed.hasErrors, "\(parsed.diagnostics)")
        return PhraseCatalog(shortcuts: parsed.shortcuts)
    }

    /// Runs a listener over `said` and returns its events and the handler's requests.
    static func listen(
        to said: [String], amplitude: Double = 8_000, noiseLevel: Double = -62,
        configure: (inout ListenerConfiguration) -> Void = { _ in }
    ) async throws -> (events: [ListenerEvent], kitchen: Kitchen, recognizer: FakeRecognizer) {
        let kitchen = Kitchen()
        var handlers = HandlerRegistry()
        handlers.register(kitchen, as: "kitchen")
        let recognizer = FakeRecognizer(script: script)
        var configuration = ListenerConfiguration(
            source: SampleBufferSource(script.audio(said, amplitude: amplitude, noiseLevel: noiseLevel)),
            recognizer: recognizer,
            catalog: try catalog(), dispatcher: Dispatcher(handlers: handlers), answerTimeout: .seconds(30))
        configure(&configuration)
        var events: [ListenerEvent] = []
        for try await event in Listener(configuration).events() { events.append(event) }
        return (events, kitchen, recognizer)
    }

    static func turns(_ events: [ListenerEvent]) -> [ListenerTurn] {
        events.compactMap { if case .turn(let turn) = $0 { turn } else { nil } }
    }

    @Test func aSpokenCommandRunsItsShortcut() async throws {
        let (events, kitchen, _) = try await Self.listen(to: ["order a pepperoni pizza"])
        let turns = Self.turns(events)
        try #require(turns.count == 1)
        #expect(turns[0].understanding.decision.accepted?.shortcutID == "order-pizza")
        #expect(turns[0].report.outcome?.dialog == "Ordering pepperoni.")
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        if case .started = events.first {} else { Issue.record("no started event first: \(events)") }
    }

    @Test("a missing value is asked by voice and the next utterance answers it")
    func voiceQuestionAndAnswer() async throws {
        let speaker = RecordingSpeaker()
        let (events, kitchen, recognizer) = try await Self.listen(to: ["order a pizza", "pepperoni"]) {
            $0.speaker = speaker
        }
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        let turns = Self.turns(events)
        try #require(turns.count == 1)
        #expect(turns[0].exchanges.map(\.question) == ["Which pizza?"])
        #expect(turns[0].exchanges.first?.heard == "pepperoni")
        #expect(turns[0].exchanges.first?.answer == "pepperoni")
        #expect(speaker.said == ["Which pizza?", "Ordering pepperoni."])
        #expect(recognizer.answerRequests == ["value kind"])
        let asked = events.contains {
            if case .questionAsked(let question, _) = $0 { question == "Which pizza?" } else { false }
        }
        #expect(asked)
    }

    @Test("from a file, a question's time limit is audio time: a slow machine still hears the answer")
    func answerTimeLimitIsAudioTimeFromAFile() async throws {
        let (events, kitchen, _) = try await Self.listen(to: ["order a pizza", "pepperoni"]) {
            // The answer is read seconds after the question on the clock; in the audio it is
            // 0.6 s away, within the limit.
            $0.source = SlowSource(samples: Self.script.audio(["order a pizza", "pepperoni"], gap: 0.6), pause: 0.03)
            $0.answerTimeout = .seconds(1)
        }
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        #expect(Self.turns(events).first?.exchanges.first?.answer == "pepperoni")
    }

    @Test("from a file, speech that starts after the time limit is no answer but the next command")
    func speechAfterTheTimeLimitIsTheNextCommand() async throws {
        let said = ["order a pizza", "order a pepperoni pizza"]
        let (events, kitchen, recognizer) = try await Self.listen(to: said) {
            $0.source = SampleBufferSource(Self.script.audio(said, gap: 4))
            $0.answerTimeout = .seconds(2)
        }
        let turns = Self.turns(events)
        try #require(turns.count == 2)
        #expect(turns[0].report.outcome?.status == .missingParameter)
        #expect(turns[0].exchanges.first?.heard == nil)
        #expect(turns[1].understanding.decision.accepted?.shortcutID == "order-pizza")
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        #expect(recognizer.answerRequests.isEmpty)
    }

    @Test("a yes/no confirmation is asked by voice")
    func voiceConfirmation() async throws {
        let (_, kitchen, recognizer) = try await Self.listen(to: ["lights off", "yes"])
        #expect(kitchen.requests == ["lights state=false"])
        #expect(recognizer.answerRequests == ["yes/no"])
    }

    @Test("speech the recognizer rejects runs nothing, with a typed reason")
    func rejectedSpeechRunsNothing() async throws {
        let (events, kitchen, _) = try await Self.listen(to: ["order a pepperoni pizza"]) {
            $0.recognizer = FakeRecognizer(script: Self.script, rejecting: true)
        }
        #expect(kitchen.requests.isEmpty)
        let turns = Self.turns(events)
        try #require(turns.count == 1)
        guard case .rejected(.unlikePhrases(let transcript, _)) = turns[0].understanding.decision else {
            Issue.record("not rejected as unlike the phrases: \(turns[0].understanding.decision)")
            return
        }
        #expect(transcript == "order a pepperoni pizza")
        #expect(turns[0].report.outcome == nil)
    }

    /// A recognizer that rejects commands as heard too unclearly but confirmable, and hears
    /// answers clearly.
    static func unclear() -> FakeRecognizer { FakeRecognizer(script: script, rejecting: true, confirmable: true) }

    static let wakeWord = WakeWordSettings(detector: FakeWakeWord(script: script, phrase: "computer"))

    static func unconfirmed(_ events: [ListenerEvent]) -> [(MatchCandidate, Double)] {
        events.compactMap {
            if case .unconfirmed(let candidate, let confidence, _) = $0 { (candidate, confidence) } else { nil }
        }
    }

    @Test("a command heard unclearly after the wake word is asked about, and yes runs it")
    func unclearCommandAskedAndConfirmed() async throws {
        let speaker = RecordingSpeaker()
        let learner = FakeLearner()
        let recognizer = Self.unclear()
        let (events, kitchen, _) = try await Self.listen(to: ["computer", "order a pepperoni pizza", "yes"]) {
            $0.recognizer = recognizer
            $0.wakeWord = Self.wakeWord
            $0.speaker = speaker
            $0.learner = learner
        }
        let asked = Self.unconfirmed(events)
        try #require(asked.count == 1, "\(events)")
        #expect(asked[0].0.shortcutID == "order-pizza")
        #expect(asked[0].1 == 0.1)
        #expect(speaker.said == ["Did you say order a pepperoni pizza?", "Ordering pepperoni."])
        #expect(recognizer.answerRequests == ["yes/no"])
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        let turns = Self.turns(events)
        try #require(turns.count == 1)
        #expect(turns[0].resolution?.candidate?.shortcutID == "order-pizza")
        #expect(turns[0].report.outcome?.dialog == "Ordering pepperoni.")
        // What the person confirmed teaches the learner, as an accepted command does.
        #expect(learner.learned.withLock { $0 } == ["order a pepperoni pizza"])
    }

    /// A pizza order whose topping is a slot value with a default.
    static let toppings = """
        shortcuts:
          - id: order-pizza
            title: Order pizza
            parameters:
              - name: kind
                type: enum
                values: [margherita, pepperoni]
                default: margherita
            phrases: ["order a pizza", "order a pizza with {kind}"]
            handle: { swift: kitchen }
            responses:
              success: "Ordering {kind}."
        """

    @Test("words heard in the background after the wake word: the command without them is asked about, yes runs it")
    func backgroundWordsAskedAbout() async throws {
        let said = ["computer", "order a pizza with pepperoni", "yes"]
        let script = SpokenScript(said)
        let recognizer = FakeRecognizer(
            script: script, answers: ["yes", "no"], background: ["order a pizza with pepperoni": 3..<5])
        let parsed = DefinitionLoader.parse(Self.toppings, file: "/test/toppings.yaml")
        #expect(!parsed.hasErrors, "\(parsed.diagnostics)")
        let speaker = RecordingSpeaker()
        let (events, kitchen, _) = try await Self.listen(to: []) {
            $0.source = SampleBufferSource(script.audio(said))
            $0.recognizer = recognizer
            $0.catalog = PhraseCatalog(shortcuts: parsed.shortcuts)
            $0.wakeWord = WakeWordSettings(detector: FakeWakeWord(script: script, phrase: "computer"))
            $0.speaker = speaker
        }
        #expect(Self.questions(events) == ["Did you say order a pizza?"], "\(events)")
        #expect(kitchen.requests == ["order-pizza kind=margherita"], "\(events)")
        #expect(speaker.said.last == "Ordering margherita.")
    }

    @Test("words heard in the background, not addressed to the listener: nothing runs, and the reason names them")
    func backgroundWordsNotAddressed() async throws {
        let said = ["order a pizza with pepperoni"]
        let script = SpokenScript(said)
        let parsed = DefinitionLoader.parse(Self.toppings, file: "/test/toppings.yaml")
        let (events, kitchen, _) = try await Self.listen(to: []) {
            $0.source = SampleBufferSource(script.audio(said))
            $0.recognizer = FakeRecognizer(script: script, background: ["order a pizza with pepperoni": 3..<5])
            $0.catalog = PhraseCatalog(shortcuts: parsed.shortcuts)
        }
        #expect(kitchen.requests.isEmpty)
        let turns = Self.turns(events)
        try #require(turns.count == 1, "\(events)")
        guard case .rejected(.inBackground(let heard, let words)) = turns[0].understanding.decision else {
            Issue.record("not rejected for background words: \(turns[0].understanding.decision)")
            return
        }
        #expect(heard == "order a pizza with pepperoni" && words == "with pepperoni")
    }

    @Test("no to \"Did you say …?\" runs nothing, and says why")
    func unclearCommandDenied() async throws {
        let (events, kitchen, _) = try await Self.listen(to: ["computer", "order a pepperoni pizza", "no"]) {
            $0.recognizer = Self.unclear()
            $0.wakeWord = Self.wakeWord
        }
        #expect(Self.unconfirmed(events).count == 1)
        #expect(kitchen.requests.isEmpty)
        let turns = Self.turns(events)
        try #require(turns.count == 1)
        #expect(turns[0].report.outcome == nil)
        #expect(
            turns[0].unconfirmedRejection
                == .denied(heard: "order a pepperoni pizza"))
    }

    @Test("an unclear command with no answer runs nothing")
    func unclearCommandUnanswered() async throws {
        let (events, kitchen, _) = try await Self.listen(to: ["computer", "order a pepperoni pizza"]) {
            $0.recognizer = Self.unclear()
            $0.wakeWord = Self.wakeWord
            $0.answerTimeout = .seconds(2)
        }
        #expect(kitchen.requests.isEmpty)
        let turns = Self.turns(events)
        try #require(turns.count == 1)
        #expect(
            turns[0].unconfirmedRejection
                == .unconfirmed(heard: "order a pepperoni pizza"))
    }

    @Test("an unclear command not meant for the listener (no wake word, no trigger) is rejected, not asked about")
    func unclearCommandNotAddressed() async throws {
        let recognizer = Self.unclear()
        let (events, kitchen, _) = try await Self.listen(to: ["order a pepperoni pizza", "yes"]) {
            $0.recognizer = recognizer
        }
        #expect(Self.unconfirmed(events).isEmpty)
        #expect(kitchen.requests.isEmpty)
        #expect(recognizer.answerRequests.isEmpty)
        let turns = Self.turns(events)
        try #require(turns.count == 2)
        guard case .rejected(.unlikePhrases) = turns[0].understanding.decision else {
            Issue.record("not rejected: \(turns[0].understanding.decision)")
            return
        }
    }

    @Test("asking always: an unclear command is asked about without a wake word; never: not even after it")
    func unclearCommandPolicies() async throws {
        let (always, ran, _) = try await Self.listen(to: ["order a pepperoni pizza", "yes"]) {
            $0.recognizer = Self.unclear()
            $0.unclearCommands = .always
        }
        #expect(Self.unconfirmed(always).count == 1)
        #expect(ran.requests == ["order-pizza kind=pepperoni"])
        let (never, none, _) = try await Self.listen(to: ["computer", "order a pepperoni pizza", "yes"]) {
            $0.recognizer = Self.unclear()
            $0.wakeWord = Self.wakeWord
            $0.unclearCommands = .never
        }
        #expect(Self.unconfirmed(never).isEmpty)
        #expect(none.requests.isEmpty)
    }

    @Test("a stream of commands only (a satellite's after its own wake word) counts every command as addressed")
    func unclearCommandsInAStreamOfCommands() {
        #expect(UnclearCommandPolicy.whenAddressed.forStreamOfCommands == .always)
        #expect(UnclearCommandPolicy.never.forStreamOfCommands == .never)
        #expect(UnclearCommandPolicy.always.forStreamOfCommands == .always)
        #expect(UnclearCommandPolicy.whenAddressed.asks(addressed: true))
        #expect(!UnclearCommandPolicy.whenAddressed.asks(addressed: false))
        #expect(!UnclearCommandPolicy.never.asks(addressed: true))
        #expect(UnclearCommandPolicy.always.asks(addressed: false))
    }

    /// The questions asked, in order.
    static func questions(_ events: [ListenerEvent]) -> [String] {
        events.compactMap { if case .questionAsked(let question, _) = $0 { question } else { nil } }
    }

    @Test("the wake word said instead of an answer drops the question and opens a new command")
    func wakeWordInterruptsAQuestion() async throws {
        let (events, kitchen, _) = try await Self.listen(
            to: ["computer", "order a pizza", "computer", "order a pepperoni pizza", "yes"]
        ) {
            $0.recognizer = Self.unclear()
            $0.wakeWord = Self.wakeWord
        }
        #expect(
            Self.questions(events) == ["Did you say order a pizza?", "Did you say order a pepperoni pizza?"],
            "no second try of the first question")
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        let turns = Self.turns(events)
        try #require(turns.count == 2, "\(events)")
        #expect(turns[0].exchanges.map(\.newCommand) == [true])
        #expect(turns[0].exchanges.first?.answer == nil)
        #expect(turns[0].unconfirmedRejection == .unconfirmed(heard: "order a pizza"))
        #expect(turns[1].resolution?.candidate?.shortcutID == "order-pizza")
        #expect(turns[1].exchanges.map(\.newCommand) == [false])
    }

    /// `said`, each a list of transcripts said in one breath (0.15 s apart), 1.2 s between them.
    static func breaths(_ said: [[String]]) -> [Int16] {
        let lengths = said.map { $0.map { SpokenScript.seconds(forIndex: script.transcripts.firstIndex(of: $0)!) } }
        let total = 0.5 + lengths.reduce(0) { $0 + $1.reduce(0, +) + 0.15 * Double($1.count - 1) + 1.2 } + 0.5
        var samples = TestAudio.noise(seconds: total)
        var at = 0.5
        for breath in lengths {
            for length in breath {
                TestAudio.mix(TestAudio.burst(seconds: length), into: &samples, at: Int(at * 16_000))
                at += length + 0.15
            }
            at += 1.2 - 0.15
        }
        return samples
    }

    @Test("the earcon plays when the wake word comes alone, not when the command follows in the same breath")
    func earconForTheWakeWordAlone() async throws {
        let earcon = CountingEarcon()
        let (events, kitchen, _) = try await Self.listen(to: []) {
            $0.source = SampleBufferSource(
                Self.breaths([["computer"], ["order a pepperoni pizza"], ["computer", "order a pepperoni pizza"]]))
            $0.wakeWord = WakeWordSettings(
                detector: PrefixWakeWord(script: Self.script, phrase: "computer"), earcon: earcon)
        }
        #expect(earcon.plays.load(ordering: .relaxed) == 1, "\(events)")
        #expect(kitchen.requests == ["order-pizza kind=pepperoni", "order-pizza kind=pepperoni"])
    }

    @Test("the wake word and an answer in one breath (\"computer, yes\") answers the question")
    func wakeWordThenAnswerInOneBreath() async throws {
        let said = [["computer"], ["order a pepperoni pizza"], ["computer", "yes"]]
        let (events, kitchen, _) = try await Self.listen(to: []) {
            $0.source = SampleBufferSource(Self.breaths(said))
            $0.recognizer = FakeRecognizer(
                script: Self.script, rejecting: true, confirmable: true, answers: ["yes", "no"])
            $0.wakeWord = WakeWordSettings(detector: PrefixWakeWord(script: Self.script, phrase: "computer"))
        }
        #expect(Self.questions(events) == ["Did you say order a pepperoni pizza?"])
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"], "\(events)")
        let turns = Self.turns(events)
        try #require(turns.count == 1, "\(events)")
        #expect(turns[0].exchanges.map(\.newCommand) == [false])
        #expect(turns[0].exchanges.first?.answer == "yes")
    }

    @Test("the wake word and a command in one breath, said instead of an answer, drops the question and is heard")
    func wakeWordThenCommandInOneBreath() async throws {
        let said = [["computer"], ["order a pepperoni pizza"], ["computer", "lights off"], ["yes"]]
        let (events, kitchen, _) = try await Self.listen(to: []) {
            $0.source = SampleBufferSource(Self.breaths(said))
            $0.recognizer = FakeRecognizer(
                script: Self.script, rejecting: true, confirmable: true, answers: ["yes", "no"])
            $0.wakeWord = WakeWordSettings(detector: PrefixWakeWord(script: Self.script, phrase: "computer"))
        }
        #expect(
            Self.questions(events) == ["Did you say order a pepperoni pizza?", "Did you say lights off?", "Lights?"],
            "\(events)")
        let turns = Self.turns(events)
        try #require(turns.count == 2, "\(events)")
        #expect(turns[0].exchanges.map(\.newCommand) == [true])
        #expect(turns[1].resolution?.candidate?.shortcutID == "lights")
        // "yes" confirmed "lights off"; the shortcut's own confirmation then had no answer.
        #expect(kitchen.requests.isEmpty)
    }

    @Test("without a wake word, a command the phrases accept said instead of an answer drops the question and runs")
    func acceptedCommandInterruptsAQuestion() async throws {
        let recognizer = FakeRecognizer(script: Self.script, answers: ["yes", "no", "pepperoni"])
        let (events, kitchen, _) = try await Self.listen(to: ["lights off", "order a pepperoni pizza"]) {
            $0.recognizer = recognizer
        }
        #expect(Self.questions(events).count == 1, "\(Self.questions(events))")
        #expect(recognizer.answerRequests == ["yes/no"])
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        let turns = Self.turns(events)
        try #require(turns.count == 2, "\(events)")
        #expect(turns[0].report.outcome?.shortcut == "lights")
        #expect(turns[0].exchanges.map(\.newCommand) == [true])
        #expect(turns[0].exchanges.first?.heard == "order a pepperoni pizza")
        #expect(turns[1].understanding.decision.accepted?.shortcutID == "order-pizza")
    }

    @Test("speech that is neither an answer nor a command is asked again, and the answer after it counts")
    func neitherAnswerNorCommandAsksAgain() async throws {
        let recognizer = FakeRecognizer(script: Self.script, answers: ["yes", "no", "pepperoni"])
        let (events, kitchen, _) = try await Self.listen(to: ["lights off", "computer", "yes"]) {
            $0.recognizer = recognizer
        }
        #expect(Self.questions(events).count == 2, "\(Self.questions(events))")
        #expect(kitchen.requests == ["lights state=false"])
        let turns = Self.turns(events)
        try #require(turns.count == 1, "\(events)")
        #expect(turns[0].exchanges.map(\.newCommand) == [false, false])
        #expect(turns[0].exchanges.map(\.answer) == [nil, "yes"])
    }

    @Test("a rejection that is not confirmable is never asked about")
    func rejectionNotConfirmable() async throws {
        let (events, kitchen, _) = try await Self.listen(to: ["computer", "order a pepperoni pizza", "yes"]) {
            $0.recognizer = FakeRecognizer(script: Self.script, rejecting: true)
            $0.wakeWord = Self.wakeWord
            $0.unclearCommands = .always
        }
        #expect(Self.unconfirmed(events).isEmpty)
        #expect(kitchen.requests.isEmpty)
    }

    @Test("maximumTurns stops after that many decided utterances")
    func maximumTurns() async throws {
        let (events, kitchen, _) = try await Self.listen(to: ["order a pepperoni pizza", "order a pepperoni pizza"]) {
            $0.maximumTurns = 1
        }
        #expect(Self.turns(events).count == 1)
        #expect(kitchen.requests.count == 1)
    }

    @Test("maximumCommands stops after that many accepted utterances, past rejected ones")
    func maximumCommands() async throws {
        // "no" is none of the phrases: rejected, and listening goes on to the command.
        let (events, kitchen, _) = try await Self.listen(
            to: ["no", "order a pepperoni pizza", "order a pepperoni pizza"]
        ) {
            $0.maximumCommands = 1
        }
        let turns = Self.turns(events)
        #expect(turns.map { $0.understanding.decision.accepted != nil } == [false, true])
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
    }

    @Test("the front-end slot: a gain stage makes whispered commands heard")
    func frontEndSlot() async throws {
        // Below the endpointer's least speech level (-70 dBFS).
        let quiet = try await Self.listen(to: ["order a pepperoni pizza"], amplitude: 8, noiseLevel: -100)
        #expect(Self.turns(quiet.events).isEmpty)
        let amplified = try await Self.listen(to: ["order a pepperoni pizza"], amplitude: 8, noiseLevel: -100) {
            $0.frontEnds = [Gain(factor: 500)]
        }
        #expect(amplified.kitchen.requests == ["order-pizza kind=pepperoni"])
    }

    @Test("with the front-end bypass, speech in a quiet room is recognized as it came, in noise through the front ends")
    func frontEndBypass() async throws {
        // The gain doubles the audio: the loudest sample the recognizer hears tells which it heard.
        for (noiseLevel, bypass, doubled) in [(-80.0, true, false), (-80, false, true), (-36, true, true)] {
            let said = Self.script.audio(["order a pepperoni pizza"], noiseLevel: noiseLevel)
            let loudest = said.map { abs(Int($0)) }.max() ?? 0
            let recognizer = LoudnessRecordingRecognizer(inner: FakeRecognizer(script: Self.script))
            let (_, kitchen, _) = try await Self.listen(to: ["order a pepperoni pizza"], noiseLevel: noiseLevel) {
                $0.frontEnds = [Gain(factor: 2)]
                $0.frontEndBypass = bypass ? FrontEndBypass() : nil
                $0.recognizer = recognizer
            }
            // (Noise this loud makes the fake recognizer mishear the burst; only the audio it heard counts there.)
            if noiseLevel < -60 { #expect(kitchen.requests == ["order-pizza kind=pepperoni"], "bypass \(bypass)") }
            let peaks = recognizer.peaks.withLock { $0 }
            try #require(!peaks.isEmpty)
            #expect(
                peaks.allSatisfy { doubled ? $0 > loudest : $0 <= loudest },
                "noise \(noiseLevel) dBFS, bypass \(bypass): \(peaks), as it came \(loudest)")
        }
    }

    @Test("the detector slot: another utterance detector cuts the stream")
    func detectorSlot() async throws {
        let detector = CountingDetector(inner: Endpointer())
        let (events, kitchen, _) = try await Self.listen(to: ["order a pepperoni pizza"]) { $0.detector = detector }
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        #expect(Self.turns(events).count == 1)
        #expect(detector.counter.count > 0)
    }

    @Test("the wake-word slot: commands without the wake word are ignored")
    func wakeWordSlot() async throws {
        let (events, kitchen, _) = try await Self.listen(
            to: ["order a pepperoni pizza", "computer", "order a pepperoni pizza", "order a pepperoni pizza"]
        ) {
            $0.wakeWord = WakeWordSettings(detector: FakeWakeWord(script: Self.script, phrase: "computer"))
        }
        // Only the order right after the wake word runs.
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        let ignored = events.filter { if case .ignored(_, .noWakeWord) = $0 { true } else { false } }
        #expect(ignored.count == 2)
        let woken = events.contains { if case .wakeWordHeard = $0 { true } else { false } }
        #expect(woken)
    }

    @Test("the wake word alone is answered with the reply, and the next utterance is the command")
    func wakeWordReply() async throws {
        let speaker = RecordingSpeaker()
        let (events, kitchen, _) = try await Self.listen(
            to: ["computer", "order a pepperoni pizza", "order a pepperoni pizza"]
        ) {
            $0.wakeWord = WakeWordSettings(
                detector: FakeWakeWord(script: Self.script, phrase: "computer"), reply: "yes?")
            $0.speaker = speaker
        }
        #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
        #expect(speaker.said == ["yes?", "Ordering pepperoni."])
        let ignored = events.filter { if case .ignored(_, .noWakeWord) = $0 { true } else { false } }
        #expect(ignored.count == 1)
    }

    @Test("through a front end that changes the audio, the wake word is also heard in the audio as it was")
    func wakeWordHearsTheUnprocessedAudio() async throws {
        for (frontEnds, hears) in [([ViewCheckingWakeWord.gain], true), ([IdentityFrontEnd()], false)]
            as [([any AudioFrontEnd], Bool)]
        {
            for opted in [true, false] {
                let wake = ViewCheckingWakeWord(script: Self.script, phrase: "computer")
                let (_, kitchen, _) = try await Self.listen(to: ["computer", "order a pepperoni pizza"]) {
                    $0.frontEnds = frontEnds
                    $0.wakeWord = WakeWordSettings(detector: wake, hearsUnprocessed: opted)
                }
                #expect(kitchen.requests == ["order-pizza kind=pepperoni"])
                let heard = wake.heard.withLock { $0 }
                try #require(!heard.isEmpty)
                if hears && opted {
                    // Every utterance came with the same samples before the front end amplified them.
                    #expect(heard.allSatisfy { $0 == .linedUp }, "\(heard)")
                } else {
                    #expect(heard.allSatisfy { $0 == .none }, "\(heard)")
                }
            }
        }
    }

    @Test("the learner slot: accepted utterances are learned from in the background")
    func learnerSlot() async throws {
        let learner = FakeLearner()
        let (events, _, _) = try await Self.listen(to: ["order a pepperoni pizza", "order a pepperoni pizza"]) {
            $0.learner = learner
        }
        #expect(learner.learned.withLock { $0 } == ["order a pepperoni pizza", "order a pepperoni pizza"])
        let adapted = events.compactMap { if case .adapted(let count) = $0 { count } else { nil } }
        #expect(adapted == [2])
    }

    @Test("edited phrases are reloaded between utterances")
    func reload() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("incant-listener-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shortcuts.yaml").path
        try Self.shortcuts.write(toFile: file, atomically: true, encoding: .utf8)
        let loads = Atomic<Int>(0)
        let (events, _, recognizer) = try await Self.listen(to: ["order a pepperoni pizza", "order a pepperoni pizza"])
        {
            $0.reload = CatalogReload(definitionsPath: file, phrasesDirectory: folder.path + "/phrases") {
                loads.add(1, ordering: .relaxed)
                return try Self.catalog()
            }
            // The file changes after the first utterance is read.
            let edit = EditOnRecognize(file: file, inner: $0.recognizer)
            $0.recognizer = edit
        }
        #expect(loads.load(ordering: .relaxed) == 1)
        #expect(events.contains { if case .reloaded = $0 { true } else { false } })
        _ = recognizer
    }
}

/// Recognizes bursts by their length (``SpokenScript``).
final class FakeRecognizer: SpeechRecognizer {
    let script: SpokenScript
    let rejecting: Bool
    /// Rejected commands are confirmable (answers are then heard clearly).
    let confirmable: Bool
    /// The only transcripts understood as answers, as an answer grammar would have it (nil:
    /// every transcript).
    let answers: Set<String>?
    /// Commands heard with background words: transcript → the words' span.
    let background: [String: Range<Int>]
    /// Transcripts whose phrase goes on (``RecognitionResult/phraseContinues``).
    let continuing: Set<String>
    /// How well each transcript fits the audio it is heard in (``RecognitionResult/fit``).
    let fits: [String: Double]
    /// Transcripts whose words span only the first burst of the audio, as if what follows it
    /// were a sound the words were not heard in; the others span every burst.
    let firstBurstOnly: Set<String>
    private let requests = Mutex<[String]>([])
    private let commandsHeard = Mutex<[String]>([])

    init(
        script: SpokenScript, rejecting: Bool = false, confirmable: Bool = false, answers: Set<String>? = nil,
        background: [String: Range<Int>] = [:], continuing: Set<String> = [], fits: [String: Double] = [:],
        firstBurstOnly: Set<String> = []
    ) {
        self.fits = fits
        self.firstBurstOnly = firstBurstOnly
        self.script = script
        self.rejecting = rejecting
        self.confirmable = confirmable
        self.answers = answers
        self.background = background
        self.continuing = continuing
    }

    var answerRequests: [String] { requests.withLock { $0 } }

    /// The transcripts of every command recognition, in order.
    var recognitions: [String] { commandsHeard.withLock { $0 } }

    func recognize(_ samples: [Int16], cancellation: RecognitionCancellation?) throws -> RecognitionResult {
        let heard = recognize(samples, rejecting: rejecting)
        commandsHeard.withLock { $0.append(heard.transcript) }
        return heard
    }

    func recognize(_ samples: [Int16], rejecting: Bool) -> RecognitionResult {
        guard let transcript = script.transcript(of: samples) else {
            return .nothing(audioSeconds: Double(samples.count) / 16_000)
        }
        return RecognitionResult(
            transcripts: [transcript], confidence: rejecting ? 0.1 : 0.9, rejection: rejecting ? .unlikePhrases : nil,
            audioSeconds: Double(samples.count) / 16_000, decodeSeconds: 0,
            words: Self.span(of: samples, firstBurstOnly: firstBurstOnly.contains(transcript)).map {
                [RecognizedWord(word: transcript, start: $0.lowerBound, end: $0.upperBound)]
            } ?? [], confirmable: rejecting && confirmable,
            backgroundWords: background[transcript].flatMap { BackgroundWords(span: $0, of: transcript) },
            phraseContinues: continuing.contains(transcript), fit: fits[transcript])
    }

    /// From the first loud 10 ms frame of `samples` to the last (or to the end of the first
    /// burst: loud frames with no more than 0.1 s of quiet inside), in seconds.
    static func span(of samples: [Int16], firstBurstOnly: Bool) -> ClosedRange<Double>? {
        guard let (levels, loudest) = SpokenScript.frameLevels(of: samples) else { return nil }
        let loud = levels.indices.filter { levels[$0] > loudest * 0.05 }
        guard let first = loud.first, var last = loud.last else { return nil }
        if firstBurstOnly {
            last = first
            for index in loud where index - last <= 10 { last = index }
        }
        return Double(first) / 100...Double(last + 1) / 100
    }

    func recognizeAnswer(_ samples: [Int16], to request: AnswerRequest) throws -> RecognitionResult {
        let name =
            switch request {
            case .yesNo: "yes/no"
            case .value(let parameter, _): "value \(parameter.name)"
            case .dictation: "dictation"
            case .choice(let words): "choice " + words.joined(separator: "/")
            }
        requests.withLock { $0.append(name) }
        let heard = recognize(samples, rejecting: rejecting && !confirmable)
        guard let answers, !answers.contains(heard.transcript) else { return heard }
        return recognize(samples, rejecting: true)
    }

    func reload(_ catalog: PhraseCatalog) throws {}
}

/// Samples in memory, handed out more slowly than a file would be (a loaded machine).
struct SlowSource: AudioSource {
    let samples: [Int16]
    /// Wall-clock pause after each 20 ms chunk.
    let pause: TimeInterval
    var description: String { "slow samples" }

    func frames() -> AudioFrameStream {
        let samples = samples
        let pause = pause
        return AudioFrameStream(threadName: "incant.slow-samples") { sink in
            var start = 0
            while start < samples.count {
                let end = min(samples.count, start + 320)
                guard sink.send(Array(samples[start..<end])) else { return }
                start = end
                Thread.sleep(forTimeInterval: pause)
            }
        }
    }
}

/// Touches a definitions file the first time it recognizes, so the next utterance reloads.
final class EditOnRecognize: SpeechRecognizer {
    let file: String
    let inner: any SpeechRecognizer
    private let edited = Atomic<Bool>(false)

    init(file: String, inner: any SpeechRecognizer) {
        self.file = file
        self.inner = inner
    }

    func recognize(_ samples: [Int16], cancellation: RecognitionCancellation?) throws -> RecognitionResult {
        if !edited.exchange(true, ordering: .relaxed) {
            try (ListenerTests.shortcuts + "\n# edited\n").write(toFile: file, atomically: true, encoding: .utf8)
        }
        return try inner.recognize(samples, cancellation: cancellation)
    }

    func recognizeAnswer(_ samples: [Int16], to request: AnswerRequest) throws -> RecognitionResult {
        try inner.recognizeAnswer(samples, to: request)
    }

    func reload(_ catalog: PhraseCatalog) throws { try inner.reload(catalog) }
}

/// Remembers what it was asked to say.
final class RecordingSpeaker: DialogSpeaker {
    private let log = Mutex<[String]>([])
    var said: [String] { log.withLock { $0 } }
    func say(_ text: String) async { log.withLock { $0.append(text) } }
}

/// A recognizer that notes the loudest sample of each utterance it is given.
final class LoudnessRecordingRecognizer: SpeechRecognizer {
    let inner: any SpeechRecognizer
    let peaks = Mutex<[Int]>([])

    init(inner: any SpeechRecognizer) { self.inner = inner }

    func recognize(_ samples: [Int16], cancellation: RecognitionCancellation?) throws -> RecognitionResult {
        peaks.withLock { $0.append(samples.map { abs(Int($0)) }.max() ?? 0) }
        return try inner.recognize(samples, cancellation: cancellation)
    }

    func recognizeAnswer(_ samples: [Int16], to request: AnswerRequest) throws -> RecognitionResult {
        try inner.recognizeAnswer(samples, to: request)
    }

    func reload(_ catalog: PhraseCatalog) throws { try inner.reload(catalog) }
}

/// Multiplies every sample (an automatic gain stage, fixed).
final class Gain: AudioFrontEnd {
    let factor: Int
    init(factor: Int) { self.factor = factor }
    var name: String { "gain" }
    var latencySamples: Int { 0 }
    func process(_ samples: [Int16]) -> [Int16] { samples.map { Int16(clamping: Int($0) * factor) } }
    func flush() -> [Int16] { [] }
    func reset() {}
}

/// The endpointer, counting the chunks it is given.
struct CountingDetector: UtteranceDetector {
    var inner: Endpointer
    let counter = Counter()

    final class Counter: Sendable {
        let value = Atomic<Int>(0)
        var count: Int { value.load(ordering: .relaxed) }
    }

    mutating func process(_ samples: [Int16]) -> [Utterance] {
        counter.value.add(1, ordering: .relaxed)
        return inner.process(samples)
    }

    mutating func finish() -> Utterance? { inner.finish() }
    var settledSpeechEnd: Int? { inner.settledSpeechEnd }
    var ongoingSpeechStart: Int? { inner.ongoingSpeechStart }
    var settledUtterance: Utterance? { inner.settledUtterance }
}

/// Hears the wake word when the whole utterance is its burst.
struct FakeWakeWord: WakeWordDetector {
    let script: SpokenScript
    let phrase: String

    func detect(in utterance: Utterance) throws -> WakeDetection? {
        script.transcript(of: utterance.samples) == phrase
            ? WakeDetection(startSample: 0, endSample: utterance.samples.count, confidence: 1) : nil
    }
}

/// Counts how often it is played.
final class CountingEarcon: EarconPlayer {
    let plays = Atomic<Int>(0)
    func play() async { plays.add(1, ordering: .relaxed) }
}

/// Hears the wake word when an utterance's first burst is as long as the phrase's: said alone,
/// or followed by more in the same breath.
struct PrefixWakeWord: WakeWordDetector {
    let script: SpokenScript
    let phrase: String

    func detect(in utterance: Utterance) throws -> WakeDetection? {
        let frame = 160
        guard let (levels, loudest) = SpokenScript.frameLevels(of: utterance.samples) else { return nil }
        var first: Int?
        var last = 0
        for (index, level) in levels.enumerated() {
            if level > loudest * 0.05 {
                if first == nil { first = index }
                last = index
            } else if let first, index - last > 5, index > first {
                break
            }
        }
        guard let first else { return nil }
        let seconds = Double(last - first + 1) / 100
        let nearest = script.transcripts.indices.min {
            abs(SpokenScript.seconds(forIndex: $0) - seconds) < abs(SpokenScript.seconds(forIndex: $1) - seconds)
        }
        guard let nearest, script.transcripts[nearest] == phrase else { return nil }
        return WakeDetection(startSample: first * frame, endSample: (last + 1) * frame, confidence: 1)
    }
}

/// Hears the wake word as ``FakeWakeWord`` does, and notes how the audio before the front end
/// it was given relates to the utterance: lined up when ``gain`` makes the utterance of it.
final class ViewCheckingWakeWord: WakeWordDetector {
    enum Unprocessed: Equatable { case none, linedUp, different }
    /// The front end the listener is given (it keeps no state).
    static let gain = Gain(factor: 2)
    let inner: FakeWakeWord
    let heard = Mutex<[Unprocessed]>([])
    var phrase: String { inner.phrase }

    init(script: SpokenScript, phrase: String) { inner = FakeWakeWord(script: script, phrase: phrase) }

    func detect(in utterance: Utterance) throws -> WakeDetection? { try detect(in: utterance, unprocessed: nil) }

    func detect(in utterance: Utterance, unprocessed: [Int16]?) throws -> WakeDetection? {
        let view: Unprocessed =
            unprocessed.map { Self.gain.process($0) == utterance.samples } == true
            ? .linedUp : unprocessed == nil ? .none : .different
        heard.withLock { $0.append(view) }
        return try inner.detect(in: utterance)
    }
}

/// Keeps what it learned; reports an adaptation every second utterance.
final class FakeLearner: UtteranceLearner {
    let learned = Mutex<[String]>([])

    func learn(from samples: [Int16], transcript: String) throws -> Int? {
        let count = learned.withLock {
            $0.append(transcript)
            return $0.count
        }
        return count % 2 == 0 ? count : nil
    }
}
