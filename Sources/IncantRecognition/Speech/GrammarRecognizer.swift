import Foundation
import IncantCapture
import IncantGrammar
import IncantPhrases
import IncantSpeech
import Synchronization

/// Recognizes speech against the grammar of every phrase in a catalog with pocketsphinx, and
/// measures how well the grammar explains the audio compared with a free phone loop over the
/// same samples, so that speech outside the phrase set can be rejected.
///
/// The model is loaded once; ``reload(_:)`` recompiles the grammar when phrases change.
public final class GrammarRecognizer: @unchecked Sendable {
    /// The search name of the phrase grammar.
    public static let grammarSearch = "incant"

    public let decoder: PocketSphinxDecoder
    public let options: RecognizerOptions
    /// The model as located, with its full dictionary (the decoder may hold a subset).
    public let model: PocketSphinxModel
    /// Guarded by the decoder's own lock for decoding; replaced only in `reload`.
    private let state: Mutex<State>
    /// A second decoder with the full dictionary, made on first use by ``transcribe(_:)``.
    let dictationDecoder = Mutex<PocketSphinxDecoder?>(nil)
    /// The decoder of the phone loop when it runs beside the grammar search
    /// (``RecognizerOptions/decodesPhoneLoopInParallel``); nil when `decoder` runs both.
    let phoneLoopDecoder: PocketSphinxDecoder?
    /// Switches the transforms for narrow channels on and off; nil when there is none to switch
    /// (``RecognizerOptions/narrowBandAdaptation`` and ``RecognizerOptions/bandLimitedAdaptation``
    /// unset, or a transform of the user's).
    let channelAdaptation: ChannelAdaptation?

    /// The decoders that search the utterance and so hold the same transform: the phrase
    /// search's, and the phone loop's when it has its own.
    var acousticDecoders: [PocketSphinxDecoder] { [decoder] + (phoneLoopDecoder.map { [$0] } ?? []) }

    struct State {
        var grammar: SpeechGrammar
        var addedWords: [ResolvedPronunciation]
    }

    /// Loads the model, compiles `catalog` into a grammar, and adds pronunciations for words
    /// the dictionary lacks (from `options.dictionaryFiles`, then espeak-ng); a word the
    /// override files have is pronounced as they say, whether the model's dictionary has it or not.
    ///
    /// Unless ``RecognizerOptions/loadsFullDictionary`` is set, the decoder gets only the
    /// dictionary entries of the grammar's words, which saves about 22 MB.
    ///
    /// - Throws: ``RecognitionError`` for a missing model; ``UnpronounceableWordError`` naming
    ///   words that cannot be pronounced; ``GrammarError`` when no phrase can be spoken.
    public init(
        catalog: PhraseCatalog, options: RecognizerOptions = RecognizerOptions(), model: PocketSphinxModel? = nil
    ) throws {
        self.options = options
        let located = try model ?? PocketSphinxModel.locate()
        self.model = located
        let grammar = GrammarCompiler.compile(catalog, garbage: options.garbage)
        if options.loadsFullDictionary {
            self.decoder = try PocketSphinxDecoder(model: located, options: options.decoder)
        } else {
            var subset = try DictionarySubset(
                path: located.dictionary, words: grammar.words.union(options.checksWordLoop ? options.commonWords : []))
            subset.override(with: try PronunciationDictionary.layered(options.dictionaryFiles))
            self.decoder = try Self.decoder(model: located, dictionary: subset.text, options: options.decoder)
        }
        if options.usesPhoneLoop && options.decodesPhoneLoopInParallel {
            // The phone loop needs the acoustic model only; pocketsphinx wants some dictionary.
            let loop = try Self.decoder(model: located, dictionary: "a AH\n", options: options.decoder)
            try loop.loadPhoneLoop()
            self.phoneLoopDecoder = loop
        } else {
            self.phoneLoopDecoder = nil
        }
        self.channelAdaptation =
            options.decoder.adaptation == nil
            ? try ChannelAdaptation(
                telephoneBand: options.narrowBandAdaptation, bandLimited: options.bandLimitedAdaptation) : nil
        self.state = Mutex(State(grammar: grammar, addedWords: []))
        // The decoder already holds every dictionary entry of these words: no second read.
        let state = try compile(grammar, of: catalog, searchingModelDictionary: false)
        self.state.withLock { $0 = state }
        if options.usesPhoneLoop && phoneLoopDecoder == nil {
            try decoder.loadPhoneLoop()
        }
    }

    /// The search of the free loop of ``RecognizerOptions/commonWords``.
    static let wordLoopSearch = "_word_loop"

    /// Loads the free loop of the common words and `grammar`'s own words (those the decoder can
    /// pronounce), each word equally likely after any other.
    private func loadWordLoop(_ grammar: SpeechGrammar) throws {
        let words = Set(options.commonWords).union(grammar.words)
            .filter { decoder.pronunciation(of: $0) != nil && !TextSlotPlaceholder.isPlaceholder($0) }.sorted()
        guard !words.isEmpty else { return }
        let probability = String(format: "%.8f", 1 / Double(words.count))
        let lines =
            ["FSG_BEGIN words", "NUM_STATES 2", "START_STATE 0", "FINAL_STATE 1"]
            + words.flatMap { ["TRANSITION 0 1 \(probability) \($0)", "TRANSITION 1 1 \(probability) \($0)"] }
            + ["FSG_END"]
        try decoder.loadGrammar(fsg: lines.joined(separator: "\n") + "\n", named: Self.wordLoopSearch)
    }

    /// The per-frame margin of `words` against the free word loop, searched over their frames and
    /// 5 frames either side, and each word's margin over its own frames; nil when the loop finds
    /// no path.
    func wordLoopMargin(of words: [WordSegment], frames: CepstralFrames) throws -> (
        margin: Double, words: [AcousticEvidence.WordLoopFit]
    )? {
        guard let first = words.first, let last = words.last else { return nil }
        let range = max(0, first.startFrame - 5)..<min(frames.count, last.endFrame + 6)
        guard let loop = try decoder.decode(frames, range: range, search: Self.wordLoopSearch) else { return nil }
        let score = words.reduce(0.0) { $0 + Double($1.acousticScore) }
        let loopScore = loop.acousticScore(from: first.startFrame, to: last.endFrame)
        let each = words.map {
            AcousticEvidence.WordLoopFit(
                margin: Double($0.acousticScore) - loop.acousticScore(from: $0.startFrame, to: $0.endFrame),
                frames: $0.frameCount)
        }
        return ((score - loopScore) / Double(max(1, last.endFrame - first.startFrame + 1)), each)
    }

    /// A decoder of `model` started with the dictionary `text` (cmudict format).
    static func decoder(
        model: PocketSphinxModel, dictionary text: String, options: PocketSphinxOptions
    ) throws -> PocketSphinxDecoder {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("incant-dict-\(UUID()).dict")
        try AtomicFile.write(Data(text.utf8), to: file.path)
        defer { try? FileManager.default.removeItem(at: file) }
        var trimmed = model
        trimmed.dictionary = file.path
        return try PocketSphinxDecoder(model: trimmed, options: options)
    }

    /// Decodes `samples` with the grammar search `search` and, when the options ask for it, with
    /// the phone loop: one after the other on one decoder, or at once on two (over `frames`,
    /// the samples' features, when the caller already has them).
    func decodeWithPhoneLoop(
        _ samples: [Int16], search: String, cancellation: DecodeCancellation? = nil, frames: CepstralFrames? = nil
    ) throws -> (grammar: RecognitionHypothesis?, phoneLoop: RecognitionHypothesis?) {
        guard options.usesPhoneLoop else {
            return (try decoder.decode(samples, search: search, cancellation: cancellation), nil)
        }
        guard let phoneLoopDecoder else {
            guard let hypothesis = try decoder.decode(samples, search: search, cancellation: cancellation),
                !hypothesis.spokenWords.isEmpty
            else { return (nil, nil) }
            return (
                hypothesis,
                try decoder.decode(samples, search: PocketSphinxDecoder.phoneLoopSearch, cancellation: cancellation)
            )
        }
        if let frames = try frames ?? decoder.cepstra(of: samples) {
            return try decodeSharingFeatures(frames, search: search, loopDecoder: phoneLoopDecoder, cancellation)
        }
        let decoder = self.decoder
        let (grammar, loop) = Self.concurrently(
            { try decoder.decode(samples, search: search, cancellation: cancellation) },
            {
                try phoneLoopDecoder.decode(
                    samples, search: PocketSphinxDecoder.phoneLoopSearch, cancellation: cancellation)
            })
        return (try grammar.get(), try loop.get())
    }

    /// Runs `first` and `second` at once, on two threads, and returns what each returned or threw.
    private static func concurrently<A: Sendable, B: Sendable>(
        _ first: @Sendable () throws -> A, _ second: @Sendable () throws -> B
    ) -> (Result<A, any Error>, Result<B, any Error>) {
        let results = Mutex<(Result<A, any Error>?, Result<B, any Error>?)>((nil, nil))
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                let result = Result { try first() }
                results.withLock { $0.0 = result }
            } else {
                let result = Result { try second() }
                results.withLock { $0.1 = result }
            }
        }
        return results.withLock { ($0.0!, $0.1!) }
    }

    /// The phrase search on `decoder` and the phone loop on `loopDecoder` at once, both over
    /// `frames` (the front end runs once).
    private func decodeSharingFeatures(
        _ frames: CepstralFrames, search: String, loopDecoder: PocketSphinxDecoder,
        _ cancellation: DecodeCancellation?
    ) throws -> (grammar: RecognitionHypothesis?, phoneLoop: RecognitionHypothesis?) {
        let decoder = self.decoder
        let (grammar, loop) = Self.concurrently(
            { try decoder.decode(frames, search: search, cancellation: cancellation) },
            { try loopDecoder.decode(frames, search: PocketSphinxDecoder.phoneLoopSearch, cancellation: cancellation) }
        )
        return (try grammar.get(), try loop.get())
    }

    /// Recompiles the grammar from `catalog` (phrases were added, edited or removed).
    public func reload(_ catalog: PhraseCatalog) throws {
        let state = try compile(GrammarCompiler.compile(catalog, garbage: options.garbage), of: catalog)
        self.state.withLock { $0 = state }
    }

    /// The compiled grammar (for `incant recognize --grammar` and tests).
    public var grammar: SpeechGrammar { state.withLock { $0.grammar } }

    /// Words that were missing from the dictionary and how they were pronounced.
    public var addedWords: [ResolvedPronunciation] { state.withLock { $0.addedWords } }

    /// Adds pronunciations for the words of `grammar` (compiled from `catalog`) and loads it as
    /// the active search. When some words cannot be pronounced, the grammar is compiled again
    /// without the phrases that use them (reported in `SpeechGrammar.skipped`): one phrase
    /// never stops the others from being heard.
    private func compile(
        _ grammar: SpeechGrammar, of catalog: PhraseCatalog, searchingModelDictionary: Bool = true
    ) throws -> State {
        var grammar = grammar
        guard grammar.phraseCount > 0 else {
            throw GrammarError.nothingToRecognize(skipped: grammar.skipped.map { "\($0.entry.label): \($0.reason)" })
        }
        let added: [ResolvedPronunciation]
        do {
            added = try addPronunciations(
                for: grammar.words.sorted(), searchingModelDictionary: searchingModelDictionary)
        } catch let error as UnpronounceableWordError {
            for word in error.resolved {
                try addWord(word.word, pronunciations: word.pronunciations.map(\.description))
            }
            added = error.resolved
            let unsayable = Dictionary(error.words.map { ($0.word.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
            grammar = GrammarCompiler.compile(catalog, garbage: options.garbage, unpronounceable: unsayable)
            guard grammar.phraseCount > 0 else {
                throw GrammarError.nothingToRecognize(
                    skipped: grammar.skipped.map { "\($0.entry.label): \($0.reason)" })
            }
        }
        if options.garbage != nil {
            for (word, phone) in GarbageModel.words where decoder.pronunciation(of: word) == nil {
                try decoder.addWord(word, phones: phone)
            }
        }
        if grammar.hasTextSlots {
            for (word, phone) in TextSlotPlaceholder.words where decoder.pronunciation(of: word) == nil {
                try decoder.addWord(word, phones: phone)
            }
        }
        if options.grammarFormat == .fsg, let fsg = grammar.fsg {
            try decoder.loadGrammar(fsg: fsg, named: Self.grammarSearch)
        } else {
            try decoder.loadGrammar(jsgf: grammar.jsgf, named: Self.grammarSearch)
        }
        if options.checksWordLoop { try loadWordLoop(grammar) }
        try decoder.activateSearch(Self.grammarSearch)
        return State(grammar: grammar, addedWords: added)
    }

    /// Makes sure the decoder can pronounce `words`: from the model's full dictionary first
    /// (where the override files have a word, their entry stands instead), then from the
    /// override files and espeak-ng. Returns the words that were not in the model's dictionary
    /// and how they are pronounced. `searchingModelDictionary: false` skips reading the model's
    /// dictionary when the decoder already holds every entry of these words.
    ///
    /// - Throws: ``UnpronounceableWordError`` naming the words that cannot be pronounced;
    ///   ``PronunciationDictionaryError`` for an override file that cannot be read.
    func addPronunciations(for words: [String], searchingModelDictionary: Bool = true) throws -> [ResolvedPronunciation]
    {
        var missing = decoder.missingWords(words)
        guard !missing.isEmpty else { return [] }
        let overrides = try PronunciationDictionary.layered(options.dictionaryFiles)
        var known =
            searchingModelDictionary
            ? try DictionarySubset(path: model.dictionary, words: Set(missing)) : DictionarySubset(entries: [:])
        known.override(with: overrides)
        for (word, pronunciations) in known.entries {
            try addWord(word, pronunciations: pronunciations)
        }
        missing.removeAll { known.entries[$0] != nil }
        guard !missing.isEmpty else { return [] }
        let added = try PronunciationResolver(
            overrides: overrides, guesser: PronunciationGuesser(searchPath: options.searchPath)
        ).resolve(missing)
        for word in added {
            try addWord(word.word, pronunciations: word.pronunciations.map(\.description))
        }
        return added
    }

    /// Adds `word` with its pronunciations: the first under the word itself, the others as
    /// alternates `word(2)`, `word(3)` … (pocketsphinx refuses the same name twice).
    private func addWord(_ word: String, pronunciations: [String]) throws {
        for (index, phones) in pronunciations.enumerated() {
            try decoder.addWord(PocketSphinxDecoder.entryName(of: word, pronunciation: index), phones: phones)
        }
    }

    public func recognize(_ samples: [Int16]) async throws -> SpeechRecognition {
        try recognizeSynchronously(samples)
    }

    /// Decodes on the calling thread (decoding is CPU work of a small fraction of real time).
    ///
    /// - Parameter cancellation: stops the decoding early when cancelled from another thread
    ///   (see ``DecodeCancellation``).
    /// - Throws: `CancellationError` when `cancellation` stopped the decoding.
    public func recognizeSynchronously(
        _ samples: [Int16], cancellation: DecodeCancellation? = nil
    ) throws -> SpeechRecognition {
        guard let channelAdaptation else {
            return try recognize(samples, cancellation: cancellation, channel: nil, acceptance: options.acceptance)
        }
        let start = ContinuousClock.now
        let channel = ChannelBandwidth(samples: samples)
        let kind = ChannelAdaptation.Channel(channel, options: options)
        return try channelAdaptation.lock.withLock { held in
            try ChannelAdaptation.hold(kind, &held, adaptation: channelAdaptation, decoders: acousticDecoders)
            var recognition = try recognize(
                samples, cancellation: cancellation, channel: channel,
                acceptance: Self.acceptance(options, holding: held))
            recognition.decodeSeconds = seconds(since: start)
            return recognition
        }
    }

    /// The acceptance policy of `options` for an utterance decoded with `held`: under the
    /// band-limited transform, its word-loop floor is at least
    /// ``RecognizerOptions/bandLimitedWordLoopMargin``.
    static func acceptance(_ options: RecognizerOptions, holding held: ChannelAdaptation.Held) -> AcceptancePolicy {
        var policy = options.acceptance
        if held == .model(for: .bandLimited), let floor = options.bandLimitedWordLoopMargin,
            let shipped = policy.minimumWordLoopMargin
        {
            policy.minimumWordLoopMargin = max(shipped, floor)
        }
        return policy
    }

    /// Decodes with the transform the decoders hold, deciding with `acceptance`; `channel` is the
    /// utterance's, when measured.
    private func recognize(
        _ samples: [Int16], cancellation: DecodeCancellation?, channel: ChannelBandwidth?,
        acceptance policy: AcceptancePolicy
    ) throws -> SpeechRecognition {
        let start = ContinuousClock.now
        let audioSeconds = Double(samples.count) / Double(AudioFormat.sampleRate)
        // Features computed once: for the two searches side by side, and for the contrasts.
        let shared = options.usesPhoneLoop && phoneLoopDecoder != nil ? try decoder.cepstra(of: samples) : nil
        let (hypothesis, phoneLoop) = try decodeWithPhoneLoop(
            samples, search: Self.grammarSearch, cancellation: cancellation, frames: shared)
        guard let hypothesis, !hypothesis.spokenWords.isEmpty else {
            return SpeechRecognition(
                transcript: "", alternatives: [], acousticConfidence: 0, rejection: .nothingHeard,
                scoreMargin: -.infinity,
                audioSeconds: audioSeconds, decodeSeconds: seconds(since: start), words: [])
        }
        // A phrase with a free-text slot is judged on its carrier words (the slot's speech is
        // transcribed below, once they are accepted).
        let textSlots = TextSlotRuns(hypothesis)
        var margin = 0.0
        var fit: Double?
        var confidence = 1.0
        // The features, computed at most once: the word loop, the contrasts and a text slot
        // search them again.
        var features = shared
        func frames() throws -> CepstralFrames? {
            if features == nil { features = try decoder.cepstra(of: samples) }
            return features
        }
        // The frames' loudness, measured at most once: for the evidence and the contrasts.
        var measuredLevels: FrameLevels?
        func levels() -> FrameLevels {
            if let measuredLevels { return measuredLevels }
            let levels = FrameLevels(samples: samples)
            measuredLevels = levels
            return levels
        }
        var evidence: AcousticEvidence?
        if let phones = phoneLoop {
            var measured = AcousticEvidence(
                grammar: textSlots?.carrier ?? hypothesis, phoneLoop: textSlots?.maskingSlots(in: phones) ?? phones,
                levels: policy.needsFrameLevels ? levels() : nil,
                speechGate: policy.speechGate, wordRelativeGate: policy.wordRelativeGate,
                voicedWordGate: policy.noisyVoicedWordGate,
                voicing: policy.needsVoicing ? Voicing(samples: samples) : nil,
                pronunciations: { [decoder] word in decoder.pronunciations(of: word) })
            margin = measured.utteranceMargin
            fit = margin * Double(max(1, (textSlots?.carrier ?? hypothesis).frameCount))
            confidence = policy.confidence(measured)
            // Only words that would be run or asked about if they held against common words; a
            // slot's frames are no carrier word's.
            if options.checksWordLoop, textSlots == nil,
                options.measuresWordLoopOfEveryPhrase
                    || policy.hopefulConfidence(measured)
                        >= min(options.rejectionThreshold, options.confirmationThreshold ?? 1),
                let frames = try frames()
            {
                if cancellation?.isCancelled == true { throw CancellationError() }
                let loop = try wordLoopMargin(of: hypothesis.spokenWords, frames: frames)
                measured.wordLoopMargin = loop?.margin
                measured.wordLoopWords = loop?.words
                confidence = policy.confidence(measured)
            }
            evidence = measured
        }
        // Speech the decoder explained (even partly) as garbage is not a phrase.
        let garbage = hypothesis.spokenWords.contains { GarbageModel.isGarbage($0.word) }
        if garbage { confidence = 0 }
        var alternatives = [hypothesis.text]
        for entry in hypothesis.nbest where !alternatives.contains(entry.text) && !entry.text.isEmpty {
            alternatives.append(entry.text)
        }
        alternatives = alternatives.filter {
            !$0.split(separator: " ").contains {
                GarbageModel.isGarbage(String($0)) || TextSlotPlaceholder.isPlaceholder(String($0))
            }
        }
        // Speech cut off at full scale is heard as other phones: nothing in it is acted on.
        let clipped = Clipping.share(of: samples)
        evidence?.clippedShare = clipped
        let rejection: RecognitionRejection? =
            options.maximumClippedShare.map { clipped > $0 } == true
            ? .overdriven(clippedShare: clipped)
            : confidence >= options.rejectionThreshold ? nil : garbage ? .filler : .unlikePhrases
        var contrasts: [WordContrast] = []
        if options.contrastMargin != nil, rejection == nil,
            let frames = try frames()
        {
            if cancellation?.isCancelled == true { throw CancellationError() }
            contrasts = try self.contrasts(
                of: textSlots?.withTokens ?? hypothesis, frames: frames,
                levels: options.contrastSilenceGate == nil ? nil : levels())
        }
        var recognition = SpeechRecognition(
            transcript: hypothesis.text, alternatives: alternatives, acousticConfidence: confidence,
            rejection: rejection, scoreMargin: margin, audioSeconds: audioSeconds,
            decodeSeconds: seconds(since: start), words: hypothesis.spokenWords, evidence: evidence)
        recognition.contrasts = contrasts
        recognition.fit = fit
        // Only a whole transcript can be confirmed: not one with a slot still to transcribe.
        recognition.confirmable =
            rejection == .unlikePhrases && textSlots == nil
            && options.confirmationThreshold.map { confidence >= $0 } ?? false
        // Only a whole transcript: a slot's words are placed later.
        if textSlots == nil, let evidence, let run = policy.backgroundRun(evidence),
            evidence.eachWordBelowPeak.count == hypothesis.text.split(separator: " ").count
        {
            recognition.backgroundWords = BackgroundWords(span: run, of: hypothesis.text)
        }
        // A phrase with a text slot is not followed: its words are not all the grammar's.
        if textSlots == nil, let graph = grammar.graph {
            recognition.phraseContinues = graph.continues(after: hypothesis.spokenWords.map(\.word))
        }
        // The channel can only change the decision on a contrast within the narrow-channel margin.
        if let channel {
            recognition.highBandLevel = channel.highBandLevel
        } else if let narrow = options.narrowBandContrastMargin, contrasts.contains(where: { $0.margin < narrow }) {
            recognition.highBandLevel = ChannelBandwidth(samples: samples)?.highBandLevel
        }
        if let limit = options.contrastMargin(
            wordsAboveBackground: evidence?.wordsAboveBackground ?? .infinity,
            highBandLevel: recognition.highBandLevel)
        {
            recognition.contested = WordContrast.contested(contrasts, below: limit)
        }
        if let textSlots {
            if rejection != nil {
                recognition.transcript = TextSlotRuns.filling(textSlots.withTokens.text, with: [])
                recognition.alternatives = [recognition.transcript]
                recognition.words = textSlots.carrier.spokenWords
            } else {
                try fillTextSlots(
                    &recognition, runs: textSlots, frames: try frames(),
                    samples: samples, cancellation: cancellation)
                recognition.decodeSeconds = seconds(since: start)
            }
        }
        return recognition
    }

    func seconds(since start: ContinuousClock.Instant) -> Double {
        (ContinuousClock.now - start).inSeconds
    }
}

/// A catalog that gives the recognizer nothing to listen for.
public enum GrammarError: Error, Sendable, CustomStringConvertible {
    case nothingToRecognize(skipped: [String])

    public var description: String {
        switch self {
        case .nothingToRecognize(let skipped):
            return "no phrase can be recognized from speech"
                + (skipped.isEmpty ? " (no phrases defined)" : ":\n" + skipped.joined(separator: "\n"))
        }
    }
}
