import Foundation

/// One word (or filler such as `<sil>`) of a hypothesis, aligned to the audio.
///
/// Frames are 10 ms long and count from the start of the utterance. Scores are
/// pocketsphinx log values (base 1.0001, so 10,000 units ≈ one factor of e); more
/// negative is less likely.
public struct WordSegment: Sendable, Equatable {
    /// The word as in the dictionary, without an alternate-pronunciation suffix like `(2)`.
    public var word: String
    /// First frame of the word.
    public var startFrame: Int
    /// Last frame of the word (inclusive).
    public var endFrame: Int
    /// Acoustic log score of the word.
    public var acousticScore: Int32
    /// Language (grammar) log score of the word.
    public var languageScore: Int32
    /// Log posterior probability of the word, when pocketsphinx computed one (else 0).
    public var posterior: Int32
    /// The share of the word graph's paths (`PocketSphinxOptions.wordPosteriorScale`) that
    /// have this word at its middle frame; nil when not computed.
    public var framePosterior: Double? = nil

    public init(
        word: String, startFrame: Int, endFrame: Int, acousticScore: Int32, languageScore: Int32, posterior: Int32 = 0
    ) {
        self.word = word
        self.startFrame = startFrame
        self.endFrame = endFrame
        self.acousticScore = acousticScore
        self.languageScore = languageScore
        self.posterior = posterior
    }

    /// True for silence and noise fillers (`<sil>`, `<s>`, `</s>`, `[NOISE]`, `+SPN+`, ...).
    public var isFiller: Bool {
        word.hasPrefix("<") || word.hasPrefix("[") || word.hasPrefix("+") || word == "(NULL)"
    }

    /// Number of frames the word covers.
    public var frameCount: Int { endFrame - startFrame + 1 }

    /// When the word starts, from the start of the utterance.
    public var startTime: Duration { .milliseconds(startFrame * 10) }
    /// When the word ends, from the start of the utterance.
    public var endTime: Duration { .milliseconds((endFrame + 1) * 10) }
}

extension Sequence<WordSegment> {
    /// The frames the segments cover (a segment that ends before it starts covers none).
    public var frames: IndexSet {
        var covered = IndexSet()
        for segment in self where segment.endFrame >= segment.startFrame {
            covered.insert(integersIn: segment.startFrame...segment.endFrame)
        }
        return covered
    }
}
