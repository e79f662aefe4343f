import Foundation
import IncantCapture

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

    /// Audio samples in one decoder frame (10 ms).
    public static let samplesPerFrame = AudioFormat.sampleRate / 100

    /// The audio frame of search frame `frame` (the same number when frames were not tracked).
    public func audioFrame(_ frame: Int) -> Int {
        guard let audioFrames, !audioFrames.isEmpty else { return frame }
        if frame < 0 { return audioFrames[0] + frame }
        if frame >= audioFrames.count { return audioFrames[audioFrames.count - 1] + frame - audioFrames.count + 1 }
        return audioFrames[frame]
    }

    /// The acoustic score of its segments (fillers too) over search frames `start...end`, each
    /// segment's score shared out by the frames it has there: how a free loop's path scores
    /// over the frames another search gave its words.
    public func acousticScore(from start: Int, to end: Int) -> Double {
        var total = 0.0
        for segment in words where segment.endFrame >= start && segment.startFrame <= end {
            let overlap = min(end, segment.endFrame) - max(start, segment.startFrame) + 1
            total += Double(segment.acousticScore) * Double(overlap) / Double(max(1, segment.frameCount))
        }
        return total
    }

    /// ``score`` per frame, for comparing utterances of different lengths.
    public var scorePerFrame: Double { frameCount > 0 ? Double(score) / Double(frameCount) : 0 }
}
