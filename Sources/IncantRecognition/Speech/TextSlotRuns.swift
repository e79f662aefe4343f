import IncantGrammar

/// The free-text slots of a phrase-search hypothesis: each run of `TextSlotPlaceholder`
/// phones (fillers between them included), which stands for the words said in one slot.
struct TextSlotRuns {
    /// Index ranges into ``hypothesis``'s words, and the frames each run covers, in order.
    let runs: [(words: ClosedRange<Int>, frames: ClosedRange<Int>)]
    let hypothesis: RecognitionHypothesis

    /// The runs of `hypothesis`; nil when it went through no text slot.
    init?(_ hypothesis: RecognitionHypothesis) {
        var runs: [(words: ClosedRange<Int>, frames: ClosedRange<Int>)] = []
        var lastPlaceholder: Int?
        for (index, word) in hypothesis.words.enumerated() {
            if TextSlotPlaceholder.isPlaceholder(word.word) {
                if let previous = lastPlaceholder, let run = runs.last, run.words.upperBound == previous,
                    hypothesis.words[(previous + 1)..<index].allSatisfy(\.isFiller)
                {
                    runs[runs.count - 1] = (run.words.lowerBound...index, run.frames.lowerBound...word.endFrame)
                } else {
                    runs.append((index...index, word.startFrame...max(word.startFrame, word.endFrame)))
                }
                lastPlaceholder = index
            } else if !word.isFiller {
                lastPlaceholder = nil
            }
        }
        guard !runs.isEmpty else { return nil }
        self.runs = runs
        self.hypothesis = hypothesis
    }

    /// The name of a run in ``carrier``: a filler, so that only the carrier words are spoken words.
    static let fillerName = "<text>"

    /// The hypothesis with each run as one filler segment: its spoken words are the carrier
    /// words, which alone are held to the acceptance policy.
    var carrier: RecognitionHypothesis { merged(as: Self.fillerName) }

    /// The hypothesis with each run as one `TextSlotPlaceholder.token` word, as the word
    /// graph spells the phrase (for finding rival words).
    var withTokens: RecognitionHypothesis { merged(as: TextSlotPlaceholder.token) }

    private func merged(as name: String) -> RecognitionHypothesis {
        var merged = hypothesis
        for run in runs.reversed() {
            let words = hypothesis.words[run.words]
            let segment = WordSegment(
                word: name, startFrame: run.frames.lowerBound, endFrame: run.frames.upperBound,
                acousticScore: words.reduce(Int32(0)) { $0 &+ $1.acousticScore },
                languageScore: words.reduce(Int32(0)) { $0 &+ $1.languageScore })
            merged.words.replaceSubrange(run.words, with: [segment])
        }
        merged.text = merged.spokenWords.map(\.word).joined(separator: " ")
        merged.nbest = []
        return merged
    }

    /// The phone loop's hypothesis with the phones heard inside the runs taken for silence:
    /// the slots' speech is the open-vocabulary pass's to explain, not the carrier words'.
    func maskingSlots(in loop: RecognitionHypothesis) -> RecognitionHypothesis {
        var masked = loop
        for index in masked.words.indices {
            let middle = (masked.words[index].startFrame + masked.words[index].endFrame) / 2
            if runs.contains(where: { $0.frames.contains(middle) }) { masked.words[index].word = "SIL" }
        }
        return masked
    }

    /// `sentence` (words of ``withTokens``, or a rival sentence of them) with the runs' tokens
    /// replaced, in order, by `texts`; an empty text is shown as "…".
    static func filling(_ sentence: String, with texts: [String]) -> String {
        var remaining = texts[...]
        return sentence.split(separator: " ").map { word -> String in
            guard word == TextSlotPlaceholder.token else { return String(word) }
            let text = remaining.popFirst() ?? ""
            return text.isEmpty ? "…" : text
        }.joined(separator: " ")
    }
}
