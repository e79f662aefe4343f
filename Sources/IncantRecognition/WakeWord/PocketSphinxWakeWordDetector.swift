import Foundation
import IncantCapture
import IncantGrammar
import IncantSpeech

/// Finds a wake phrase with pocketsphinx: its keyphrase search proposes candidates anywhere in
/// the audio, and each is checked by searching the candidate's stretch again with the phrase
/// and comparing the phrase's fit with a free phone loop's over the same frames (the margin and phone agreement of ``AcousticEvidence``).
///
/// Any word or short phrase works: words are pronounced like phrases are, from the model's
/// dictionary, then the override files, then espeak-ng's guess. See <doc:HowTheWakeWordIsFound>.
public final class PocketSphinxWakeWordDetector: WakeWordDetector, @unchecked Sendable {
    /// The phrase as given.
    public let phrase: String
    /// Its words as the dictionary spells them (lower case).
    public let words: [String]
    public let options: WakeWordOptions
    /// Words that were missing from the model's dictionary and how they are pronounced.
    public let addedWords: [ResolvedPronunciation]
    /// Thread-safe on its own (every call takes its lock); the detector adds no state.
    let decoder: PocketSphinxDecoder

    /// The keyphrase search proposing candidates.
    static let spottingSearch = "_wake_spot"
    /// The phrase alone, checking candidates.
    static let phraseSearch = "_wake_phrase"
    /// The most words a wake phrase may have.
    public static let maximumWords = 6

    /// Loads the model and prepares the searches for `phrase`.
    ///
    /// - Parameter baselineThresholds: extra keyphrase thresholds whose plain detections
    ///   ``spottings(in:)`` reports (benchmarks compare with them).
    /// - Throws: ``WakeWordError`` for an empty or long phrase, ``UnpronounceableWordError``
    ///   for words without a pronunciation, ``RecognitionError`` for a missing model.
    public init(
        phrase: String, options: WakeWordOptions = WakeWordOptions(), model: PocketSphinxModel? = nil,
        baselineThresholds: [Double] = []
    ) throws {
        guard options.decoder.normalizesWholeUtterance && options.decoder.tracksAudioFrames else {
            throw WakeWordError.unsupportedOptions
        }
        let words = Self.words(of: phrase)
        guard !words.isEmpty else { throw WakeWordError.emptyPhrase }
        guard words.count <= Self.maximumWords else {
            throw WakeWordError.tooManyWords(phrase, limit: Self.maximumWords)
        }
        let located = try model ?? PocketSphinxModel.locate()
        let overrides = try PronunciationDictionary.layered(options.dictionaryFiles)
        var entries = try DictionarySubset(path: located.dictionary, words: Set(words))
        entries.override(with: overrides)
        let missing = words.filter { entries.entries[$0] == nil }
        var added: [ResolvedPronunciation] = []
        if !missing.isEmpty {
            added = try PronunciationResolver(
                overrides: overrides, guesser: PronunciationGuesser(searchPath: options.searchPath)
            ).resolve(missing)
            for word in added {
                entries.entries[word.word] = word.pronunciations.map(\.description)
            }
        }
        // How other accents say the words the user has not spelled out: extra alternates, after
        // the dictionary's own, spotted as one more spelling per accent.
        // Without espeak-ng the phrase is listened for in the dictionary's spellings alone.
        let ownWords = words.filter { overrides[$0] == nil }
        var variants: [String: [Pronunciation]] = [:]
        var accentProblem: PronunciationError?
        do {
            variants = try AccentVariants(accents: options.accents, searchPath: options.searchPath)
                .variants(of: Array(Set(ownWords)).sorted())
        } catch {
            accentProblem = error
        }
        var accentNames: [String: [Int: String]] = [:]
        for word in Set(ownWords).sorted() {
            guard var listed = entries.entries[word] else { continue }
            let known = Set(listed.compactMap(Pronunciation.init))
            for (accentIndex, accent) in options.accents.enumerated() where accent != .american {
                guard let variant = variants[word]?.first(where: { !known.contains($0) }) else { continue }
                // Two accents may say a word alike: its variant is listed once.
                let index = listed.firstIndex(of: variant.description) ?? listed.count
                if index == listed.count { listed.append(variant.description) }
                accentNames[word, default: [:]][accentIndex] = PocketSphinxDecoder.entryName(
                    of: word, pronunciation: index)
            }
            entries.entries[word] = listed
        }
        // Copies of the phrase for the plain keyword-spotting baseline, one per threshold.
        for index in baselineThresholds.indices {
            for word in words {
                entries.entries[Self.baselineWord(word, index)] = entries.entries[word]
            }
        }
        self.phrase = phrase
        self.words = words
        self.options = options
        self.addedWords = added
        self.accentProblem = accentProblem
        self.baselineThresholds = baselineThresholds
        var decoderOptions = options.decoder
        decoderOptions.extraArguments.append(("-kws_plp", String(options.spottingPhonePenalty)))
        decoder = try GrammarRecognizer.decoder(model: located, dictionary: entries.text, options: decoderOptions)
        let american = Self.spellings(
            of: words,
            pronunciationCounts: words.map { (entries.entries[$0]?.count ?? 1) - (accentNames[$0]?.count ?? 0) },
            limit: options.spottedPronunciations)
        let accented = options.accents.indices.compactMap { accentIndex -> String? in
            guard words.contains(where: { accentNames[$0]?[accentIndex] != nil }) else { return nil }
            return words.map { accentNames[$0]?[accentIndex] ?? $0 }.joined(separator: " ")
        }
        // The limit counts the accents' spellings too, after the dictionary's.
        let accentOnly = Array(
            accented.filter { !american.contains($0) }.prefix(max(0, options.spottedPronunciations - american.count)))
        let spelled = american + accentOnly
        spellings =
            spelled
            + (options.spotsPausesBetweenWords && words.count > 1
                ? spelled.map { $0.split(separator: " ").joined(separator: " \(Self.pause) ") } : [])
        accentSpellings = Set(
            accentOnly + accentOnly.map { $0.split(separator: " ").joined(separator: " \(Self.pause) ") })
        try decoder.loadKeyphrases(
            spellings.map { ($0, options.spottingThreshold) }, named: Self.spottingSearch)
        // The baseline is plain pocketsphinx: its own decoder, with pocketsphinx's phone penalty.
        if baselineThresholds.isEmpty {
            baselineDecoder = nil
        } else {
            let baseline = try GrammarRecognizer.decoder(
                model: located, dictionary: entries.text, options: options.decoder)
            try baseline.loadKeyphrases(
                baselineThresholds.enumerated().map { index, threshold in
                    (words.map { Self.baselineWord($0, index) }.joined(separator: " "), threshold)
                },
                named: Self.spottingSearch)
            baselineDecoder = baseline
        }
        phoneCount = words.reduce(0) { [decoder] in $0 + (decoder.pronunciations(of: $1).first?.count ?? 0) }
        try decoder.loadGrammar(jsgf: Self.phraseGrammar(words), named: Self.phraseSearch)
        try decoder.loadPhoneLoop()
    }

    /// The pronunciations the detector listens for in `word` (one of ``words``), the main one
    /// first: the dictionary's, the override files', an accent's (``WakeWordOptions/accents``).
    public func pronunciations(of word: String) -> [String] {
        decoder.pronunciations(of: word).map { $0.joined(separator: " ") }
    }

    /// Thresholds of the plain keyword-spotting baseline.
    public let baselineThresholds: [Double]
    /// The plain keyword-spotting baseline's decoder (pocketsphinx's own settings); nil without
    /// baseline thresholds.
    let baselineDecoder: PocketSphinxDecoder?

    /// Phones of the phrase's words in their main pronunciations.
    public let phoneCount: Int

    /// The keyphrases the spotting search proposes: the phrase in each combination of its
    /// words' pronunciations that ``WakeWordOptions/spottedPronunciations`` allows, then, for a
    /// phrase of several words, each of them with `<sil>` between the words
    /// (``WakeWordOptions/spotsPausesBetweenWords``).
    public let spellings: [String]

    /// The spellings in an accent's variants (``WakeWordOptions/accents``), with and without
    /// pauses; their score counts ``WakeWordOptions/accentEvidencePenalty`` less.
    public let accentSpellings: Set<String>

    /// Why the accents' variants could not be made (espeak-ng missing or failing), in which case
    /// the phrase is listened for in the dictionary's spellings alone; nil when they were.
    public let accentProblem: PronunciationError?

    /// The phrase `words` spelled with each combination of their pronunciations (`word(2)` for
    /// the second), those with fewer alternates first, then in the dictionary's order; at most
    /// `limit` (at least one: the main pronunciations).
    static func spellings(of words: [String], pronunciationCounts: [Int], limit: Int) -> [String] {
        var choices: [[Int]] = [[]]
        for count in pronunciationCounts {
            choices = choices.flatMap { chosen in (0..<max(1, count)).map { chosen + [$0] } }
        }
        let ordered = choices.sorted { first, second in
            let (a, b) = (first.filter { $0 > 0 }.count, second.filter { $0 > 0 }.count)
            return a != b ? a < b : first.lexicographicallyPrecedes(second)
        }
        return ordered.prefix(max(1, limit)).map { chosen in
            zip(words, chosen).map { PocketSphinxDecoder.entryName(of: $0, pronunciation: $1) }.joined(separator: " ")
        }
    }

    /// The silence word the keyphrase search puts between words for a pause
    /// (``WakeWordOptions/spotsPausesBetweenWords``).
    static let pause = "<sil>"

    /// The name under which the baseline copy `index` of `word` is spotted.
    static func baselineWord(_ word: String, _ index: Int) -> String { "\(word)_kws\(index)" }

    /// The words of `phrase`, lower-cased, split at anything but letters, digits and apostrophes.
    public static func words(of phrase: String) -> [String] {
        phrase.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
    }

    /// JSGF: the phrase alone; pocketsphinx lets silence and noise fillers surround it. (With
    /// optional garbage phones around it, the garbage took over part of the phrase in a third
    /// of the real recordings, and the check then found no phrase at all.)
    static func phraseGrammar(_ words: [String]) -> String {
        "#JSGF V1.0;\ngrammar wake;\npublic <wake> = \(words.joined(separator: " "));\n"
    }

    public func detect(in utterance: Utterance) throws -> WakeDetection? {
        try detect(in: utterance, unprocessed: nil)
    }

    public func detect(in utterance: Utterance, unprocessed: [Int16]?) throws -> WakeDetection? {
        let heard = try candidates(in: utterance.samples, unprocessed: unprocessed).filter {
            $0.confidence >= options.threshold
        }
        guard let best = heard.max(by: { $0.confidence < $1.confidence }) else { return nil }
        return WakeDetection(startSample: best.startSample, endSample: best.endSample, confidence: best.confidence)
    }

    /// Every candidate in `samples`, scored, the overlapping ones merged into the most
    /// confident; long audio is searched in overlapping chunks (``WakeWordScanner``).
    ///
    /// - Parameter unprocessed: the same stretch before the front end (sample for sample), to
    ///   search both views (``bothViews(_:_:)``): it is searched whole, and `samples` around its
    ///   places (``WakeWordScanner/SecondView/streamOnDemand``); nil searches `samples` alone.
    public func candidates(in samples: [Int16], unprocessed: [Int16]? = nil) throws -> [WakeCandidate] {
        var scanner = WakeWordScanner(detector: self, secondView: unprocessed == nil ? .none : .streamOnDemand)
        var found = try scanner.process(samples, unprocessed: unprocessed ?? [])
        found += try scanner.finish()
        return found
    }

    /// The places of two views of the same audio, each scored by both: `processed` found in
    /// the audio through the front end, `unprocessed` in the audio as it is. A place found in
    /// one view takes the most confident overlapping candidate of the other, or 0 where there is
    /// none (counted as ``WakeWordOptions/absentConfidence``); its evidence is the mean of the
    /// two views' evidence plus ``WakeWordOptions/bothViewsBias``. A look-alike that one view
    /// makes of noise or of what the denoiser cleaned up is seldom one in the other. A place both
    /// views hold is scored in the processed view with the isolation of the audio as it is.
    /// See <doc:HowTheWakeWordIsFound>.
    public func bothViews(_ processed: [WakeCandidate], _ unprocessed: [WakeCandidate]) -> [WakeCandidate] {
        func combined(_ base: WakeCandidate, _ first: Double, _ second: Double) -> WakeCandidate {
            var place = base
            let evidence =
                (Self.evidence(of: first, floor: options.absentConfidence)
                    + Self.evidence(of: second, floor: options.absentConfidence)) / 2 + options.bothViewsBias
            place.confidence = Self.logistic(evidence)
            place.viewConfidences = [first, second]
            return place
        }
        func strongest(_ candidates: [WakeCandidate], over place: WakeCandidate) -> WakeCandidate? {
            candidates.filter { $0.overlaps(place) }.max { $0.confidence < $1.confidence }
        }
        var places = processed.map { place in
            let other = strongest(unprocessed, over: place)
            // A pause is heard in the audio as it came: a denoiser makes one of the noise in a gap
            // between words, so where that view has the place, its isolation counts for both.
            var heard = place
            if let other, other.isolation != place.isolation {
                heard.isolation = other.isolation
                heard.confidence = confidence(of: heard)
            }
            return combined(heard, heard.confidence, other?.confidence ?? 0)
        }
        for place in unprocessed where !processed.contains(where: { $0.overlaps(place) }) {
            places.append(combined(place, 0, place.confidence))
        }
        return places.sorted { $0.startSample < $1.startSample }
    }

    /// The confidence (in (0, 1)) of `evidence` (log odds).
    static func logistic(_ evidence: Double) -> Double { 1 / (1 + exp(-evidence)) }

    /// The evidence (log odds) of `confidence`, no lower than that of `floor`.
    static func evidence(of confidence: Double, floor: Double) -> Double {
        let clipped = min(max(confidence, floor), 1 - floor)
        return log(clipped / (1 - clipped))
    }

    /// Samples of silence (0.5 s) searched after the last chunk of audio, so that the keyphrase
    /// search can close a phrase that ends near the end of the audio. Its dear phone loop lets
    /// the phrase's last phone run on over the frames after it, and the search reports a phrase
    /// only some frames after its end; an utterance cut by the endpointer keeps 150 ms.
    static let closingSamples = AudioFormat.sampleRate / 2

    /// The candidates in one stretch of audio (at most a chunk long), in its own sample offsets.
    /// `closing`: the audio ends with this chunk (``closingSamples`` of silence are searched after it).
    /// `baseline`: whether plain keyword spotting searches it too (for benchmarks' baseline thresholds).
    func candidates(inChunk samples: [Int16], closing: Bool = false, baseline: Bool = true) throws -> (
        candidates: [WakeCandidate], baseline: [[ClosedRange<Int>]]
    ) {
        guard !samples.isEmpty else { return ([], baselineThresholds.map { _ in [] }) }
        let searched = closing ? samples + [Int16](repeating: 0, count: Self.closingSamples) : samples
        let (found, baseline) = try candidates(inSearched: searched, audio: samples.count, baseline: baseline)
        guard closing else { return (found, baseline) }
        let candidates = found.compactMap { candidate -> WakeCandidate? in
            guard candidate.startSample < samples.count else { return nil }
            var clipped = candidate
            clipped.endSample = min(candidate.endSample, samples.count)
            return clipped
        }
        let spans = baseline.map { spans in
            spans.compactMap { span -> ClosedRange<Int>? in
                span.lowerBound < samples.count ? span.lowerBound...min(span.upperBound, samples.count) : nil
            }
        }
        return (candidates, spans)
    }

    /// The candidates in `samples`, of which the first `audio` are the audio (the rest: the
    /// silence searched after the last chunk).
    private func candidates(inSearched samples: [Int16], audio: Int, baseline searchesBaseline: Bool) throws -> (
        candidates: [WakeCandidate], baseline: [[ClosedRange<Int>]]
    ) {
        guard let frames = try decoder.cepstra(of: samples) else { throw WakeWordError.unsupportedOptions }
        var baseline: [[ClosedRange<Int>]] = baselineThresholds.map { _ in [] }
        if searchesBaseline, frames.count > 0, let baselineDecoder,
            let plain = try baselineDecoder.decode(frames, search: Self.spottingSearch)
        {
            for segment in plain.words where segment.endFrame >= segment.startFrame {
                guard let index = baselineIndex(of: segment.word.trimmingCharacters(in: .whitespaces)) else { continue }
                baseline[index].append(
                    plain.audioFrame(segment.startFrame)
                        * RecognitionHypothesis.samplesPerFrame...(plain.audioFrame(segment.endFrame) + 1)
                        * RecognitionHypothesis.samplesPerFrame)
            }
        }
        guard frames.count > 0, let spotted = try decoder.decode(frames, search: Self.spottingSearch) else {
            return ([], baseline)
        }
        let spoken = words.joined(separator: " ")
        var proposals: [(range: ClosedRange<Int>, score: Double, frames: Int, accent: Bool)] = []
        // The keyphrase comes back as written in the search's list (any of the spellings),
        // spaces and all.
        for segment in spotted.words
        where segment.endFrame >= segment.startFrame && PocketSphinxDecoder.spokenText(segment.word) == spoken {
            let range = segment.startFrame...segment.endFrame
            let spelling = segment.word.trimmingCharacters(in: .whitespaces)
            proposals.append((range, Double(segment.posterior), range.count, accentSpellings.contains(spelling)))
        }
        // Overlapping proposals are one place, checked once, with the best score and the span
        // of the dictionary's spellings and of the accents' kept apart.
        proposals.sort { $0.range.lowerBound < $1.range.lowerBound }
        var places: [Place] = []
        for proposal in proposals {
            let spotted = Spotted(score: proposal.score, frames: proposal.frames, range: proposal.range)
            if let last = places.last, last.range.upperBound >= proposal.range.lowerBound {
                places[places.count - 1].add(spotted, accent: proposal.accent)
            } else {
                places.append(Place(spotted, accent: proposal.accent))
            }
        }
        guard !places.isEmpty else { return ([], baseline) }
        // The loudness of every frame of the audio (not of the silence searched after it), for
        // each place's isolation: measured once per chunk.
        let levels = FrameLevels(samples: audio < samples.count ? Array(samples.prefix(audio)) : samples)
        let found = try places.compactMap { place in
            try check(place, in: frames, levels: levels)
        }
        return (found, baseline)
    }

    /// The baseline copy a spotted keyphrase belongs to.
    private func baselineIndex(of spotted: String) -> Int? {
        guard let first = spotted.split(separator: " ").first, let mark = first.range(of: "_kws") else { return nil }
        return Int(first[mark.upperBound...])
    }

    /// Searches the stretch around `place` (the dictionary's spellings' proposals, or the
    /// accents' where they alone proposed it) with the phrase and with the free phone loop, and
    /// scores the phrase against the loop.
    private func check(
        _ place: Place, in frames: CepstralFrames, levels: FrameLevels
    ) throws -> WakeCandidate? {
        guard let main = place.dictionary ?? place.accent else { return nil }
        // Checked where the family that counts proposed it: the dictionary's spellings where
        // they proposed anything, so that an accent's proposal beside them does not move it.
        let range = main.range
        let window =
            max(0, range.lowerBound - options.padding)..<min(frames.count, range.upperBound + 1 + options.padding)
        guard let grammar = try decoder.decode(frames, range: window, search: Self.phraseSearch),
            let loop = try decoder.decode(frames, range: window, search: PocketSphinxDecoder.phoneLoopSearch)
        else { return nil }
        let spoken = grammar.spokenWords.filter { !GarbageModel.isGarbage($0.word) }
        guard spoken.map(\.word) == words, let first = spoken.first, let last = spoken.last else { return nil }
        let frameCount = max(1, last.endFrame - first.startFrame + 1)
        let phraseScore = spoken.reduce(0.0) { $0 + Double($1.acousticScore) }
        let loopScore = loop.acousticScore(from: first.startFrame, to: last.endFrame)
        let margin = (phraseScore - loopScore) / Double(frameCount)
        let agreement = AcousticEvidence.phoneAgreement(
            words: spoken, loop: loop.words.filter { !AcousticEvidence.isSilence($0.word) },
            pronunciations: { [decoder] in decoder.pronunciations(of: $0) })
        let samplesPerFrame = RecognitionHypothesis.samplesPerFrame
        var candidate = WakeCandidate(
            startSample: grammar.audioFrame(first.startFrame) * samplesPerFrame,
            endSample: min(frames.sampleCount, (grammar.audioFrame(last.endFrame) + 1) * samplesPerFrame),
            spottingScore: main.score, margin: margin, phoneAgreement: agreement, confidence: 0,
            spottingFrames: main.frames, frameCount: frameCount, phoneCount: phoneCount)
        candidate.spottedOnlyInAccent = place.dictionary == nil
        candidate.accentSpottingScore = place.dictionary == nil ? nil : place.accent?.score
        candidate.wordMargins = spoken.map { AcousticEvidence.margin(of: $0, against: loop) }
        candidate.isolation = Self.isolation(
            of: grammar.audioFrame(first.startFrame)...grammar.audioFrame(last.endFrame), in: levels)
        candidate.confidence = confidence(of: candidate)
        return candidate
    }

    /// The logistic of the evidence: the keyphrase search's score, the margin per frame against
    /// the free phone loop, the phone agreement and the isolation up to its cap, each over its
    /// scale or times its weight (``WakeWordOptions``), plus the bias. A score of an accent's
    /// spelling (``WakeWordOptions/accents``) counts ``WakeWordOptions/accentEvidencePenalty``
    /// less, and the better of the two counts. See <doc:HowTheWakeWordIsFound> for why the score
    /// is taken whole.
    func confidence(of candidate: WakeCandidate) -> Double {
        let rest =
            candidate.margin / options.marginScale + options.agreementWeight * candidate.phoneAgreement
            + options.isolationWeight * min(candidate.isolation, options.isolationCap) + options.evidenceBias
        var spotted =
            candidate.spottingScore / options.spottingScale
            - (candidate.spottedOnlyInAccent ? options.accentEvidencePenalty : 0)
        if let accent = candidate.accentSpottingScore {
            spotted = max(spotted, accent / options.spottingScale - options.accentEvidencePenalty)
        }
        return Self.logistic(spotted + rest)
    }

    /// One family of spellings' proposals in a place: the best score, the frames of that
    /// proposal, and the span of them all.
    struct Spotted {
        var score: Double
        var frames: Int
        /// The union of the family's proposals (search frames).
        var range: ClosedRange<Int>
    }

    /// Overlapping proposals of the keyphrase search, the dictionary's spellings' and the
    /// accents' spellings' apart.
    struct Place {
        private(set) var dictionary: Spotted?
        private(set) var accent: Spotted?

        /// A place of one proposal.
        init(_ first: Spotted, accent isAccent: Bool) {
            add(first, accent: isAccent)
        }

        /// The union of all its proposals.
        var range: ClosedRange<Int> {
            let spans = [dictionary?.range, accent?.range].compactMap { $0 }
            return spans.dropFirst().reduce(spans[0], Self.spanning)
        }

        mutating func add(_ spotted: Spotted, accent isAccent: Bool) {
            if isAccent {
                accent = Self.better(accent, spotted)
            } else {
                dictionary = Self.better(dictionary, spotted)
            }
        }

        /// The better-scored of the two, spanning both.
        private static func better(_ kept: Spotted?, _ new: Spotted) -> Spotted {
            guard let kept else { return new }
            var best = new.score > kept.score ? new : kept
            best.range = spanning(kept.range, new.range)
            return best
        }

        /// The smallest range holding both.
        private static func spanning(_ one: ClosedRange<Int>, _ other: ClosedRange<Int>) -> ClosedRange<Int> {
            min(one.lowerBound, other.lowerBound)...max(one.upperBound, other.upperBound)
        }
    }
}

extension PocketSphinxWakeWordDetector {
    /// Frames (10 ms) just before and just after the phrase whose level is its context.
    public static let contextFrames = 30
    /// Frames next to the phrase left out of its context: its edges are found only roughly.
    public static let contextGuard = 3
    /// The most isolation measured (dB); the evidence counts less (``WakeWordOptions/isolationCap``).
    public static let isolationCeiling = 30.0

    /// How far (dB) the median level of the audio frames `phrase` stands above the quieter of
    /// its two contexts (``contextFrames`` before and after it, ``contextGuard`` frames apart),
    /// a context's level being the 80th percentile of its frames' levels (frames beyond the
    /// audio count as its background level, ``FrameLevels/floor``), within
    /// [0, ``isolationCeiling``].
    ///
    /// Someone addressing the assistant pauses before the wake phrase or after it; a stretch
    /// of ordinary speech that only sounds like it runs on into the same voice's other words on
    /// both sides.
    public static func isolation(of phrase: ClosedRange<Int>, in levels: FrameLevels) -> Double {
        let own = phrase.clamped(to: 0...max(0, levels.levels.count - 1)).map { levels.level($0) }
        guard !own.isEmpty else { return 0 }
        func context(_ frames: StrideTo<Int>) -> Double {
            let heard = frames.map { $0 >= 0 && $0 < levels.levels.count ? levels.levels[$0] : levels.floor }.sorted()
            return heard[heard.count * 8 / 10]
        }
        let before = context(
            stride(from: phrase.lowerBound - contextGuard - contextFrames, to: phrase.lowerBound - contextGuard, by: 1))
        let after = context(
            stride(
                from: phrase.upperBound + contextGuard + 1, to: phrase.upperBound + contextGuard + 1 + contextFrames,
                by: 1))
        let isolation = AcousticEvidence.median(own) - min(before, after)
        return min(max(isolation, 0), isolationCeiling)
    }
}
