import Testing

@testable import IncantRecognition

/// The wake-word confidence: the logistic of the keyphrase score, the margin and the phone agreement.
@Suite("Wake-word confidence")
struct WakeConfidenceTests {
    static let detector = Result { try PocketSphinxWakeWordDetector(phrase: "alexa") }

    static func candidate(spotting: Double, frames: Int, phones: Int, margin: Double = -10, agreement: Double = 0.3)
        -> WakeCandidate
    {
        WakeCandidate(
            startSample: 0, endSample: frames * 160, spottingScore: spotting, margin: margin,
            phoneAgreement: agreement, confidence: 0, spottingFrames: frames, frameCount: frames, phoneCount: phones)
    }

    @Test("the keyphrase score counts whole: the frames and phones it spans do not change the confidence")
    func scoreCountsWhole() throws {
        let detector = try Self.detector.get()
        let short = detector.confidence(of: Self.candidate(spotting: -1200, frames: 40, phones: 6))
        let long = detector.confidence(of: Self.candidate(spotting: -1200, frames: 80, phones: 12))
        #expect(abs(short - long) < 1e-9)
        #expect(short > 0 && short < 1)
        // A longer phrase that fits as well per frame has a larger deficit in all, and counts less.
        #expect(detector.confidence(of: Self.candidate(spotting: -2400, frames: 80, phones: 12)) < short)
    }

    @Test("each measurement raises the confidence, which stays in (0, 1)")
    func measurementsRaiseIt() throws {
        let detector = try Self.detector.get()
        let base = detector.confidence(of: Self.candidate(spotting: -1800, frames: 40, phones: 6))
        #expect(detector.confidence(of: Self.candidate(spotting: -1200, frames: 40, phones: 6)) > base)
        #expect(detector.confidence(of: Self.candidate(spotting: -1800, frames: 40, phones: 6, margin: 0)) > base)
        #expect(detector.confidence(of: Self.candidate(spotting: -1800, frames: 40, phones: 6, agreement: 0.8)) > base)
        let worst = detector.confidence(
            of: Self.candidate(spotting: -3000, frames: 20, phones: 6, margin: -80, agreement: 0))
        let best = detector.confidence(of: Self.candidate(spotting: 0, frames: 60, phones: 6, margin: 5, agreement: 1))
        #expect(worst > 0 && worst < detector.options.threshold)
        #expect(best < 1 && best > detector.options.threshold)
    }
}
