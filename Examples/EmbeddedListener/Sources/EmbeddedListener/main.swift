import Foundation
import IncantCapture
import IncantDispatch
import IncantListening
import IncantPhrases
import IncantSpeech

// 1. Declare the shortcuts (the same YAML `incant` reads from ~/.config/incant/shortcuts).
let definitions = DefinitionLoader.parse(
    """
    shortcuts:
      - id: lights
        title: Lights
        parameters:
          - { name: room, type: enum, values: [kitchen, hall] }
          - { name: on, type: boolean }
        phrases: ["{room} lights {on}", "lights {on} in the {room}"]
        handle: { swift: lights }
        responses:
          success: "The {room} lights are {on}."
    """, file: "lights.yaml")
guard !definitions.hasErrors else {
    print(definitions.diagnostics.map(\.description).joined(separator: "\n"))
    exit(65)
}
let catalog = PhraseCatalog(shortcuts: definitions.shortcuts)

// 2. Handle them in-process.
struct Lights: ShortcutHandler {
    func handle(_ request: ShortcutRequest) async throws -> ShortcutResponse {
        FileHandle.standardError.write(Data("lights handler: \(request.parameters)\n".utf8))
        return .success
    }
}
var handlers = HandlerRegistry()
handlers.register(Lights(), as: "lights")

// 3. A stand-in recognizer: each utterance is a tone whose pitch picks a sentence.
let sentences = ["kitchen lights on", "lights off in the hall", "play some jazz"]

struct ToneRecognizer: SpeechRecognizer {
    func recognize(_ samples: [Int16], cancellation: RecognitionCancellation?) throws -> RecognitionResult {
        // Zero crossings per second tell the pitch: 200, 400 or 600 Hz.
        let crossings = zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        let loud = samples.filter { abs(Int($0)) > 1_000 }.count
        let seconds = Double(samples.count) / Double(AudioFormat.sampleRate)
        guard loud > 0 else { return .nothing(audioSeconds: seconds) }
        let pitch = Double(crossings) / 2 / (Double(loud) / Double(AudioFormat.sampleRate))
        let index = min(sentences.count - 1, max(0, Int((pitch / 200).rounded()) - 1))
        return RecognitionResult(
            transcripts: [sentences[index]], confidence: 0.9, rejection: nil, audioSeconds: seconds,
            decodeSeconds: 0)
    }

    func recognizeAnswer(_ samples: [Int16], to request: AnswerRequest) throws -> RecognitionResult {
        try recognize(samples, cancellation: nil)
    }

    func reload(_ catalog: PhraseCatalog) throws {}
}

/// One second of each tone with silence between, as a microphone would hear three commands.
struct Tones: AudioSource {
    var description: String { "three tones" }
    func frames() -> AudioFrameStream {
        AudioFrameStream(threadName: "tones") { sink in
            let rate = Double(AudioFormat.sampleRate)
            var samples = [Int16](repeating: 0, count: AudioFormat.sampleRate / 2)
            for pitch in [200.0, 400.0, 600.0] {
                samples += (0..<AudioFormat.sampleRate).map { Int16(8_000 * sin(2 * .pi * pitch * Double($0) / rate)) }
                samples += [Int16](repeating: 0, count: AudioFormat.sampleRate)
            }
            for start in stride(from: 0, to: samples.count, by: 320) {
                guard sink.send(Array(samples[start..<min(start + 320, samples.count)])) else { return }
            }
        }
    }
}

// 4. Listen, and print what happens. A listener that runs for long keeps its memory flat when
// large blocks get pages of their own (a setting of the whole process, so the program's to make).
FreedMemory.keepLargeBlocksApart()
let listener = Listener(
    ListenerConfiguration(
        source: Tones(), recognizer: ToneRecognizer(), catalog: catalog,
        dispatcher: Dispatcher(handlers: handlers)))
for try await event in listener.events() {
    switch event {
    case .turn(let turn):
        switch turn.understanding.decision {
        case .accepted(let candidate):
            print("\"\(turn.understanding.recognition.transcript)\" → \(candidate.shortcutID): \(turn.report.outcome?.dialog ?? "")")
        case .ambiguous(let candidates):
            print("\"\(turn.understanding.recognition.transcript)\" → ambiguous between \(candidates.map(\.shortcutID))")
        case .uncertain(let choice):
            // The person was asked which word was said; what they named ran, if anything.
            let ran = turn.resolution?.candidate.map { "\($0.shortcutID) (asked)" } ?? "nothing runs"
            print("\"\(turn.understanding.recognition.transcript)\" → \(ran): \(choice)")
        case .unconfirmed(let candidate):
            // Heard too unclearly to act on: the person was asked "Did you say …?"; yes ran it.
            let ran = turn.resolution?.candidate.map { "\($0.shortcutID) (confirmed)" } ?? "nothing runs"
            print("\"\(candidate.transcript)\" → \(ran)")
        case .rejected(let reason):
            print("\"\(turn.understanding.recognition.transcript)\" → nothing runs: \(reason)")
        }
    default:
        break
    }
}
