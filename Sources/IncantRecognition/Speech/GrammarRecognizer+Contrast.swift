import Foundation
import IncantCapture
import IncantGrammar

/// Telling a word from the words the grammar allows in its place ("on" from "off", "fifty" from
/// "eighty"): each is aligned, with its neighbours, to the same frames, and their acoustic
/// scores are compared. The phrase search's own choice between them is biased by its beams and
/// by the shape of the grammar; a forced alignment of each over the same audio is not.
extension GrammarRecognizer {
    static let contrastSearch = "_contrast"

    /// The contrasts of every word of `hypothesis` that has rivals in the grammar, and of every
    /// stretch of up to ``RecognizerOptions/contrastSpanLength`` words that other words may
    /// replace ("twelve" and "twenty one", "bedroom" and "living room"). A text slot
    /// (`TextSlotPlaceholder.token`) is neither contrasted nor used as a neighbour: its words
    /// are not the grammar's.
    ///
    /// - Parameter levels: the loudness of the utterance's audio frames; with it, a rival that
    ///   explains the heard words' speech with silence (``RecognizerOptions/contrastSilenceGate``)
    ///   is set aside.
    func contrasts(
        of hypothesis: RecognitionHypothesis, frames: CepstralFrames, levels: FrameLevels? = nil
    ) throws -> [WordContrast] {
        guard let graph = grammar.graph else { return [] }
        let segments = hypothesis.spokenWords
        let words = segments.map(\.word)
        let slot = TextSlotPlaceholder.token
        var rivalsAt: [ContrastStretch: [[String]]] = [:]
        for substitution in graph.substitutions(of: words) where substitution.word != slot {
            rivalsAt[ContrastStretch(position: substitution.position, length: 1), default: []].append([
                substitution.word
            ])
        }
        if options.contrastSpanLength > 1 {
            for substitution in graph.spanSubstitutions(of: words, maximumLength: options.contrastSpanLength)
            where !substitution.words.contains(slot) {
                let stretch = ContrastStretch(position: substitution.position, length: substitution.length)
                rivalsAt[stretch, default: []].append(substitution.words)
            }
        }
        var found: [WordContrast] = []
        for (stretch, rivals) in rivalsAt.sorted(by: {
            ($0.key.position, $0.key.length) < ($1.key.position, $1.key.length)
        })
        where !words[stretch.range].contains(slot) {
            let position = stretch.position
            let last = stretch.range.upperBound - 1
            let hasBefore = position > 0 && words[position - 1] != slot
            let hasAfter = last + 1 < words.count && words[last + 1] != slot
            let before = hasBefore ? [words[position - 1]] : []
            let after = hasAfter ? [words[last + 1]] : []
            // Beside a slot, the stretch's own frames: the slot's speech is no silence to absorb.
            let lower =
                hasBefore ? segments[position - 1].startFrame : segments[position].startFrame - (position > 0 ? 0 : 20)
            let upper =
                hasAfter ? segments[last + 1].endFrame + 1 : segments[last].endFrame + (last + 1 < words.count ? 1 : 21)
            let range = max(0, lower)..<min(frames.count, upper)
            guard !range.isEmpty else { continue }
            let heardWords = Array(words[stretch.range])
            guard let heardAlignment = try aligned(before + heardWords + after, frames: frames, range: range) else {
                continue
            }
            let heard = Self.acousticScore(heardAlignment)
            let speech = levels.flatMap { speechFrames(of: heardAlignment, levels: $0) }
            // Rivals of each length are searched apart: in one search, a rival of more words pays
            // more word transitions, which the acoustic scores compared below do not hold.
            var closest: (rival: [String], margin: Double)?
            for group in Dictionary(grouping: rivals, by: \.count).sorted(by: { $0.key < $1.key }).map(\.value) {
                let rival: [String]
                if group.count == 1 {
                    rival = group[0]
                } else {
                    guard
                        let best = try align(
                            before.map { [[$0]] } + [group] + after.map { [[$0]] }, frames: frames, range: range
                        )?.spokenWords.map(\.word),
                        let chosen = group.first(where: { before + $0 + after == best })
                    else { continue }
                    rival = chosen
                }
                let alignment = try aligned(before + rival + after, frames: frames, range: range)
                if let alignment, let speech, Self.silenced(speech, by: alignment) >= options.contrastSilencedFrames {
                    continue
                }
                let margin = alignment.map { heard - Self.acousticScore($0) } ?? .infinity
                if closest.map({ margin < $0.margin }) ?? true { closest = (rival, margin) }
            }
            guard let (rival, margin) = closest else { continue }
            var alternative = words
            alternative.replaceSubrange(stretch.range, with: rival)
            found.append(
                WordContrast(
                    position: position, length: stretch.length, heard: heardWords.joined(separator: " "),
                    rival: rival.joined(separator: " "), margin: margin,
                    alternative: alternative.joined(separator: " ")))
        }
        return found
    }

    /// `words` forced onto `range` of `frames`; nil when the search does not end on exactly
    /// those words.
    private func aligned(_ words: [String], frames: CepstralFrames, range: Range<Int>) throws
        -> RecognitionHypothesis?
    {
        guard let hypothesis = try align(words.map { [[$0]] }, frames: frames, range: range),
            hypothesis.spokenWords.map(\.word) == words
        else { return nil }
        return hypothesis
    }

    /// The acoustic score of an alignment: its words', silences' and fillers'.
    static func acousticScore(_ alignment: RecognitionHypothesis) -> Double {
        alignment.words.reduce(0.0) { $0 + Double($1.acousticScore) }
    }

    /// The frames of `alignment`'s words loud enough to be their speech: at most
    /// ``RecognizerOptions/contrastSilenceGate`` dB below the median level of the words' frames;
    /// nil without the gate.
    func speechFrames(of alignment: RecognitionHypothesis, levels: FrameLevels) -> IndexSet? {
        guard let gate = options.contrastSilenceGate else { return nil }
        let spoken = alignment.spokenWords.frames
        func level(_ frame: Int) -> Double { levels.level(alignment.audioFrame(frame)) }
        let sorted = spoken.map(level).sorted()
        guard !sorted.isEmpty else { return nil }
        let floor = sorted[sorted.count / 2] - gate
        return IndexSet(spoken.filter { level($0) >= floor })
    }

    /// How many frames of `speech` `alignment` puts silence or a filler on.
    static func silenced(_ speech: IndexSet, by alignment: RecognitionHypothesis) -> Int {
        speech.intersection(alignment.words.filter(\.isFiller).frames).count
    }

    /// Searches `range` of `frames` with a grammar of one sentence: a place after another,
    /// each holding one of its alternatives (a word or several words).
    private func align(_ places: [[[String]]], frames: CepstralFrames, range: Range<Int>) throws
        -> RecognitionHypothesis?
    {
        // A word graph in FSG text: cheaper to load than JSGF, and a JSGF search replaced under
        // the same name leaves its compiled grammar behind in pocketsphinx, every utterance.
        var transitions: [String] = []
        var state = 0
        var next = places.count + 1
        for (index, alternatives) in places.enumerated() {
            let target = index + 1
            let probability = String(format: "%.6f", 1 / Double(alternatives.count))
            for words in alternatives where !words.isEmpty {
                var from = state
                for (offset, word) in words.enumerated() {
                    let to = offset == words.count - 1 ? target : next
                    if to == next { next += 1 }
                    transitions.append("TRANSITION \(from) \(to) \(offset == 0 ? probability : "1.0") \(word)")
                    from = to
                }
            }
            state = target
        }
        let lines =
            ["FSG_BEGIN contrast", "NUM_STATES \(next)", "START_STATE 0", "FINAL_STATE \(places.count)"] + transitions
            + ["FSG_END"]
        try decoder.loadGrammar(fsg: lines.joined(separator: "\n") + "\n", named: Self.contrastSearch)
        return try decoder.decode(frames, range: range, search: Self.contrastSearch)
    }
}

/// A stretch of a transcript's words that other words may replace.
struct ContrastStretch: Hashable {
    var position: Int
    var length: Int
    var range: Range<Int> { position..<(position + length) }
}
