import IncantGrammar

/// Telling a word from the words the grammar allows in its place ("on" from "off", "fifty" from
/// "eighty"): each is aligned, with its neighbours, to the same frames, and their acoustic
/// scores are compared. The phrase search's own choice between them is biased by its beams and
/// by the shape of the grammar; a forced alignment of each over the same audio is not.
extension GrammarRecognizer {
    static let contrastSearch = "_contrast"

    /// The contrasts of every word of `hypothesis` that has rivals in the grammar. A text slot
    /// (`TextSlotPlaceholder.token`) is neither contrasted nor used as a neighbour: its
    /// words are not the grammar's.
    func contrasts(of hypothesis: RecognitionHypothesis, frames: CepstralFrames) throws -> [WordContrast] {
        guard let graph = grammar.graph else { return [] }
        let segments = hypothesis.spokenWords
        let words = segments.map(\.word)
        var rivalsAt: [Int: [String]] = [:]
        let slot = TextSlotPlaceholder.token
        for substitution in graph.substitutions(of: words) where substitution.word != slot {
            rivalsAt[substitution.position, default: []].append(substitution.word)
        }
        var found: [WordContrast] = []
        for (position, rivals) in rivalsAt.sorted(by: { $0.key < $1.key }) where words[position] != slot {
            let hasBefore = position > 0 && words[position - 1] != slot
            let hasAfter = position + 1 < words.count && words[position + 1] != slot
            let before = hasBefore ? words[position - 1] : nil
            let after = hasAfter ? words[position + 1] : nil
            // Beside a slot, the word's own frames: the slot's speech is no silence to absorb.
            let lower =
                hasBefore
                ? segments[position - 1].startFrame : segments[position].startFrame - (position > 0 ? 0 : 20)
            let upper =
                hasAfter
                ? segments[position + 1].endFrame + 1
                : segments[position].endFrame + (position + 1 < words.count ? 1 : 21)
            let range = max(0, lower)..<min(frames.count, upper)
            guard !range.isEmpty else { continue }
            let context = { (word: String) in [before, word, after].compactMap { $0 } }
            guard let heard = try alignedScore(context(words[position]), frames: frames, range: range) else { continue }
            let rival: String
            if rivals.count == 1 {
                rival = rivals[0]
            } else {
                let choice = "( " + rivals.joined(separator: " | ") + " )"
                guard
                    let best = try align(context(choice), frames: frames, range: range)?.spokenWords,
                    best.count == context("x").count
                else { continue }
                rival = best[hasBefore ? 1 : 0].word
            }
            let score = try alignedScore(context(rival), frames: frames, range: range)
            var alternative = words
            alternative[position] = rival
            found.append(
                WordContrast(
                    position: position, heard: words[position], rival: rival,
                    margin: score.map { heard - $0 } ?? .infinity,
                    alternative: alternative.joined(separator: " ")))
        }
        return found
    }

    /// The acoustic score of `words` forced onto `range` of `frames`; nil when the search does
    /// not end on exactly those words.
    private func alignedScore(_ words: [String], frames: CepstralFrames, range: Range<Int>) throws -> Double? {
        guard let hypothesis = try align(words, frames: frames, range: range),
            hypothesis.spokenWords.map(\.word) == words
        else { return nil }
        return hypothesis.words.reduce(0.0) { $0 + Double($1.acousticScore) }
    }

    /// Searches `range` of `frames` with a grammar of the one sentence `words`, each a word or
    /// a `( a | b )` choice.
    private func align(_ words: [String], frames: CepstralFrames, range: Range<Int>) throws -> RecognitionHypothesis? {
        // A linear word graph in FSG text: cheaper to load than JSGF, and a JSGF search replaced
        // under the same name leaves its compiled grammar behind in pocketsphinx, every utterance.
        var lines = [
            "FSG_BEGIN contrast", "NUM_STATES \(words.count + 1)", "START_STATE 0", "FINAL_STATE \(words.count)",
        ]
        for (state, slot) in words.enumerated() {
            let choices =
                slot.hasPrefix("(")
                ? slot.split(separator: " ").filter { $0 != "(" && $0 != ")" && $0 != "|" }.map(String.init) : [slot]
            let probability = String(format: "%.6f", 1 / Double(choices.count))
            for word in choices { lines.append("TRANSITION \(state) \(state + 1) \(probability) \(word)") }
        }
        lines.append("FSG_END")
        try decoder.loadGrammar(fsg: lines.joined(separator: "\n") + "\n", named: Self.contrastSearch)
        return try decoder.decode(frames, range: range, search: Self.contrastSearch)
    }
}
