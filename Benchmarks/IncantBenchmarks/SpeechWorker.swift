import Foundation
import IncantPhrases

/// The phrase sets of the speech benchmark.
enum PhraseSet: String, Sendable, CaseIterable {
    case coffee
    case home
    /// Short commands cut from the coffee orders (``ShortCommands``), with their own phrases.
    case shortCommands
}

/// One worker thread's recognizers: the three systems for each phrase set, with their own
/// pocketsphinx decoders (a decoder decodes one utterance at a time).
final class SpeechWorker: @unchecked Sendable {
    let systems: [PhraseSet: [SystemKind: SpeechSystem]]

    init(systems: [PhraseSet: [SystemKind: SpeechSystem]]) {
        self.systems = systems
    }

    /// Builds the systems; `measure` is called around each construction (load time, memory).
    static func make(
        catalogs: [PhraseSet: PhraseCatalog], dictionaryFiles: [String],
        measure: (SystemKind, PhraseSet, () throws -> SpeechSystem) throws -> SpeechSystem
    ) throws -> SpeechWorker {
        var systems: [PhraseSet: [SystemKind: SpeechSystem]] = [:]
        var transcriber: DictationTranscriber?
        for set in PhraseSet.allCases {
            guard let catalog = catalogs[set] else { continue }
            for kind in SystemKind.allCases {
                systems[set, default: [:]][kind] = try measure(kind, set) {
                    switch kind {
                    case .incant: return try IncantSystem(catalog: catalog, dictionaryFiles: dictionaryFiles)
                    case .jsgf: return try JSGFBaselineSystem(catalog: catalog, dictionaryFiles: dictionaryFiles)
                    case .dictation:
                        if transcriber == nil { transcriber = try DictationTranscriber() }
                        return DictationBaselineSystem(transcriber: transcriber!, catalog: catalog)
                    }
                }
            }
        }
        return SpeechWorker(systems: systems)
    }

    /// Scores the clips at `indices` of `clips` against `set` with the systems `kinds`; the
    /// dictation baseline only where `dictationAt` says so.
    func evaluate(
        _ clips: [SpeechClip], indices: some Sequence<Int>, set: PhraseSet, systems kinds: Set<SystemKind>,
        dictationAt: (Int) -> Bool,
        done: () -> Void
    ) -> [SystemKind: ConditionScore] {
        var scores: [SystemKind: ConditionScore] = [:]
        for index in indices {
            let clip = clips[index]
            for kind in SystemKind.allCases where kinds.contains(kind) {
                if kind == .dictation && !dictationAt(index) { continue }
                guard let system = systems[set]?[kind] else { continue }
                (system as? DictationBaselineSystem)?.clipName = clip.name
                var understanding = Understanding(accepted: nil, transcript: "", decodeSeconds: 0, resultSeconds: 0)
                do {
                    understanding = try system.understand(clip.samples)
                } catch {
                    FileHandle.standardError.write(Data("\(kind.rawValue) failed on \(clip.name): \(error)\n".utf8))
                }
                scores[kind, default: ConditionScore()].add(understanding, clip: clip)
            }
            done()
        }
        return scores
    }
}
