import Testing

@testable import IncantRecognition

/// The wake-word confidence: the logistic of the keyphrase score, the margin and the phone agreement.
@Suite("Wake-word confidence")
struct WakeConfidenceTests {
    static let detector = Result { try PocketSphinxWakeWordDetector(phrase: "alexa") }

    static func candidate(
        spotting: Double, frames: Int, phones: Int, margin: Double = -10, agreement: Double = 0.3,
        isolation: Double = 0
    ) -> WakeCandidate {
        var candidate = WakeCandidate(
            startSample: 0, endSample: frames * 160, spottingScore: spotting, margin: margin,
            phoneAgreement: agreement, confidence: 0, spottingFrames: frames, frameCount: frames, phoneCount: phones)
        candidate.isolation = isolation
        return candidate
    }

    @Test("a pause beside the phrase raises the confidence, up to the cap and no further")
    func isolationRaisesItUpToTheCap() throws {
        let detector = try Self.detector.get()
        let cap = detector.options.isolationCap
        func confidence(_ isolation: Double) -> Double {
            detector.confidence(of: Self.candidate(spotting: -1500, frames: 40, phones: 6, isolation: isolation))
        }
        #expect(confidence(cap / 2) > confidence(0))
        #expect(confidence(cap) > confidence(cap / 2))
        #expect(abs(confidence(PocketSphinxWakeWordDetector.isolationCeiling) - confidence(cap)) < 1e-12)
        var off = detector.options
        off.isolationWeight = 0
        let plain = try PocketSphinxWakeWordDetector(phrase: "alexa", options: off)
        #expect(
            abs(
                plain.confidence(of: Self.candidate(spotting: -1500, frames: 40, phones: 6, isolation: cap))
                    - plain.confidence(of: Self.candidate(spotting: -1500, frames: 40, phones: 6))) < 1e-12)
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

/// Both views of the audio, through the front end and as it is, scoring each place together.
@Suite("Wake word in both views")
struct WakeBothViewsTests {
    static func place(_ start: Int, _ confidence: Double) -> WakeCandidate {
        WakeCandidate(
            startSample: start, endSample: start + 8_000, spottingScore: -1000, margin: -10, phoneAgreement: 0.5,
            confidence: confidence)
    }

    @Test("a place heard in both views wakes; one heard in one view alone does not, however sure that view is")
    func bothViewsDecide() throws {
        let detector = try WakeConfidenceTests.detector.get()
        let threshold = detector.options.threshold
        let heard = detector.bothViews([Self.place(16_000, 0.8)], [Self.place(16_800, 0.7)])
        try #require(heard.count == 1)
        #expect(heard[0].confidence >= threshold)
        #expect(heard[0].viewConfidences == [0.8, 0.7])
        #expect(heard[0].startSample == 16_000)
        let processedOnly = detector.bothViews([Self.place(16_000, 0.99)], [Self.place(80_000, 0.99)])
        try #require(processedOnly.count == 2)
        #expect(processedOnly.allSatisfy { $0.confidence < threshold })
        // The place only the audio as it is holds is kept, in order; the view without it gives 0.
        #expect(processedOnly.map(\.startSample) == [16_000, 80_000])
        #expect(processedOnly[1].viewConfidences == [0, 0.99])
        #expect(abs(processedOnly[1].confidence - processedOnly[0].confidence) < 1e-12)
        #expect(processedOnly[0].viewConfidences == [0.99, 0])
    }

    @Test("a pause counts as the audio as it is hears it: the denoiser's deeper pause is not taken")
    func isolationOfTheAudioAsItIs() throws {
        let detector = try WakeConfidenceTests.detector.get()
        var denoised = WakeConfidenceTests.candidate(spotting: -1200, frames: 60, phones: 6, isolation: 30)
        denoised.confidence = detector.confidence(of: denoised)
        var asItIs = WakeConfidenceTests.candidate(spotting: -1300, frames: 60, phones: 6, isolation: 1)
        asItIs.confidence = detector.confidence(of: asItIs)
        let place = try #require(detector.bothViews([denoised], [asItIs]).first)
        #expect(place.isolation == 1)
        var expected = denoised
        expected.isolation = 1
        #expect(abs(place.viewConfidences[0] - detector.confidence(of: expected)) < 1e-12)
        #expect(place.viewConfidences[0] < denoised.confidence)
        #expect(place.viewConfidences[1] == asItIs.confidence)
        // Alone in the denoised view, the place keeps its own measurement.
        let alone = try #require(detector.bothViews([denoised], []).first)
        #expect(alone.isolation == 30 && alone.viewConfidences == [denoised.confidence, 0])
    }

    @Test("either view's confidence raises the place's; the other view's strongest overlapping candidate counts")
    func eitherViewRaisesIt() throws {
        let detector = try WakeConfidenceTests.detector.get()
        func fused(_ first: Double, _ second: Double) -> Double {
            detector.bothViews([Self.place(0, first)], [Self.place(0, second)])[0].confidence
        }
        #expect(fused(0.6, 0.3) > fused(0.5, 0.3))
        #expect(fused(0.5, 0.4) > fused(0.5, 0.3))
        #expect(abs(fused(0.6, 0.3) - fused(0.3, 0.6)) < 1e-12)
        let weakAndStrong = detector.bothViews(
            [Self.place(0, 0.6)], [Self.place(0, 0.1), Self.place(4_000, 0.6)])
        #expect(weakAndStrong.count == 1)
        #expect(weakAndStrong[0].viewConfidences == [0.6, 0.6])
        #expect(detector.bothViews([], []).isEmpty)
    }
}
