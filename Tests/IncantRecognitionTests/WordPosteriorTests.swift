import Foundation
import IncantTestSupport
import Testing

@testable import IncantRecognition

@Suite("word posteriors from the grammar search's lattice", .serialized)
struct WordPosteriorTests {
    /// A decoder with the coffee grammar and the phone loop that computes word posteriors.
    static let decoder: Result<PocketSphinxDecoder, any Error> = Result {
        var options = PocketSphinxOptions()
        options.wordPosteriorScale = 20
        let decoder = try PocketSphinxDecoder(options: options)
        try decoder.loadGrammar(jsgf: SharedDecoder.coffeeGrammar, named: "coffee")
        try decoder.loadPhoneLoop()
        return decoder
    }

    @Test(
        "each word of a clearly spoken order gets a posterior, its slot values a high one",
        arguments: PocketSphinxDecoderTests.coffeeClips)
    func clearOrder(clip: String) throws {
        let decoder = try Self.decoder.get()
        let hypothesis = try #require(try decoder.decode(try SharedSpeech.samples(of: clip), search: "coffee"))
        let spoken = hypothesis.spokenWords
        #expect(!spoken.isEmpty)
        for word in spoken {
            let posterior = try #require(word.framePosterior, "\(word.word) has no posterior")
            #expect((0...1).contains(posterior), "\(word.word): \(posterior)")
        }
        // The labelled slot values were heard (PocketSphinxDecoderTests) and nothing in the
        // grammar fits their frames nearly as well.
        for (slot, value) in try SharedSpeech.slots(of: clip) {
            for name in value.split(separator: " ").map(String.init) {
                let word = try #require(spoken.first { $0.word == name }, "\(slot) '\(value)'")
                #expect((word.framePosterior ?? 0) > 0.5, "\(slot) '\(name)': \(word.framePosterior ?? -1)")
            }
        }
    }

    @Test("the phone loop and a decoder without the option compute none")
    func noneWithoutTheOption() throws {
        let samples = try SharedSpeech.samples(of: PocketSphinxDecoderTests.coffeeClips[0])
        let loop = try #require(try Self.decoder.get().decode(samples, search: PocketSphinxDecoder.phoneLoopSearch))
        #expect(loop.words.allSatisfy { $0.framePosterior == nil })
        let plain = try #require(try SharedDecoder.decoder.get().decode(samples, search: "coffee"))
        #expect(plain.words.allSatisfy { $0.framePosterior == nil })
    }
}
