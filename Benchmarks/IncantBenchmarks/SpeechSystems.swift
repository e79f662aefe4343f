import Foundation
import IncantPhrases
import IncantRecognition

/// What one system made of one clip.
struct Understanding: Sendable {
    /// The shortcut and parameters the system would run, or nil (rejected, nothing heard).
    var accepted: MatchCandidate?
    /// What the decoder heard.
    var transcript: String
    /// Time in the recognizer (pocketsphinx searches, including Incant's phone loop).
    var decodeSeconds: Double
    /// Time from having the whole utterance to having shortcut + parameters (decode + match;
    /// no dispatch).
    var resultSeconds: Double
    /// Incant's acoustic measurements, for `levers --explain`.
    var evidence: AcousticEvidence? = nil
    /// What the matcher made of the transcript before acoustic rejection (`levers --dump`).
    var matched: MatchCandidate? = nil
    /// Every transcript the decoder listed, best first (`levers --dump`, with `--nbest N`).
    var alternatives: [String] = []
    /// The spoken words of the best path (`levers --dump`).
    var words: [WordSegment] = []
    /// The contrasts of the words that have rivals (`levers --dump`).
    var contrasts: [WordContrast] = []
    /// The engine's confidence in the transcript, accepted or not (`levers --dump`).
    var confidence: Double? = nil
    /// What a listener would ask "Did you say …?" about: rejected, but confirmable, and matched
    /// (``RecognizerOptions/confirmationThreshold``), or heard with background words.
    var askable: MatchCandidate? = nil
    /// Words at the transcript's start or end heard no louder than the sound around the speaker.
    var backgroundWords: String? = nil
}

/// One way of turning an utterance into a shortcut, measured side by side with the others.
///
/// Instances are not thread-safe: each benchmark worker thread owns its own (hence
/// `@unchecked Sendable` on the classes, to hand them to that thread).
protocol SpeechSystem: AnyObject, Sendable {
    func understand(_ samples: [Int16]) throws -> Understanding
}

/// Incant as shipped: the FSG word graph, the phone-loop margin for rejection, N-best
/// transcripts matched by the phrase matcher (``SpeechInterpreter``).
final class IncantSystem: SpeechSystem, @unchecked Sendable {
    let recognizer: GrammarRecognizer
    let interpreter: SpeechInterpreter

    /// Incant as shipped, with the project's transforms for narrow channels and common words.
    convenience init(catalog: PhraseCatalog, dictionaryFiles: [String]) throws {
        var options = try BenchmarkPaths().withProjectModels(RecognizerOptions())
        options.dictionaryFiles = dictionaryFiles
        try self.init(catalog: catalog, options: options)
    }

    /// Incant with other settings (`incant-bench levers`).
    init(catalog: PhraseCatalog, options: RecognizerOptions) throws {
        recognizer = try GrammarRecognizer(catalog: catalog, options: options)
        interpreter = SpeechInterpreter(recognizer: recognizer, matcher: PhraseMatcher(catalog: catalog))
    }

    func understand(_ samples: [Int16]) throws -> Understanding {
        let start = ContinuousClock.now
        let recognition = try recognizer.recognizeSynchronously(samples)
        let match = interpreter.interpret(recognition)
        var askable: MatchCandidate?
        if case .unconfirmed(let candidate) = interpreter.interpret(recognition, confirming: true).decision {
            askable = candidate
        }
        return Understanding(
            accepted: match.accepted, transcript: recognition.transcript, decodeSeconds: recognition.decodeSeconds,
            resultSeconds: seconds(since: start), evidence: recognition.evidence, matched: match.match.accepted,
            alternatives: recognition.alternatives, words: recognition.words, contrasts: recognition.contrasts,
            confidence: recognition.acousticConfidence,
            askable: askable, backgroundWords: recognition.backgroundWords?.words)
    }
}

/// The naive baseline: pocketsphinx with the plain JSGF union of the same phrases and default
/// settings, no phone loop and no rejection. Whatever it decodes is accepted: the 1-best
/// transcript (always a phrase of the grammar) is parsed for shortcut and parameters.
final class JSGFBaselineSystem: SpeechSystem, @unchecked Sendable {
    let recognizer: GrammarRecognizer
    let matcher: PhraseMatcher

    /// pocketsphinx as a plain user runs it: default beams, `-bestpath yes`, the running
    /// (live) cepstral mean, no comfort noise, no N-best.
    static let plainDecoder = PocketSphinxOptions(
        nbestCount: 0, computesPosterior: true, normalizesWholeUtterance: false, addsComfortNoise: false)

    /// The baseline's recognizer options: plain decoder, plain JSGF, no phone loop.
    static func options(dictionaryFiles: [String]) -> RecognizerOptions {
        var options = RecognizerOptions(usesPhoneLoop: false, dictionaryFiles: dictionaryFiles, decoder: plainDecoder)
        options.grammarFormat = .jsgf
        options.contrastMargin = nil
        return options
    }

    init(catalog: PhraseCatalog, dictionaryFiles: [String]) throws {
        recognizer = try GrammarRecognizer(catalog: catalog, options: Self.options(dictionaryFiles: dictionaryFiles))
        matcher = PhraseMatcher(catalog: catalog)
    }

    func understand(_ samples: [Int16]) throws -> Understanding {
        let start = ContinuousClock.now
        let recognition = try recognizer.recognizeSynchronously(samples)
        let accepted =
            recognition.transcript.isEmpty ? nil : matcher.match(transcripts: [recognition.transcript]).accepted
        return Understanding(
            accepted: accepted, transcript: recognition.transcript, decodeSeconds: recognition.decodeSeconds,
            resultSeconds: seconds(since: start))
    }
}

/// The other common baseline: pocketsphinx's generic English language model transcribes the
/// utterance, and the phrase matcher picks the best text match (with its default threshold).
///
/// One decoder serves every catalog; transcripts are cached by clip name, so a clip matched
/// against two phrase sets is decoded once (its decode time is reported for both).
final class DictationBaselineSystem: SpeechSystem, @unchecked Sendable {
    let transcriber: DictationTranscriber
    let matcher: PhraseMatcher
    /// Name of the clip being understood (the cache key); set by the runner.
    var clipName = ""

    init(transcriber: DictationTranscriber, catalog: PhraseCatalog) {
        self.transcriber = transcriber
        matcher = PhraseMatcher(catalog: catalog)
    }

    func understand(_ samples: [Int16]) throws -> Understanding {
        let (transcript, decodeSeconds) = try transcriber.transcribe(samples, key: clipName)
        let start = ContinuousClock.now
        let accepted = transcript.isEmpty ? nil : matcher.match(transcript).accepted
        return Understanding(
            accepted: accepted, transcript: transcript, decodeSeconds: decodeSeconds,
            resultSeconds: decodeSeconds + seconds(since: start))
    }
}

/// Open-vocabulary transcription with pocketsphinx's `en-us.lm.bin`, cached by clip name.
final class DictationTranscriber: @unchecked Sendable {
    let decoder: PocketSphinxDecoder
    private var cache: [String: (String, Double)] = [:]

    init() throws {
        decoder = try PocketSphinxDecoder(model: nil, options: JSGFBaselineSystem.plainDecoder)
        try decoder.loadLanguageModel()
        try decoder.activateSearch(PocketSphinxDecoder.dictationSearch)
    }

    func transcribe(_ samples: [Int16], key: String) throws -> (String, Double) {
        if let cached = cache[key] { return cached }
        let start = ContinuousClock.now
        let text = try decoder.decode(samples, search: PocketSphinxDecoder.dictationSearch)?.text ?? ""
        let result = (text, seconds(since: start))
        cache[key] = result
        return result
    }
}

/// Seconds elapsed since `start`.
func seconds(since start: ContinuousClock.Instant) -> Double {
    let (whole, fraction) = (ContinuousClock.now - start).components
    return Double(whole) + Double(fraction) / 1e18
}
