import Foundation
import IncantCapture
import IncantTestSupport
import Testing

@testable import IncantRecognition

@Suite("pocketsphinx decoding", .serialized)
struct PocketSphinxDecoderTests {
    /// Clips whose labelled slots all fall inside ``SharedDecoder/coffeeGrammar``.
    static let coffeeClips = [
        "01a50d1b-ed05-4708-b076-5387ea170058.wav",
        "038439fc-2a04-4ed3-9caa-cf2a5a086aef.wav",
        "0493148e-eb66-4e64-984a-8dfb2e41866e.wav",
    ]

    @Test(
        "real coffee orders are decoded with every labelled slot",
        arguments: coffeeClips)
    func coffeeOrder(clip: String) throws {
        let decoder = try SharedDecoder.decoder.get()
        let samples = try SharedSpeech.samples(of: clip)
        let hypothesis = try #require(try decoder.decode(samples, search: "coffee"))
        for (slot, value) in try SharedSpeech.slots(of: clip) {
            #expect(" \(hypothesis.text) ".contains(" \(value) "), "\(slot) '\(value)' in '\(hypothesis.text)'")
        }
        #expect(hypothesis.search == "coffee")
        #expect(hypothesis.score < 0)
        #expect(abs(hypothesis.frameCount - samples.count / 160) <= 2)

        // Words are aligned in order, inside the audio, and spell out the hypothesis.
        let spoken = hypothesis.spokenWords
        #expect(spoken.map(\.word).joined(separator: " ") == hypothesis.text)
        #expect(zip(spoken, spoken.dropFirst()).allSatisfy { $0.endFrame < $1.startFrame })
        #expect(
            spoken.allSatisfy { $0.startFrame >= 0 && $0.endFrame < hypothesis.frameCount },
            "\(hypothesis.frameCount) \(hypothesis.words.map { "\($0.word)[\($0.startFrame)-\($0.endFrame)]" })")
        #expect(hypothesis.words.first?.isFiller == true)  // leading silence

        #expect(!hypothesis.nbest.isEmpty)
        #expect(Set(hypothesis.nbest.map(\.text)).count == hypothesis.nbest.count)
    }

    @Test("synthesized commands are decoded exactly")
    func synthesizedCommand() throws {
        let decoder = try SharedDecoder.decoder.get()
        for sentence in ["turn on the kitchen lights", "what time is it"] {
            let samples = try Speech.synthesize(sentence)
            let hypothesis = try decoder.decode(samples, search: "home")
            #expect(hypothesis?.text == sentence)
        }
    }

    @Test("word frames are matched with the audio frames pocketsphinx kept after dropping silence")
    func audioFrames() throws {
        let decoder = try SharedDecoder.decoder.get()
        let speech = try Speech.synthesize("what time is it")
        // Two seconds of silence before the command: pocketsphinx's detector drops most of it.
        let lead = 32_000
        let samples = [Int16](repeating: 0, count: lead) + speech + [Int16](repeating: 0, count: 8_000)
        let hypothesis = try #require(try decoder.decode(samples, search: "home"))
        #expect(hypothesis.text == "what time is it")
        let kept = try #require(hypothesis.audioFrames)
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 }, "kept frames must increase")
        #expect(kept.allSatisfy { $0 >= 0 && $0 <= samples.count / 160 })
        #expect(kept.count < samples.count / 160 - 100, "most of the silence is dropped: \(kept.count) frames kept")

        // The first word starts where the speech starts in the audio, not where the search
        // numbered it.
        let levels = FrameLevels(samples: speech)
        let onset = lead / 160 + (levels.levels.firstIndex { $0 >= levels.floor + 20 } ?? 0)
        let first = try #require(hypothesis.spokenWords.first)
        #expect(first.startFrame < onset - 100, "search frame \(first.startFrame)")
        #expect(abs(hypothesis.audioFrame(first.startFrame) - onset) <= 15, "onset \(onset), kept \(kept.prefix(5))")
        let last = try #require(hypothesis.spokenWords.last)
        #expect(hypothesis.audioFrame(last.endFrame) <= (lead + speech.count) / 160 + 15)
    }

    @Test("tracked frames searched piecewise decode exactly as pocketsphinx's whole-utterance call")
    func trackedDecodingIsUnchanged() throws {
        var options = PocketSphinxOptions()
        options.tracksAudioFrames = false
        let untracked = try PocketSphinxDecoder(options: options)
        try untracked.loadGrammar(jsgf: SharedDecoder.coffeeGrammar, named: "coffee")
        // A fresh decoder: the first utterances decoded are where a piecewise search could
        // differ (its feature buffer still has its initial size).
        let tracked = try PocketSphinxDecoder()
        try tracked.loadGrammar(jsgf: SharedDecoder.coffeeGrammar, named: "coffee")
        for decoder in [untracked, tracked] { try decoder.loadPhoneLoop() }
        for clip in Self.coffeeClips {
            let samples = [Int16](repeating: 0, count: 16_000) + (try SharedSpeech.samples(of: clip))
            for search in ["coffee", PocketSphinxDecoder.phoneLoopSearch] {
                let plain = try #require(try untracked.decode(samples, search: search))
                var followed = try #require(try tracked.decode(samples, search: search))
                #expect(plain.audioFrames == nil)
                #expect(followed.audioFrames != nil)
                followed.audioFrames = nil
                Self.expectSameDecoding(followed, plain, search)
            }
        }
    }

    @Test("frames computed once decode as their samples do, on another decoder of the same settings too")
    func cepstraDecodeAsSamples() throws {
        let fromSamples = try PocketSphinxDecoder()
        let fromFrames = try PocketSphinxDecoder()
        for decoder in [fromSamples, fromFrames] {
            try decoder.loadGrammar(jsgf: SharedDecoder.coffeeGrammar, named: "coffee")
            try decoder.loadPhoneLoop()
        }
        for clip in Self.coffeeClips {
            let samples = [Int16](repeating: 0, count: 16_000) + (try SharedSpeech.samples(of: clip))
            let frames = try #require(try fromFrames.cepstra(of: samples))
            #expect(frames.sampleCount == samples.count)
            #expect(frames.values.count == frames.count * frames.width)
            for search in ["coffee", PocketSphinxDecoder.phoneLoopSearch] {
                let expected = try #require(try fromSamples.decode(samples, search: search))
                let decoded = try #require(try fromFrames.decode(frames, search: search))
                Self.expectSameDecoding(decoded, expected, "\(clip) \(search)")
                #expect(decoded.audioFrames == expected.audioFrames)
                #expect(decoded.frameCount == expected.frameCount)
            }
        }
    }

    @Test("a part of the frames decodes as an utterance of its own, its frames counted from the start")
    func cepstraPartDecode() throws {
        let decoder = try SharedDecoder.decoder.get()
        let first = try SharedSpeech.samples(of: Self.coffeeClips[0])
        let second = try SharedSpeech.samples(of: Self.coffeeClips[1])
        let pause = [Int16](repeating: 0, count: 8_000)
        let frames = try #require(try decoder.cepstra(of: first + pause + second))
        // The first frame from the middle of the pause on.
        let cut = try #require(frames.audioFrames.firstIndex { $0 >= (first.count + pause.count / 2) / 160 })
        let whole = try #require(try decoder.decode(second, search: "coffee"))
        let part = try #require(try decoder.decode(frames, range: cut..<frames.count, search: "coffee"))
        // The second order alone, found after the cut, in the frames of the whole.
        #expect(part.text == whole.text)
        #expect(part.spokenWords.allSatisfy { $0.startFrame >= cut && $0.endFrame < frames.count })
        let onset = try #require(part.spokenWords.first).startFrame
        #expect(
            frames.audioFrames[onset] >= (first.count + pause.count) / 160, "audio frame \(frames.audioFrames[onset])")
    }

    @Test("normalising with the mean of every frame decodes as pocketsphinx's own normalisation does")
    func ownMeanNormalization() throws {
        var options = PocketSphinxOptions()
        options.meanFrames = 1_000_000
        let own = try PocketSphinxDecoder(options: options)
        try own.loadGrammar(jsgf: SharedDecoder.coffeeGrammar, named: "coffee")
        var prefix = PocketSphinxOptions()
        prefix.meanFrames = 30
        let early = try PocketSphinxDecoder(options: prefix)
        try early.loadGrammar(jsgf: SharedDecoder.coffeeGrammar, named: "coffee")
        let reference = try SharedDecoder.decoder.get()
        var differed = 0
        for clip in Self.coffeeClips {
            let samples = try SharedSpeech.samples(of: clip)
            let expected = try #require(try reference.decode(samples, search: "coffee"))
            let mine = try #require(try own.decode(samples, search: "coffee"))
            Self.expectSameDecoding(mine, expected, clip)
            // The mean of the first 0.3 s is another normalisation: the scores change.
            if let shortened = try early.decode(samples, search: "coffee"), shortened.score != expected.score {
                differed += 1
            }
        }
        #expect(differed == Self.coffeeClips.count)
    }

    @Test("a cancelled decoding stops with CancellationError and leaves the decoder as it was")
    func cancelledDecoding() throws {
        let decoder = try SharedDecoder.decoder.get()
        let clip = try SharedSpeech.samples(of: Self.coffeeClips[0])
        let expected = try #require(try decoder.decode(clip, search: "coffee"))

        let already = DecodeCancellation()
        already.cancel()
        #expect(throws: CancellationError.self) { try decoder.decode(clip, search: "coffee", cancellation: already) }

        // A minute and a half of orders takes seconds to search: the cancellation, from a
        // thread of its own (a busy shared thread pool could hold it back), arrives while the
        // decoder is working on it.
        var long: [Int16] = []
        for _ in 0..<3 { for name in Self.coffeeClips { long += try SharedSpeech.samples(of: name) } }
        let midway = DecodeCancellation()
        Thread {
            usleep(30_000)
            midway.cancel()
        }.start()
        #expect(throws: CancellationError.self) { try decoder.decode(long, search: "coffee", cancellation: midway) }

        // The next utterance decodes exactly as before.
        let after = try #require(try decoder.decode(clip, search: "coffee", cancellation: DecodeCancellation()))
        Self.expectSameDecoding(after, expected, "after a cancelled decoding")
    }

    @Test("an utterance's frames do not depend on the audio the front end ran on before")
    func cepstraIndependentOfHistory() throws {
        let decoder = try SharedDecoder.decoder.get()
        let clip = try SharedSpeech.samples(of: Self.coffeeClips[0])
        let first = try #require(try decoder.cepstra(of: clip))
        // Other audio through the front end, with no search after it (as when a listener's
        // speculation is cancelled between the two): louder, and with a different background.
        var other: [Int16] = []
        for name in Self.coffeeClips.dropFirst() { other += try SharedSpeech.samples(of: name) }
        other = other.map { Int16(clamping: Int($0) * 3 + 200) }
        _ = try decoder.cepstra(of: other)
        let again = try #require(try decoder.cepstra(of: clip))
        #expect(again == first)
        // And a search after it is the search of a decoder that never heard the other audio.
        let expected = try #require(try decoder.decode(clip, search: "coffee"))
        _ = try decoder.cepstra(of: other)
        let frames = try #require(try decoder.cepstra(of: clip))
        let searched = try #require(try decoder.decode(frames, search: "coffee"))
        Self.expectSameDecoding(searched, expected, "after the front end ran on other audio")
    }

    /// Expects `actual` to be the same decoding as `expected`: words, their frames and scores.
    static func expectSameDecoding(
        _ actual: RecognitionHypothesis, _ expected: RecognitionHypothesis, _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(actual.text == expected.text, "\(context)", sourceLocation: sourceLocation)
        #expect(actual.score == expected.score, "\(context)", sourceLocation: sourceLocation)
        #expect(actual.words == expected.words, "\(context)", sourceLocation: sourceLocation)
    }

    @Test("streaming decoding recognizes an utterance fed in 20 ms pieces")
    func streaming() throws {
        let decoder = try SharedDecoder.decoder.get()
        let samples = try Speech.synthesize("what time is it")
        try decoder.beginUtterance(search: "home")
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + 320)
            try decoder.process(Array(samples[start..<end]))
            start = end
        }
        let hypothesis = try decoder.endUtterance()
        #expect(hypothesis?.text == "what time is it")
    }

    @Test("the phone loop transcribes phones over the same audio")
    func phoneLoop() throws {
        let decoder = try SharedDecoder.decoder.get()
        let samples = try SharedSpeech.samples(of: Self.coffeeClips[0])
        let phones = try #require(try decoder.decode(samples, search: PocketSphinxDecoder.phoneLoopSearch))
        let symbols = phones.text.split(separator: " ")
        #expect(symbols.count >= 20, "phones: \(phones.text)")
        #expect(symbols.allSatisfy { $0.allSatisfy { $0.isUppercase || $0 == "+" } }, "phones: \(phones.text)")
        #expect(phones.search == PocketSphinxDecoder.phoneLoopSearch)
        #expect(phones.frameCount == samples.count / 160)
        // The grammar search stays the active one.
        #expect(decoder.activeSearch != PocketSphinxDecoder.phoneLoopSearch)
    }

    @Test("grammars with unknown words name them; added words make them loadable")
    func dictionaryAdditions() throws {
        let decoder = try SharedDecoder.decoder.get()
        let grammar = "#JSGF V1.0; grammar gizmo; public <g> = start the zorblatt | stop the zorblatt;"
        #expect(decoder.missingWords(["start", "zorblatt", "the", "zorblatt"]) == ["zorblatt"])
        #expect(throws: RecognitionError.wordsMissingFromDictionary(["zorblatt"])) {
            try decoder.loadGrammar(jsgf: grammar, named: "gizmo")
        }
        try decoder.addWord("zorblatt", phones: "Z AO R B L AE T")
        #expect(decoder.pronunciation(of: "zorblatt") == "Z AO R B L AE T")
        try decoder.loadGrammar(jsgf: grammar, named: "gizmo")
        #expect(decoder.searchNames.contains("gizmo"))
        decoder.unloadSearch("gizmo")
        #expect(!decoder.searchNames.contains("gizmo"))

        #expect(throws: RecognitionError.self) { try decoder.addWord("badword", phones: "Q Q Q") }
    }

    @Test("syntax errors and unknown searches are reported")
    func errors() throws {
        let decoder = try SharedDecoder.decoder.get()
        let error = #expect(throws: RecognitionError.self) {
            try decoder.loadGrammar(jsgf: "#JSGF V1.0; grammar broken; public <a> = (open the ;", named: "broken")
        }
        guard case .invalidGrammar(let name, _) = error else {
            Issue.record("expected invalidGrammar, got \(String(describing: error))")
            return
        }
        #expect(name == "broken")
        #expect(throws: RecognitionError.unknownSearch("nothing")) { try decoder.decode([0, 0], search: "nothing") }
    }
}
