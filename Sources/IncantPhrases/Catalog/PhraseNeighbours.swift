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
    /// Query words each phrase can consume, for the phrases in `touched`; zero elsewhere.
    var hits: [Int32]
    var touched: [Int]
    var scratch: AlignmentScratch

    init(matcher: PhraseMatcher) {
        self.matcher = matcher
        self.textPhrases = matcher.phrases.indices.filter { matcher.phrases[$0].hasTextSlot }
        self.numberPhrases = matcher.phrases.indices.filter { matcher.phrases[$0].hasNumberSlot }
        self.hits = Array(repeating: 0, count: matcher.phrases.count)
        self.touched = []
        self.scratch = AlignmentScratch(capacity: max(1, matcher.largestStateCount) * 16)
    }

    /// The phrases (of those above) whose best alignment with `sentence` costs at most
    /// `maximumEdits` word edits.
    mutating func candidates(of sentence: String, maximumEdits: Int) -> [(entryIndex: Int, candidate: MatchCandidate)] {
        let tokens = matcher.tokens(sentence)
        let query = Query(tokens: tokens, vocabulary: matcher.vocabulary)
        for (word, count) in query.wordCounts {
            for phrase in matcher.postings[Int(word)] {
                let index = Int(phrase)
                if hits[index] == 0 { touched.append(index) }
                hits[index] += Int32(count)
            }
        }
        defer {
            for index in touched { hits[index] = 0 }
            touched.removeAll(keepingCapacity: true)
        }
        var found: [(entryIndex: Int, candidate: MatchCandidate)] = []
        var aligned = Set<Int>()
        func consider(_ index: Int) {
            guard aligned.insert(index).inserted else { return }
            let phrase = matcher.phrases[index]
            guard phrase.hasTextSlot || Self.fewestEdits(phrase, hits: Int(hits[index]), query: query) <= maximumEdits,
                let candidate = matcher.align(phrase, query: query, transcript: sentence, scratch: &scratch),
                candidate.edits <= maximumEdits
            else { return }
            found.append((phrase.entryIndex, candidate))
        }
        for index in touched { consider(index) }
        for index in textPhrases { consider(index) }
        if query.numericCount > 0 {
            for index in numberPhrases { consider(index) }
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
