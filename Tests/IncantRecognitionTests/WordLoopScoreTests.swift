import Testing

@testable import IncantRecognition

@Suite("acceptance: the word-loop margin's part of the score")
struct WordLoopScoreTests {
    /// A phrase said in quiet whose words the free phone loop explains far better, as a new
    /// voice's are: below the margin centre, and above the floors of the word loop.
    static func poorFitInQuiet(wordLoopMargin: Double?) -> AcousticEvidence {
        var evidence = AcousticEvidenceTests.quietFitAtMinus40()
        evidence.meanWordMargin = -48
        evidence.phoneAgreement = 0.2
        evidence.wordLoopMargin = wordLoopMargin
        return evidence
    }

    @Test("words that hold well against common words gain, words level with them lose")
    func movesTheScore() throws {
        let policy = AcceptancePolicy.phrases
        #expect(policy.wordLoopWeight > 0)
        var off = policy
        off.wordLoopWeight = 0
        let held = Self.poorFitInQuiet(wordLoopMargin: policy.wordLoopCenter + 10)
        let level = Self.poorFitInQuiet(wordLoopMargin: policy.wordLoopCenter - 6)
        let centred = Self.poorFitInQuiet(wordLoopMargin: policy.wordLoopCenter)
        // Without the part, the margin alone decides: the same confidence whatever the loop says.
        #expect(off.confidence(held) == off.confidence(level))
        #expect(off.confidence(held) < 0.5)
        #expect(policy.confidence(held) > 0.5)
        #expect(policy.confidence(level) < off.confidence(level))
        #expect(abs(policy.confidence(centred) - off.confidence(centred)) < 1e-12)
        #expect(abs(policy.score(held) - off.score(held) - 10 * policy.wordLoopWeight) < 1e-9)
        // Not measured: no part at all.
        let unmeasured = Self.poorFitInQuiet(wordLoopMargin: nil)
        #expect(policy.score(unmeasured) == off.score(unmeasured))
    }

    @Test("in loud noise the part shrinks with the words' height above the background, as agreement's does")
    func quietOnly() {
        let policy = AcceptancePolicy.phrases
        var off = policy
        off.wordLoopWeight = 0
        var evidence = Self.poorFitInQuiet(wordLoopMargin: policy.wordLoopCenter + 10)
        evidence.wordsAboveBackground = policy.noisyBelow
        #expect(policy.score(evidence) == off.score(evidence))
        evidence.wordsAboveBackground = (policy.noisyBelow + policy.quietAbove) / 2
        #expect(abs(policy.score(evidence) - off.score(evidence) - 5 * policy.wordLoopWeight) < 1e-9)
    }

    @Test("the loop is searched for words that could pass with a good margin, not for hopeless ones")
    func hopeful() {
        let policy = AcceptancePolicy.phrases
        #expect(policy.readsWordLoop)
        var onlyScore = policy
        onlyScore.minimumWordLoopMargin = nil
        onlyScore.poorFitMargin = nil
        onlyScore.poorWordMargin = nil
        onlyScore.voicedBackgroundWordLoopMargin = nil
        #expect(onlyScore.readsWordLoop)
        onlyScore.wordLoopWeight = 0
        #expect(!onlyScore.readsWordLoop)
        // Without the part, hopeful is what words that hold best would reach: a number, not 0 × ∞.
        var off = policy
        off.wordLoopWeight = 0
        var best = Self.poorFitInQuiet(wordLoopMargin: .infinity)
        #expect(off.hopefulConfidence(Self.poorFitInQuiet(wordLoopMargin: nil)) == off.confidence(best))
        best.meanWordMargin = -30
        #expect(off.hopefulConfidence(best) > 0.5)
        // Hopeful: the confidence at the assumed margin, which a better measured one can pass.
        let unmeasured = Self.poorFitInQuiet(wordLoopMargin: nil)
        let assumed = Self.poorFitInQuiet(wordLoopMargin: policy.hopefulWordLoopMargin)
        #expect(policy.hopefulConfidence(unmeasured) == policy.confidence(assumed))
        #expect(policy.hopefulConfidence(unmeasured) > policy.confidence(unmeasured))
        // Words the phone loop explains far better still than that are not worth the search.
        var hopeless = unmeasured
        hopeless.meanWordMargin = -80
        #expect(policy.hopefulConfidence(hopeless) < 0.01)
    }
}
