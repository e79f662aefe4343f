import IncantCapture
import IncantSpeech
import IncantTestSupport
import Testing

@testable import IncantListening

/// The wake window: how long after a wake word said alone the next utterance is the command.
@Suite("Wake gate")
struct WakeGateTests {
    static let script = SpokenScript(["computer", "lights off"])

    /// An utterance of `words` whose speech starts at stream second `second`.
    static func utterance(_ words: String, at second: Double) -> Utterance {
        let samples = script.audio([words], amplitude: 8_000, noiseLevel: -62)
        let start = Int(second * 16_000)
        return Utterance(
            samples: samples, startSample: start, speechStartSample: start, speechEndSample: start + samples.count,
            endReason: .silence)
    }

    static func gate(window: Duration = .seconds(2)) -> WakeGate {
        WakeGate(
            settings: WakeWordSettings(detector: FakeWakeWord(script: script, phrase: "computer"), window: window),
            detector: Endpointer())
    }

    static func isCommand(_ verdict: WakeGate.Verdict) -> Bool {
        if case .command = verdict { true } else { false }
    }

    @Test("a command after the window is ignored; one within it is let through")
    func window() async throws {
        var late = Self.gate()
        let wake = Self.utterance("computer", at: 0)
        guard case .awaitingCommand = await late.command(in: wake) else {
            Issue.record("the wake word alone did not open the window")
            return
        }
        let lateStart = Double(wake.endSample) / 16_000 + 3
        #expect(!Self.isCommand(await late.command(in: Self.utterance("lights off", at: lateStart))))

        var early = Self.gate()
        _ = await early.command(in: wake)
        let earlyStart = Double(wake.endSample) / 16_000 + 1
        #expect(Self.isCommand(await early.command(in: Self.utterance("lights off", at: earlyStart))))
    }

    @Test("a spoken reply opens the window again from its end")
    func windowFromTheReply() async throws {
        var gate = Self.gate()
        let wake = Self.utterance("computer", at: 0)
        _ = await gate.command(in: wake)
        // The reply took 2.5 s; the command 3 s after the wake word is 0.5 s after the reply.
        gate.awaitCommand(from: wake.endSample + Int(2.5 * 16_000))
        let start = Double(wake.endSample) / 16_000 + 3
        #expect(Self.isCommand(await gate.command(in: Self.utterance("lights off", at: start))))
    }

    @Test("without a wake word waiting, a reply's end opens nothing")
    func noWindowWithoutWakeWord() async throws {
        var gate = Self.gate()
        gate.awaitCommand(from: 0)
        #expect(!Self.isCommand(await gate.command(in: Self.utterance("lights off", at: 0.5))))
    }
}
