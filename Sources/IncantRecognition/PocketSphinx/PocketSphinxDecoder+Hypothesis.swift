import CPocketSphinx
import IncantCapture

/// The hypothesis of the utterance just ended (lock held), and the helpers that clean up its words.
extension PocketSphinxDecoder {
    /// The hypothesis of the utterance just ended, with `audioFrames`, its word frames counted
    /// from `frameOffset`.
    func collectHypothesis(audioFrames: [Int]? = nil, frameOffset: Int = 0) -> RecognitionHypothesis? {
        var score: Int32 = 0
        guard let best = ps_get_hyp(decoder, &score) else { return nil }
        let text = String(cString: best)
        let searchName = ps_get_search(decoder).map { String(cString: $0) } ?? ""
        let logPosterior = options.computesPosterior ? ps_get_prob(decoder) : 0
        let logmath = ps_get_logmath(decoder)
        let posterior = logPosterior == 0 ? 1 : logmath_exp(logmath, logPosterior)

        var words: [WordSegment] = []
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            if let word = ps_seg_word(current) {
                var start: Int32 = 0
                var end: Int32 = 0
                ps_seg_frames(current, &start, &end)
                var acoustic: Int32 = 0
                var language: Int32 = 0
                var backoff: Int32 = 0
                let probability = ps_seg_prob(current, &acoustic, &language, &backoff)
                let name = Self.baseWord(String(cString: word))
                if name != "(NULL)" {
                    words.append(
                        WordSegment(
                            word: name, startFrame: Int(start) + frameOffset, endFrame: Int(end) + frameOffset,
                            acousticScore: acoustic, languageScore: language, posterior: probability))
                }
            }
            segment = ps_seg_next(current)
        }

        if let scale = options.wordPosteriorScale, ps_get_fsg(decoder, searchName) != nil {
            let posteriors = latticePosteriors(of: words, frameOffset: frameOffset, scale: scale)
            for index in words.indices { words[index].framePosterior = posteriors?[index] }
        }

        var hypothesis = RecognitionHypothesis(
            text: text,
            score: score,
            logPosterior: logPosterior,
            posterior: posterior,
            words: words,
            nbest: collectNBest(),
            // ps_get_n_frames counts across utterances in 0.8; count this utterance's 10 ms frames.
            frameCount: samplesInUtterance / RecognitionHypothesis.samplesPerFrame,
            search: searchName
        )
        hypothesis.audioFrames = audioFrames
        return hypothesis
    }

    private func collectNBest() -> [NBestEntry] {
        guard options.nbestCount > 0, let first = ps_nbest(decoder) else { return [] }
        var entries: [NBestEntry] = []
        var iterator: OpaquePointer? = first
        var visited = 0
        // A* yields each word string once per segmentation; look a little further than N.
        while let current = iterator, entries.count < options.nbestCount, visited < options.nbestCount * 20 {
            visited += 1
            var score: Int32 = 0
            if let hypothesis = ps_nbest_hyp(current, &score) {
                let text = Self.spokenText(String(cString: hypothesis))
                if !entries.contains(where: { $0.text == text }) {
                    entries.append(NBestEntry(text: text, score: score))
                }
            }
            iterator = ps_nbest_next(current)
        }
        if let iterator { ps_nbest_free(iterator) }
        return entries
    }

    // MARK: Helpers

    /// The dictionary's name for pronunciation `index` (from 0) of `word`: `word` for the main
    /// one, `word(2)`, `word(3)` … for its alternates; ``baseWord(_:)`` undoes it.
    static func entryName(of word: String, pronunciation index: Int) -> String {
        index == 0 ? word : "\(word)(\(index + 1))"
    }

    /// `word(2)` → `word`.
    static func baseWord(_ word: String) -> String {
        if word.hasSuffix(")"), let open = word.lastIndex(of: "("), open != word.startIndex,
            word[word.index(after: open)..<word.index(before: word.endIndex)].allSatisfy(\.isNumber)
        {
            return String(word[..<open])
        }
        return word
    }

    /// N-best strings include fillers and variants; keep the spoken words.
    static func spokenText(_ text: String) -> String {
        text.split(separator: " ").map { baseWord(String($0)) }
            .filter { !($0.hasPrefix("<") || $0.hasPrefix("[") || $0.hasPrefix("+") || $0 == "(NULL)") }
            .joined(separator: " ")
    }
}
