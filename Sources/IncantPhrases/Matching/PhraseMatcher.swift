import Foundation

/// Matches typed or recognized text against every phrase in a catalog and returns the
/// shortcut, its parameter values and a confidence.
///
/// Matching is a word-level edit distance between the query and each phrase automaton: a
/// wrong, missing or extra word costs one edit, words inside slot values must be exact (a
/// parameter is never guessed), and a slot may be left unsaid (the parameter is then asked
/// for). Confidence is `1 - edits / max(query words, phrase words)`. Before any alignment an
/// inverted index bounds each phrase's best possible confidence from the words it shares with
/// the query, so only phrases that could win are aligned.
///
/// An edit is forgiven only for a word that does not tell two actions apart (see
/// ``DistinguishingWords``); a phrase with a text slot forgives none of its carrier words; words
/// said in a slot that are not one of its values are an unknown value. A candidate with such
/// a difference carries an ``MatchCandidate/objection`` and is never accepted.
public struct PhraseMatcher: Sendable {
    public let catalog: PhraseCatalog
    public let options: MatchOptions
    let normalizer: TextNormalizer
    let phrases: [CompiledPhrase]
    let vocabulary: Vocabulary
    /// For each word id, the phrases whose vocabulary holds it.
    let postings: [[Int32]]
    let largestStateCount: Int
    /// The catalog's distinguishing words, and per word id whether it is one.
    let distinguishingWords: DistinguishingWords
    let distinguishing: [Bool]

    /// Compiles every phrase of `catalog`.
    public init(catalog: PhraseCatalog, options: MatchOptions = MatchOptions()) {
        self.catalog = catalog
        self.options = options
        let normalizer = TextNormalizer(fillers: options.fillers)
        self.normalizer = normalizer
        var compiler = PhraseCompiler(normalizer: normalizer, guardsNearMisses: options.guardsNearMisses)
        var phrases: [CompiledPhrase] = []
        phrases.reserveCapacity(catalog.entries.count)
        for (index, entry) in catalog.entries.enumerated() {
            guard let shortcut = catalog.shortcut(entry.shortcutID) else { continue }
            phrases.append(compiler.compile(entry, index: index, shortcut: shortcut))
        }
        var postings = Array(repeating: [Int32](), count: compiler.vocabulary.words.count)
        for (index, phrase) in phrases.enumerated() {
            for word in phrase.vocabulary { postings[Int(word)].append(Int32(index)) }
        }
        self.phrases = phrases
        self.vocabulary = compiler.vocabulary
        self.postings = postings
        self.largestStateCount = phrases.map(\.stateCount).max() ?? 0
        let distinguishingWords =
            options.guardsNearMisses
            ? DistinguishingWords(catalog: catalog, normalizer: normalizer) : DistinguishingWords.none
        self.distinguishingWords = distinguishingWords
        self.distinguishing = compiler.vocabulary.words.map { distinguishingWords.contains($0) }
    }

    /// Matches one query.
    public func match(_ query: String) -> MatchResult {
        match(transcripts: [query])
    }

    /// Matches recognizer output given best-first (N-best).
    ///
    /// The transcripts are tried in order and the first one that is accepted (or ambiguous in
    /// itself) decides: alternatives are fallbacks for a best guess that matches nothing, not
    /// rivals (the recognizer already ranked them). A candidate from rank `r` has its
    /// confidence scaled by `1 - 0.02 r`. When no transcript is accepted, the result is the
    /// rejection of the best one, with the best candidates seen across all of them.
    public func match(transcripts: [String]) -> MatchResult {
        var rejected: MatchResult?
        var seen: [MatchCandidate] = []
        for (rank, transcript) in transcripts.enumerated() {
            let tokens = normalizer.tokens(transcript)
            var candidates = candidates(for: tokens, transcript: transcript, exhaustive: false)
            let scale = max(0.5, 1 - 0.02 * Double(rank))
            for index in candidates.indices { candidates[index].confidence *= scale }
            let result = decide(candidates, tokens: tokens)
            if result.decision != .rejected { return result }
            if rejected == nil { rejected = result }
            seen += candidates
        }
        guard var result = rejected else { return decide([], tokens: []) }
        let best = decide(seen, tokens: result.tokens)
        result.candidates = best.candidates
        if best.decision == .rejected { result.cause = best.cause }
        return result
    }

    /// Aligns every phrase with no pruning: the naive baseline the benchmark compares against.
    public func matchExhaustively(_ query: String) -> MatchResult {
        let tokens = normalizer.tokens(query)
        return decide(candidates(for: tokens, transcript: query, exhaustive: true), tokens: tokens)
    }

    /// The normalized tokens the matcher sees for `text`.
    public func tokens(_ text: String) -> [String] {
        normalizer.tokens(text)
    }

    // MARK: - Candidates

    func candidates(for tokens: [String], transcript: String, exhaustive: Bool) -> [MatchCandidate] {
        let query = Query(tokens: tokens, vocabulary: vocabulary, distinguishing: distinguishingWords)
        var scratch = AlignmentScratch(capacity: (tokens.count + 1) * max(1, largestStateCount))
        var candidates: [MatchCandidate] = []
        if exhaustive {
            for phrase in phrases {
                if let candidate = align(phrase, query: query, transcript: transcript, scratch: &scratch) {
                    candidates.append(candidate)
                }
            }
            return candidates
        }
        // Upper bounds from shared words.
        var hits = [Int32](repeating: 0, count: phrases.count)
        for (word, count) in query.wordCounts {
            for phrase in postings[Int(word)] { hits[Int(phrase)] += Int32(count) }
        }
        var order: [(bound: Double, index: Int)] = []
        let floor = options.threshold - 1e-9
        for index in phrases.indices {
            let bound = upperBound(phrases[index], hits: Int(hits[index]), query: query)
            if bound >= floor { order.append((bound, index)) }
        }
        order.sort { $0.bound > $1.bound }
        var best = -Double.infinity
        for (bound, index) in order {
            if bound < best - options.ambiguityMargin - 1e-9 { break }
            if let candidate = align(phrases[index], query: query, transcript: transcript, scratch: &scratch) {
                best = max(best, candidate.confidence)
                candidates.append(candidate)
            }
        }
        return candidates
    }

    func upperBound(_ phrase: CompiledPhrase, hits: Int, query: Query) -> Double {
        let n = query.ids.count
        if phrase.hasTextSlot { return 1 }
        var lower = max(0, phrase.minimumUnits - hits)
        let consumable = hits + (phrase.hasNumberSlot ? query.numericCount : 0)
        lower = max(lower, n - consumable)
        let denominator = max(n, phrase.maximumUnits, 1)
        return 1 - Double(lower) / Double(denominator)
    }

    // MARK: - Decision

    func decide(_ raw: [MatchCandidate], tokens: [String]) -> MatchResult {
        // Best candidate per action.
        var byAction: [MatchCandidate] = []
        let sorted = raw.sorted(by: Self.better)
        for candidate in sorted where !byAction.contains(where: { $0.sameAction(as: candidate) }) {
            byAction.append(candidate)
        }
        // An empty query (silence, fillers only) never runs anything, whatever matches it.
        let candidates = tokens.isEmpty ? [] : Array(byAction.prefix(options.maximumCandidates))
        guard let best = candidates.first else {
            return MatchResult(
                decision: .rejected, candidates: [], tokens: tokens,
                cause: tokens.isEmpty ? .nothingToMatch : .noCandidate(query: tokens.joined(separator: " ")))
        }
        if best.confidence < options.threshold {
            return MatchResult(
                decision: .rejected, candidates: candidates, tokens: tokens,
                cause: .belowThreshold(
                    phrase: best.phrase.label, confidence: best.confidence, threshold: options.threshold))
        }
        if let objection = best.objection {
            return MatchResult(decision: .rejected, candidates: candidates, tokens: tokens, cause: objection)
        }
        let rivals = candidates.dropFirst().filter {
            $0.objection == nil && $0.confidence >= best.confidence - options.ambiguityMargin
        }
        if !rivals.isEmpty {
            let names = ([best] + rivals).map { candidate -> String in
                let values = candidate.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                return candidate.shortcutID + (values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")")
            }
            return MatchResult(
                decision: .ambiguous, candidates: candidates, tokens: tokens, cause: .ambiguous(between: names))
        }
        return MatchResult(decision: .accepted, candidates: candidates, tokens: tokens, cause: best.matchReason)
    }

    /// Better first: higher confidence, then an objection (so a tie with an objected reading
    /// rejects rather than runs), then more literal words said exactly.
    static func better(_ a: MatchCandidate, _ b: MatchCandidate) -> Bool {
        if a.confidence != b.confidence { return a.confidence > b.confidence }
        if (a.objection == nil) != (b.objection == nil) { return a.objection != nil }
        if a.literalMatches != b.literalMatches { return a.literalMatches > b.literalMatches }
        return a.phrase.template.text < b.phrase.template.text
    }
}
/// A query's tokens as word ids, with numeric values and counts.
struct Query {
    let tokens: [String]
    let ids: [Int32]
    let integers: [Int?]
    let numbers: [Double?]
    let wordCounts: [Int32: Int]
    let numericCount: Int
    /// Per token, whether changing or adding it would change the meaning.
    let distinguishing: [Bool]

    init(tokens: [String], vocabulary: Vocabulary, distinguishing words: DistinguishingWords) {
        self.tokens = tokens
        self.distinguishing = tokens.map { words.isDistinguishing(queryWord: $0, vocabulary: vocabulary) }
        self.ids = tokens.map { vocabulary.id(of: $0) }
        self.integers = tokens.map { Int($0) }
        self.numbers = tokens.map { token in
            token.first.map { $0.isNumber || $0 == "-" } == true ? Double(token) : nil
        }
        var counts: [Int32: Int] = [:]
        for id in ids where id >= 0 { counts[id, default: 0] += 1 }
        self.wordCounts = counts
        self.numericCount = numbers.filter { $0 != nil }.count
    }
}
