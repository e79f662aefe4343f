import Foundation
import IncantCapture

/// How well the recognized words explain the audio, measured against a free phone loop
/// decoded over the same samples: the loop can follow any sound, so a phrase that was really
/// said scores close to it, and a phrase forced onto other speech scores far below it.
///
/// Scores are per 10 ms frame in pocketsphinx's log units (base 1.0001); margins are ≤ 0 in
/// principle, larger is better.
public struct AcousticEvidence: Sendable, Hashable, Codable {
    /// Whole-utterance margin: all grammar segments (silences included) against the loop.
    public var utteranceMargin: Double
    /// The worst word: the lowest per-frame margin of any spoken word against the loop's
    /// phones over that word's own frames. One badly fitting word betrays a forced match.
    public var worstWordMargin: Double
    /// The frame-weighted average margin of the spoken words over their own frames.
    public var meanWordMargin: Double
    /// Frames the spoken words cover, over frames the loop hears as speech (not silence) that
    /// stand out from the background: low when a short phrase swallowed a long utterance by
    /// labelling the rest silence.
    public var coverage: Double
    /// Frames of speech according to the phone loop (before any loudness gate).
    public var speechFrames: Int
    /// Frames covered by the spoken words.
    public var wordFrames: Int
    /// The share of the spoken words' frames that the loop hears as speech: near 1 for a phrase
    /// that was said, low when a phrase was laid over clatter or hiss that the loop explains
    /// with silence and noise fillers.
    public var support: Double
    /// The share of the spoken words' frames that are voiced (``Voicing``): speech is voiced in
    /// about half its frames, clatter and hiss hardly ever. 1 when not measured.
    public var voicing: Double = 1
    /// How far (dB) the median level of the spoken words' frames stands above the utterance's
    /// background (``FrameLevels/floor``): 30 dB or more for a command said in a quiet room,
    /// 10 dB or less in loud noise. Infinite when levels were not measured.
    public var wordsAboveBackground: Double = .infinity
    /// How far the phones the free loop heard over each spoken word agree with that word's
    /// pronunciation: 1 − (phone edit distance / phones in the pronunciation), summed over the
    /// words, at least 0. A phrase that was said shares many of its phones with the loop's; a
    /// phrase forced onto other speech shares few. 1 when not measured.
    public var phoneAgreement: Double = 1
    /// ``coverage`` counting only voiced frames (``Voicing``) among those the words leave
    /// unexplained: speech the words did not explain is voiced in about half its frames,
    /// kitchen clatter around a command hardly ever. 1 when voicing was not measured.
    public var voicedCoverage: Double = 1
    /// The voiced frames (``Voicing``) among the audible speech the words leave unexplained:
    /// what ``voicedCoverage`` counts against the words. 0 when voicing was not measured.
    public var unexplainedVoicedFrames: Int = 0
    /// How far (dB) the median level of the spoken words' frames lies below the loudest audio
    /// of the utterance (``FrameLevels/peak``). 0 when levels were not measured.
    public var wordsBelowPeak: Double = 0
    /// The same for each spoken word alone (in order): the median level of its frames below
    /// the loudest audio. Empty when levels were not measured.
    public var eachWordBelowPeak: [Double] = []
    /// How far (dB) the median level of the frames outside the spoken words lies below the
    /// loudest audio: the sound around the speaker (silence, noise, other people talking). nil
    /// when levels were not measured or fewer than ``leastOutsideFrames`` frames lie outside.
    public var outsideBelowPeak: Double? = nil
    /// How far (dB) the utterance's background level (``FrameLevels/floor``) lies below its
    /// loudest audio: ``wordsBelowPeak`` plus ``wordsAboveBackground``. Infinite when levels were
    /// not measured.
    public var floorBelowPeak: Double { wordsBelowPeak + wordsAboveBackground }
    /// The per-frame margin of the grammar path against the loop over the frames outside the
    /// spoken words (the silences and fillers around and between them): how much better the
    /// free loop fits this utterance's audio where no phrase word is asked to fit it. 0 when
    /// the words fill the utterance.
    public var outsideMargin: Double = 0
    /// Frames outside the spoken words.
    public var outsideFrames: Int = 0
    /// The share of the frames outside the spoken words that are voiced (``Voicing``): near 0
    /// around a command in a quiet room or in clatter, high when other people talk behind it.
    /// 0 when voicing was not measured or every frame is a word's.
    public var outsideVoicing: Double = 0
    /// The loop's own per-frame acoustic score over the spoken words' frames.
    public var loopWordScore: Double = 0
    /// The share of the utterance's loud samples near full scale (``IncantCapture/Clipping``);
    /// nil when not measured.
    public var clippedShare: Double? = nil
    /// The per-frame margin of the spoken words against a free loop of common English words and
    /// the grammar's own words over the same frames (``RecognizerOptions/commonWords``); nil
    /// when not measured.
    public var wordLoopMargin: Double? = nil
    /// The same margin word by word: each spoken word's acoustic score minus the loop's over
    /// the word's frames, and how many frames it spans; nil when not measured.
    public var wordLoopWords: [WordLoopFit]? = nil

    /// One spoken word against the word loop over its frames.
    public struct WordLoopFit: Sendable, Hashable, Codable {
        /// The word's acoustic score minus the loop's over its frames (not per frame).
        public var margin: Double
        /// The frames the word spans.
        public var frames: Int
    }

    public init(
        utteranceMargin: Double, worstWordMargin: Double, meanWordMargin: Double, coverage: Double, speechFrames: Int,
        wordFrames: Int, support: Double = 1
    ) {
        self.utteranceMargin = utteranceMargin
        self.worstWordMargin = worstWordMargin
        self.meanWordMargin = meanWordMargin
        self.coverage = coverage
        self.speechFrames = speechFrames
        self.wordFrames = wordFrames
        self.support = support
    }

    /// Compares a grammar hypothesis with the phone loop's over the same utterance.
    ///
    /// With `levels`, coverage counts only the loop's speech frames at least `speechGate` dB
    /// above the utterance's background level: background noise that the loop follows between
    /// and around the words is not speech the phrase failed to explain.
    /// A word's acoustic score against `loop`'s over the word's own frames, per frame (log
    /// units; larger is better).
    public static func margin(of word: WordSegment, against loop: RecognitionHypothesis) -> Double {
        (Double(word.acousticScore) - loop.acousticScore(from: word.startFrame, to: word.endFrame))
            / Double(max(1, word.frameCount))
    }

    public init(
        grammar: RecognitionHypothesis, phoneLoop: RecognitionHypothesis, levels: FrameLevels? = nil,
        speechGate: Double = 0, wordRelativeGate: Double? = nil, voicedWordGate: Double? = nil, voicing: Voicing? = nil,
        pronunciations: ((String) -> [[String]])? = nil
    ) {
        let phones = phoneLoop.words
        let grammarTotal = grammar.words.reduce(0.0) { $0 + Double($1.acousticScore) }
        let loopTotal = phones.reduce(0.0) { $0 + Double($1.acousticScore) }
        utteranceMargin = (grammarTotal - loopTotal) / Double(max(1, grammar.frameCount))

        var worst = 0.0
        var weighted = 0.0
        var frames = 0
        for word in grammar.spokenWords {
            let margin = Self.margin(of: word, against: phoneLoop)
            worst = min(worst, margin)
            weighted += margin * Double(word.frameCount)
            frames += word.frameCount
        }
        var outsideScore = 0.0
        var outside = 0
        for segment in grammar.words where segment.isFiller && segment.endFrame >= segment.startFrame {
            outsideScore +=
                Double(segment.acousticScore) - phoneLoop.acousticScore(from: segment.startFrame, to: segment.endFrame)
            outside += segment.endFrame - segment.startFrame + 1
        }
        outsideFrames = outside
        outsideMargin = outside > 0 ? outsideScore / Double(outside) : 0
        let loopOverWords = grammar.spokenWords.reduce(0.0) {
            $0 + phoneLoop.acousticScore(from: $1.startFrame, to: $1.endFrame)
        }
        loopWordScore = frames > 0 ? loopOverWords / Double(frames) : 0
        worstWordMargin = frames > 0 ? worst : -.infinity
        meanWordMargin = frames > 0 ? weighted / Double(frames) : -.infinity
        wordFrames = frames
        let speech = phones.filter { !Self.isSilence($0.word) }.frames
        let spoken = grammar.spokenWords.frames
        // The frames of the utterance no spoken word covers: silences, fillers, the sound around.
        let around = IndexSet(integersIn: 0..<max(0, grammar.frameCount)).subtracting(spoken)
        speechFrames = speech.count
        support = spoken.isEmpty ? 0 : Double(spoken.intersection(speech).count) / Double(spoken.count)
        var audible = speech
        // The audible frames loud enough to count as voiced speech the words left unexplained.
        var voicedAudible: IndexSet?
        if let levels {
            audible = IndexSet(speech.filter { levels.isAudible(grammar.audioFrame($0), gate: speechGate) })
            let wordLevels = spoken.map { levels.level(grammar.audioFrame($0)) }.sorted()
            if !wordLevels.isEmpty {
                let median = wordLevels[wordLevels.count / 2]
                wordsAboveBackground = median - levels.floor
                wordsBelowPeak = levels.peak - median
                let aroundLevels = around.map { levels.level(grammar.audioFrame($0)) }.filter(\.isFinite)
                if aroundLevels.count >= Self.leastOutsideFrames {
                    outsideBelowPeak = levels.peak - Self.median(aroundLevels)
                }
                eachWordBelowPeak = grammar.spokenWords.map { word in
                    guard word.endFrame >= word.startFrame else { return 0 }
                    return levels.peak
                        - Self.median((word.startFrame...word.endFrame).map { levels.level(grammar.audioFrame($0)) })
                }
                if let wordRelativeGate {
                    audible = IndexSet(
                        audible.filter { levels.level(grammar.audioFrame($0)) >= median - wordRelativeGate })
                }
                if let voicedWordGate {
                    voicedAudible = IndexSet(
                        audible.filter { levels.level(grammar.audioFrame($0)) >= median - voicedWordGate })
                }
            }
        }
        if let voicing {
            self.voicing = voicing.voicedShare(of: spoken.map { grammar.audioFrame($0) })
            outsideVoicing = around.isEmpty ? 0 : voicing.voicedShare(of: around.map { grammar.audioFrame($0) })
        }
        if let pronunciations {
            phoneAgreement = Self.phoneAgreement(
                words: grammar.spokenWords, loop: phones.filter { !Self.isSilence($0.word) },
                pronunciations: pronunciations)
        }
        // The share of the loop's audible speech that the words cover; 1 when there is none.
        let covered = audible.intersection(spoken).count
        coverage = audible.isEmpty ? 1 : Double(covered) / Double(audible.count)
        if let voicing {
            let unexplained = (voicedAudible ?? audible).subtracting(spoken).count {
                voicing.isVoiced(atFrame: grammar.audioFrame($0))
            }
            unexplainedVoicedFrames = unexplained
            voicedCoverage = covered + unexplained == 0 ? 1 : Double(covered) / Double(covered + unexplained)
        }
    }

    /// The fewest frames outside the spoken words that give them a level (``outsideBelowPeak``):
    /// a tenth of a second.
    public static let leastOutsideFrames = 10

    /// The median of `values` (the upper one of an even count); infinity when empty.
    static func median<Values: Collection<Double>>(_ values: Values) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .infinity : sorted[sorted.count / 2]
    }

    /// 1 − (edit distance between each word's closest pronunciation and the loop's phones
    /// centred in the word's frames, summed) / (phones of those pronunciations), at least 0.
    static func phoneAgreement(
        words: [WordSegment], loop: [WordSegment], pronunciations: (String) -> [[String]]
    ) -> Double {
        var distance = 0
        var expected = 0
        for word in words {
            let heard = loop.filter {
                let middle = ($0.startFrame + $0.endFrame) / 2
                return middle >= word.startFrame && middle <= word.endFrame
            }.map(\.word)
            let candidates = pronunciations(word.word)
            guard
                let best = candidates.map({ (phones: $0, distance: editDistance($0, heard)) })
                    .min(by: { $0.distance < $1.distance })
            else { continue }
            distance += best.distance
            expected += best.phones.count
        }
        guard expected > 0 else { return 1 }
        return max(0, 1 - Double(distance) / Double(expected))
    }

    /// Levenshtein distance between two phone sequences.
    static func editDistance(_ a: [String], _ b: [String]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    static func isSilence(_ phone: String) -> Bool {
        phone == "SIL" || phone == "(NULL)" || phone.hasPrefix("+") || phone.hasPrefix("<") || phone.hasPrefix("[")
    }
}
