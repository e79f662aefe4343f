/// Finds the phrases of a matcher within a few word edits of a sentence, through the matcher's
/// inverted index: only phrases that share enough words with the sentence to be that close
/// are aligned, so a search costs the postings of the sentence's words, not the whole catalog.
///
/// Only phrases that can consume one of the sentence's tokens are considered: phrases sharing
/// a word (literal or slot value), phrases with a number slot when the sentence has a number,
/// and phrases with a text slot. A phrase sharing nothing is never an exact match, nor a near
/// miss worth a warning.
struct PhraseNeighbours {
    let matcher: PhraseMatcher
    /// Phrases that can absorb any words (text slots).
    let textPhrases: [Int]
    /// Phrases with a number slot.
    let numberPhrases: [Int]
    /// For the phrases in `touched`, how many of the query's counted words each holds; zero
    /// elsewhere.
    var counts: [Int32]
    var touched: [Int]
    var scratch: AlignmentScratch

    init(matcher: PhraseMatcher) {
        self.matcher = matcher
        self.textPhrases = matcher.phrases.indices.filter { matcher.phrases[$0].hasTextSlot }
        self.numberPhrases = matcher.phrases.indices.filter { matcher.phrases[$0].hasNumberSlot }
        self.counts = Array(repeating: 0, count: matcher.phrases.count)
        self.touched = []
        self.scratch = AlignmentScratch(capacity: max(1, matcher.largestStateCount) * 16)
    }

    /// The phrases (of those above) whose best alignment with `sentence` costs at most
    /// `maximumEdits` word edits.
    ///
    /// Every query token a phrase does not consume costs an edit. The words of the query
    /// (numbers aside, which number slots may consume) can only be consumed by phrases holding
    /// them, so a phrase within `maximumEdits` holds all but at most that many of any of its
    /// words: counting, through the postings of the rarest few words, how many of them each
    /// phrase holds names every candidate, and only those are bounded and aligned.
    ///
    /// With `exhaustive`, every phrase is aligned instead: the naive baseline.
    mutating func candidates(
        of sentence: String, maximumEdits: Int, exhaustive: Bool = false
    ) -> [(entryIndex: Int, candidate: MatchCandidate)] {
        let tokens = matcher.tokens(sentence)
        let query = Query(tokens: tokens, vocabulary: matcher.vocabulary, distinguishing: matcher.distinguishingWords)
        if exhaustive {
            return align(Array(matcher.phrases.indices), query: query, sentence: sentence, maximumEdits, bounded: false)
        }
        defer {
            for index in touched { counts[index] = 0 }
            touched.removeAll(keepingCapacity: true)
        }
        var words: [Int32] = []
        var unknown = 0
        for (position, id) in query.ids.enumerated() where query.numbers[position] == nil {
            if id >= 0 { words.append(id) } else { unknown += 1 }
        }
        let allowed = maximumEdits - unknown
        guard allowed >= 0 else { return align(textPhrases, query: query, sentence: sentence, maximumEdits) }
        // Of `picked` words, a candidate holds at least `picked - allowed` (and one at least:
        // a phrase sharing no word is not a neighbour worth reporting).
        words.sort { matcher.postings[Int($0)].count < matcher.postings[Int($1)].count }
        let picked = min(words.count, allowed + Self.extraWords + 1)
        for word in words.prefix(picked) {
            for phrase in matcher.postings[Int(word)] {
                let index = Int(phrase)
                if counts[index] == 0 { touched.append(index) }
                counts[index] += 1
            }
        }
        let needed = Int32(max(1, picked - allowed))
        var indices = touched.filter { counts[$0] >= needed } + textPhrases
        if picked <= allowed && query.numericCount > 0 {
            // So few words that a phrase may consume nothing but the numbers.
            indices += numberPhrases
        }
        return align(Array(Set(indices)).sorted(), query: query, sentence: sentence, maximumEdits)
    }

    /// Words counted beyond the fewest that prove a phrase shares one: each narrows the
    /// candidates further for a few more postings read.
    static let extraWords = 2

    /// Aligns the phrases at `indices` whose bound allows it, keeping those within `maximumEdits`.
    mutating func align(
        _ indices: [Int], query: Query, sentence: String, _ maximumEdits: Int, bounded: Bool = true
    ) -> [(entryIndex: Int, candidate: MatchCandidate)] {
        var found: [(entryIndex: Int, candidate: MatchCandidate)] = []
        for index in indices {
            let phrase = matcher.phrases[index]
            var shared = 0
            if bounded {
                for (word, count) in query.wordCounts where phrase.vocabulary.contains(word) { shared += count }
            }
            guard
                !bounded || phrase.hasTextSlot || Self.fewestEdits(phrase, hits: shared, query: query) <= maximumEdits,
                let candidate = matcher.align(phrase, query: query, transcript: sentence, scratch: &scratch),
                candidate.edits <= maximumEdits
            else { continue }
            found.append((phrase.entryIndex, candidate))
        }
        return found
    }

    /// A lower bound on the word edits between `query` and `phrase`, from the query words the
    /// phrase can consume (`hits`, plus the query's numbers when it has a number slot).
    static func fewestEdits(_ phrase: CompiledPhrase, hits: Int, query: Query) -> Int {
        let consumable = hits + (phrase.hasNumberSlot ? query.numericCount : 0)
        return max(0, phrase.minimumUnits - consumable, query.ids.count - consumable)
    }
}
