import IncantPhrases
import IncantRecognition
import IncantRoomMixing

/// Short real commands cut from the real recordings, for measuring how Incant treats short
/// speech, which every coffee order is not: the last few words of each clean order whose best
/// path in the coffee grammar is the labelled one, from 30 ms before their first frame to the
/// end of the recording, after the recording's first 0.3 s (room tone).
///
/// They come with their own phrase set: one shortcut, `tail`, whose only phrase is `{tail}`,
/// an enum of every tail cut. The cut start is abrupt (the word before it is coarticulated into
/// it), so these are harder than a command said on its own. Against the home phrases they are
/// short unrelated speech ("whole milk", "almond milk"), the kind a two-word command can
/// swallow.
struct ShortCommands {
    /// The cut clips, each expecting its own words as the `tail` parameter.
    let clips: [SpeechClip]
    /// The phrase set they belong to.
    let catalog: PhraseCatalog

    /// The noise mixed into short command `i` is seeded with `noiseSeed &+ i`, in every benchmark.
    static let noiseSeed: UInt64 = 0x7A11_0000

    /// Cuts the last `words` words of every order in `orders` that `options` (with the coffee
    /// phrases, `catalog`) understands. Each order is searched a second time, with the phrase
    /// search alone, for the audio frames of its words: the recognition's words count only the
    /// frames pocketsphinx kept.
    init(cutting orders: [SpeechClip], words: Int, catalog: PhraseCatalog, options: RecognizerOptions) throws {
        let system = try IncantSystem(catalog: catalog, options: options)
        var cut: [(name: String, samples: [Int16], text: String)] = []
        for clip in orders {
            let understanding = try system.understand(clip.samples)
            guard clip.expected?.isMet(by: understanding.accepted) == true,
                let hypothesis = try system.recognizer.decoder.decode(
                    clip.samples, search: GrammarRecognizer.grammarSearch)
            else { continue }
            let spoken = hypothesis.spokenWords
            guard spoken.count > words else { continue }
            let tail = spoken.suffix(words)
            let text = tail.map(\.word).joined(separator: " ")
            guard text == understanding.transcript.split(separator: " ").suffix(words).joined(separator: " ")
            else { continue }
            let start = max(0, hypothesis.audioFrame(tail.first!.startFrame) * 160 - 480)
            let lead = Array(clip.samples.prefix(4_800))
            cut.append((clip.name, lead + Array(clip.samples[start...]), text))
        }
        let values = Set(cut.map(\.text)).sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        let yaml = """
            shortcuts:
              - id: tail
                parameters:
                  - name: tail
                    type: enum
                    values: [\(values)]
                phrases:
                  - "{tail}"
            """
        let parsed = DefinitionLoader.parse(yaml, file: "tails.yaml")
        if parsed.hasErrors { throw BenchmarkError("short commands: \(parsed.diagnostics.prefix(3))") }
        self.clips = cut.map {
            SpeechClip(
                name: "\($0.name): \($0.text)", samples: $0.samples,
                expected: Expectation(shortcutID: "tail", parameters: ["tail": $0.text]))
        }
        self.catalog = PhraseCatalog(shortcuts: parsed.shortcuts)
    }

    /// The clips mixed with `noise` at `snr` dB (each with its own seed, the same in every run).
    func mixed(with noise: NoiseMixer, snr: Double) -> [SpeechClip] {
        clips.enumerated().map { index, clip in noise.mix(clip, snr: snr, seed: Self.noiseSeed &+ UInt64(index)) }
    }
}
