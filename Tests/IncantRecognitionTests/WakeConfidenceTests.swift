import Testing

@testable import IncantRecognition

/// The wake-word confidence: comparable across phrases of different lengths.
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

    @Test("a phrase twice as long with twice the keyphrase score is as confident")
    func lengthDoesNotCount() throws {
        let detector = try Self.detector.get()
        let short = detector.confidence(of: Self.candidate(spotting: -1200, frames: 40, phones: 6))
        let long = detector.confidence(of: Self.candidate(spotting: -2400, frames: 80, phones: 12))
        #expect(abs(short - long) < 1e-9)
        #expect(short > 0 && short < 1)
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
