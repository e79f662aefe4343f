import Foundation

/// What pocketsphinx heard in one utterance.
///
/// Scores are pocketsphinx log values in base 1.0001 (divide by 10,000 for natural logs,
/// roughly); they are comparable between searches run over the same audio, which is what
/// rejection against a phone loop needs.
public struct RecognitionHypothesis: Sendable, Equatable {
    /// The recognised words, space-separated, without fillers or pronunciation variants.
    public var text: String
    /// The best path's log score.
    public var score: Int32
    /// The log posterior probability of the hypothesis (≤ 0; 0 when not computed).
    ///
    /// pocketsphinx 0.8's grammar (FSG) search reports 0 here even with `-bestpath yes`,
    /// so do not rely on it for confidence: compare against the N-best and the phone loop.
    public var logPosterior: Int32
    /// ``logPosterior`` as a probability between 0 and 1.
    public var posterior: Double
    /// The aligned words, including fillers such as `<sil>`.
    public var words: [WordSegment]
    /// Distinct alternatives, best first (the first is normally ``text``).
    public var nbest: [NBestEntry]
    /// Frames (10 ms) of audio decoded.
    public var frameCount: Int
    /// The search that produced the hypothesis.
    public var search: String
    /// For each frame the search saw, the 10 ms audio frame it was computed from; nil when not
    /// tracked. pocketsphinx drops frames it takes for silence before searching, so segment
    /// frame numbers (``WordSegment/startFrame``) count only the frames kept.
    public var audioFrames: [Int]? = nil

    public init(
        text: String, score: Int32, logPosterior: Int32, posterior: Double, words: [WordSegment],
        nbest: [NBestEntry], frameCount: Int, search: String
    ) {
        self.text = text
        self.score = score
        self.logPosterior = logPosterior
        self.posterior = posterior
        self.words = words
        self.nbest = nbest
        self.frameCount = frameCount
        self.search = search
    }

    /// The recognised words, fillers removed.
    public var spokenWords: [WordSegment] { words.filter { !$0.isFiller } }

    /// The audio frame of search frame `frame` (the same number when frames were not tracked).
    public func audioFrame(_ frame: Int) -> Int {
        guard let audioFrames, !audioFrames.isEmpty else { return frame }
        if frame < 0 { return audioFrames[0] + frame }
        if frame >= audioFrames.count { return audioFrames[audioFrames.count - 1] + frame - audioFrames.count + 1 }
        return audioFrames[frame]
    }

    /// One hypothesis from two overlapping pieces of an utterance searched separately (their
    /// word frames counted from the start of the whole): the words of `first` before a frame
    /// near `cut`, then those of `rest` from it on. That frame is one where both pieces start
    /// a segment, the nearest to `cut`, when there is one; else `cut`, where a word across it
    /// is kept in part, its acoustic score in proportion to the frames kept (its language
    /// score stays with the first part), so every frame is counted once. The score adds up
    /// the kept words'; the frame count and audio frames are `first`'s. Nil when both are.
    public static func joining(
        _ first: RecognitionHypothesis?, _ rest: RecognitionHypothesis?, at cut: Int
    ) -> RecognitionHypothesis? {
        guard let first else { return rest }
        guard let rest else { return first }
        // Where both pieces start a segment, the nearest such frame to the cut (both paths
        // agree on a boundary there, and no segment needs splitting).
        let restStarts = Set(rest.words.dropFirst().map(\.startFrame))
        let shared = first.words.dropFirst().map(\.startFrame).filter { restStarts.contains($0) }
        let cut = shared.min { abs($0 - cut) < abs($1 - cut) } ?? cut
        func part(_ word: WordSegment, _ frames: ClosedRange<Int>, keepsLanguage: Bool) -> WordSegment {
            guard frames.count < word.frameCount else { return word }
            var kept = word
            kept.startFrame = frames.lowerBound
            kept.endFrame = frames.upperBound
            kept.acousticScore = Int32(
                (Double(word.acousticScore) * Double(frames.count) / Double(word.frameCount)).rounded())
            if !keepsLanguage { kept.languageScore = 0 }
            return kept
        }
        var joined = first
        joined.words =
            first.words.filter { $0.startFrame < cut }.map {
                part($0, $0.startFrame...min($0.endFrame, cut - 1), keepsLanguage: true)
            }
            + rest.words.filter { $0.endFrame >= cut }.map {
                part($0, max($0.startFrame, cut)...$0.endFrame, keepsLanguage: false)
            }
        joined.text = joined.words.filter { !$0.isFiller }.map(\.word).joined(separator: " ")
        joined.score = joined.words.reduce(Int32(0)) { $0 &+ $1.acousticScore &+ $1.languageScore }
        joined.logPosterior = 0
        joined.posterior = 1
        joined.nbest = []
        return joined
    }

    /// ``score`` per frame, for comparing utterances of different lengths.
    public var scorePerFrame: Double { frameCount > 0 ? Double(score) / Double(frameCount) : 0 }
}
