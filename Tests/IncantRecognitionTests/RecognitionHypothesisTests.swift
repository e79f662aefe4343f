import Testing

@testable import IncantRecognition

@Suite("Hypotheses of pieces of an utterance")
struct RecognitionHypothesisTests {
    static func hypothesis(_ phones: [(String, Int, Int)], score: Int32) -> RecognitionHypothesis {
        RecognitionHypothesis(
            text: phones.map(\.0).joined(separator: " "), score: score, logPosterior: -5, posterior: 0.5,
            words: phones.map {
                WordSegment(word: $0.0, startFrame: $0.1, endFrame: $0.2, acousticScore: -100, languageScore: -10)
            }, nbest: [NBestEntry(text: "x", score: 1)], frameCount: 90, search: "loop")
    }

    @Test("overlapping pieces join at the cut, each frame counted once")
    func joiningAtTheCut() throws {
        // Pieces 0..<60 and 40..<90 cut at 50: "T" runs across the cut in both.
        let first = Self.hypothesis([("SIL", 0, 9), ("K", 10, 29), ("AE", 30, 44), ("T", 45, 59)], score: -1)
        let rest = Self.hypothesis([("AE", 40, 44), ("T", 46, 55), ("S", 56, 79), ("SIL", 80, 89)], score: -2)
        let joined = try #require(RecognitionHypothesis.joining(first, rest, at: 50))
        #expect(joined.words.map(\.word) == ["SIL", "K", "AE", "T", "T", "S", "SIL"])
        #expect(joined.words.map(\.startFrame) == [0, 10, 30, 45, 50, 56, 80])
        #expect(joined.words.map(\.endFrame) == [9, 29, 44, 49, 55, 79, 89])
        // T: 5 of its 15 frames in the first piece, 6 of its 10 in the rest.
        #expect(joined.words.map(\.acousticScore) == [-100, -100, -100, -33, -60, -100, -100])
        // The part of T after the cut leaves its language score to the part before it.
        #expect(joined.words.map(\.languageScore) == [-10, -10, -10, -10, 0, -10, -10])
        #expect(joined.text == "SIL K AE T T S SIL")
        #expect(joined.score == -593 - 60)
        #expect(joined.frameCount == 90)
        #expect(joined.nbest.isEmpty)
        #expect(joined.logPosterior == 0)
    }

    @Test("pieces that both start a segment near the cut join there, no segment split")
    func joiningAtASharedBoundary() throws {
        let first = Self.hypothesis([("SIL", 0, 9), ("K", 10, 29), ("AE", 30, 47), ("SIL", 48, 59)], score: -1)
        let rest = Self.hypothesis([("SIL", 40, 47), ("SIL", 48, 55), ("S", 56, 89)], score: -2)
        let joined = try #require(RecognitionHypothesis.joining(first, rest, at: 52))
        #expect(joined.words.map(\.word) == ["SIL", "K", "AE", "SIL", "S"])
        #expect(joined.words.map(\.startFrame) == [0, 10, 30, 48, 56])
        #expect(joined.words.map(\.endFrame) == [9, 29, 47, 55, 89])
        #expect(joined.words.allSatisfy { $0.acousticScore == -100 && $0.languageScore == -10 })
    }

    @Test("a missing piece leaves the other")
    func joiningWithAMissingPiece() {
        let only = Self.hypothesis([("K", 0, 10)], score: -3)
        #expect(RecognitionHypothesis.joining(only, nil, at: 5) == only)
        #expect(RecognitionHypothesis.joining(nil, only, at: 5) == only)
        #expect(RecognitionHypothesis.joining(nil, nil, at: 5) == nil)
    }
}
