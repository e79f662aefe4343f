import Testing

@testable import IncantRecognition

/// The contrast margin a word must clear, by how far the words stand above the background.
@Suite("Contrast margin by loudness")
struct ContrastMarginTests {
    @Test("one margin for every level unless a noisy one is set")
    func oneMarginByDefault() {
        let options = RecognizerOptions()
        #expect(options.noisyContrastMargin == nil)
        for above in [0.0, 10, 17.5, 25, 60, .infinity] {
            #expect(options.contrastMargin(wordsAboveBackground: above) == options.contrastMargin)
        }
    }

    @Test("a noisy margin applies in loud noise and fades to the quiet one as the words stand out")
    func noisyMarginFades() {
        var options = RecognizerOptions()
        options.contrastMargin = 0
        options.noisyContrastMargin = 200
        let noisy = options.acceptance.noisyBelow
        let quiet = options.acceptance.quietAbove
        #expect(options.contrastMargin(wordsAboveBackground: noisy - 5) == 200)
        #expect(options.contrastMargin(wordsAboveBackground: noisy) == 200)
        #expect(options.contrastMargin(wordsAboveBackground: (noisy + quiet) / 2) == 100)
        #expect(options.contrastMargin(wordsAboveBackground: quiet) == 0)
        #expect(options.contrastMargin(wordsAboveBackground: .infinity) == 0)
    }

    @Test("no contrasts, or contrasts measured but never contested, stay so in noise")
    func offAndMeasureOnlyStay() {
        var options = RecognizerOptions()
        options.noisyContrastMargin = 200
        options.contrastMargin = nil
        #expect(options.contrastMargin(wordsAboveBackground: 0) == nil)
        options.contrastMargin = -.infinity
        #expect(options.contrastMargin(wordsAboveBackground: 0) == -.infinity)
    }
}
