import Foundation
import IncantCapture
import IncantPhrases
import IncantSpeech

/// Adapts the acoustic model to the takes `incant phrases record` kept (`incant adapt`).
///
/// Each take is read from the phrase store, passed through the high-pass filter
/// (``highPassCutoff``) and the front end (unless the
/// ``frontEndBypass`` hears it as it came: as `listen` hears speech, so the transform fits what
/// it hears) and recognized. A take heard as its own
/// phrase, accepted or not (a take in noise may be rejected), gives the words said; the others
/// are skipped. One MLLR transform is estimated from those words with SphinxTrain, written,
/// and applied to the recognizer; then every take is recognized again, so the report says how
/// many passed before and after.
public struct TakeAdaptation: Sendable {
    /// Decodes the takes and is adapted with the new transform. It should run without a
    /// transform, so that the estimate starts from the model as shipped.
    public let recognizer: GrammarRecognizer
    /// Matches what each take was heard as to the phrases.
    public let matcher: PhraseMatcher
    /// Where the takes are read (``IncantPhrases/PhraseStore/takePath(_:)``).
    public let store: PhraseStore
    /// What the takes pass through before recognition.
    public let frontEnd: any AudioFrontEnd
    /// When a take is heard as it came instead of through ``frontEnd`` (as the listener's
    /// ``IncantCapture/FrontEndBypass``); nil, the default, never.
    public var frontEndBypass: FrontEndBypass? = nil
    /// The cutoff (Hz) of the high-pass filter each take passes through first, as the listener's
    /// (``IncantCapture/HighPassFilter``); nil, the default: none.
    public var highPassCutoff: Double? = nil
    /// The SphinxTrain programs; nil to locate them (``SphinxTrainTools/locate(paths:)`` with this process's ``IncantPaths``)
    /// once the takes are recognized.
    public var tools: SphinxTrainTools?

    public init(
        recognizer: GrammarRecognizer, catalog: PhraseCatalog, store: PhraseStore,
        frontEnd: any AudioFrontEnd = IdentityFrontEnd(), tools: SphinxTrainTools? = nil
    ) {
        self.recognizer = recognizer
        matcher = PhraseMatcher(catalog: catalog)
        self.store = store
        self.frontEnd = frontEnd
        self.tools = tools
    }

    /// Adapts to the takes of `phrases`, writes the transform to `path` (its folder made when
    /// missing) and applies it to ``recognizer``.
    ///
    /// - Throws: ``AdaptationError`` when no transform can be estimated (no usable take, a
    ///   missing or failing program), ``TransformApplyError`` when the written transform cannot
    ///   be applied, and what writing the file or recognizing throws.
    public func adapt(_ phrases: [UserPhrase], writingTo path: String) async throws -> TakeAdaptationReport {
        let interpreter = SpeechInterpreter(recognizer: recognizer, matcher: matcher)
        var takes: [AdaptationTake] = []
        var skipped: [String] = []
        var decoded: [(phrase: UserPhrase, samples: [Int16])] = []
        var recognizedBefore = 0
        for phrase in phrases {
            for take in phrase.takes {
                do {
                    var recorded = try WAVFile.readSamples(path: try store.takePath(take))
                    if let highPassCutoff { recorded = HighPassFilter(cutoff: highPassCutoff).process(recorded) }
                    let samples = frontEnd.wholeRecording(recorded, bypass: frontEndBypass)
                    let heard = try await Self.recognize(samples, with: interpreter)
                    decoded.append((phrase, samples))
                    if phrase.isRun(by: heard.accepted) { recognizedBefore += 1 }
                    // The words said are the phrase's as recognized: the best match must be the
                    // take's own phrase.
                    guard heard.match.best?.phrase.origin == .user(id: phrase.id),
                        !heard.recognition.transcript.isEmpty
                    else {
                        skipped.append("\(take): heard \"\(heard.recognition.transcript)\", not \"\(phrase.phrase)\"")
                        continue
                    }
                    let words = heard.recognition.transcript.split(separator: " ").map(String.init)
                    takes.append(AdaptationTake(label: take, samples: samples, words: words))
                } catch {
                    skipped.append("\(take): \(error)")
                }
            }
        }
        guard !takes.isEmpty else { throw AdaptationError.noUsableTakes(skipped: skipped) }
        let estimate = try await recognizer.estimateAdaptation(
            takes, tools: try tools ?? SphinxTrainTools.locate(paths: IncantPaths()))
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try estimate.transform.write(to: path)
        // The same decoders, now with the transform: no second model load.
        do {
            try recognizer.applyAdaptation(path)
        } catch {
            throw TransformApplyError(path: path, reason: error)
        }
        var recognizedAfter = 0
        for (phrase, samples) in decoded {
            let heard = try await Self.recognize(samples, with: interpreter)
            if phrase.isRun(by: heard.accepted) { recognizedAfter += 1 }
        }
        return TakeAdaptationReport(
            transform: path, takes: phrases.reduce(0) { $0 + $1.takes.count }, decoded: decoded.count,
            used: estimate.used.count, skipped: skipped + estimate.skipped, recognizedBefore: recognizedBefore,
            recognizedAfter: recognizedAfter)
    }

    private static func recognize(_ samples: [Int16], with interpreter: SpeechInterpreter) async throws -> SpeechMatch {
        try await DecodingQueue.run {
            interpreter.interpret(try interpreter.recognizer.recognizeSynchronously(samples))
        }
    }
}

/// A new transform was written but the recognizer could not use it.
public struct TransformApplyError: Error, CustomStringConvertible {
    /// The transform's file.
    public var path: String
    /// What applying it threw.
    public var reason: any Error

    public init(path: String, reason: any Error) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot use the new transform: \(reason)" }
}
