import Foundation
import IncantCapture
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// The pocketsphinx wake-word detector on real recordings of wake phrases (the shared
/// crowd-sourced "smart mirror" and "alexa" clips, each speaker on their own microphone).
@Suite("Wake word on real recordings", .serialized, .tags(.accuracy), .skippedWhenFast)
struct WakeWordDetectorTests {
    static let folder = SharedSpeech.repositoryRoot.deletingLastPathComponent().appendingPathComponent(
        "shared/speech/wakeword")

    /// Every `stride`-th recording of `phrase` (its folder sorted by name), converted to WAV
    /// with sox in a scratch folder when needed.
    static func clips(_ name: String, stride: Int, count: Int) throws -> [[Int16]] {
        let directory = folder.appendingPathComponent(name)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let picked = Swift.stride(from: 0, to: names.count, by: stride).prefix(count).map { names[$0] }
        let scratch = try TestAudio.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try picked.map { try recording(directory.appendingPathComponent($0), scratch: scratch) }
    }

    /// The samples of the recording at `url`; a FLAC file is converted to WAV with sox in
    /// `scratch` first.
    static func recording(_ url: URL, scratch: URL) throws -> [Int16] {
        guard url.pathExtension == "flac" else { return try WAVFile.readSamples(path: url.path) }
        let converted = scratch.appendingPathComponent(url.lastPathComponent + ".wav").path
        try TestProcess.sox([url.path, "-r", "16000", "-c", "1", "-b", "16", converted])
        return try WAVFile.readSamples(path: converted)
    }

    static let smartMirror = Result { try PocketSphinxWakeWordDetector(phrase: "Smart mirror") }

    @Test("most recordings of “smart mirror” wake it, each at the phrase")
    func detectsTheRecordedPhrase() throws {
        let detector = try Self.smartMirror.get()
        #expect(detector.words == ["smart", "mirror"])
        let clips = try Self.clips("smart-mirror", stride: 37, count: 8)
        var heard = 0
        for clip in clips {
            let utterance = Utterance(
                samples: clip, startSample: 0, speechStartSample: 0, speechEndSample: clip.count, endReason: .silence)
            guard let detection = try detector.detect(in: utterance) else { continue }
            heard += 1
            #expect(detection.confidence >= detector.options.threshold && detection.confidence <= 1)
            #expect(detection.startSample >= 0 && detection.startSample < detection.endSample)
            #expect(detection.endSample <= clip.count)
            // Two words: at least 0.3 s, and not the whole clip.
            #expect(detection.endSample - detection.startSample >= 4_800)
        }
        #expect(heard >= 5, "\(heard) of \(clips.count) recordings detected")
    }

    /// Recordings of one speaker whose "smart mirror" pocketsphinx's keyphrase search, with its
    /// own phone penalty, proposes nowhere at any threshold.
    static let unproposed = [
        "087e2aae-8749-4d59-815d-fc7e6f7d904f", "0b035f81-5f49-4fb0-ad77-2d66440bb0c0",
        "129dcb79-d684-4741-863b-e85a547c0922",
    ]

    @Test("the dearer loop proposes the phrase where pocketsphinx's own phone penalty proposes nothing")
    func dearerLoopProposes() throws {
        let detector = try Self.smartMirror.get()
        var plain = WakeWordOptions()
        plain.spottingPhonePenalty = 0.1
        // The dictionary's spellings alone: a British spelling proposes some of them even so.
        plain.accents = [.american]
        let plainDetector = try PocketSphinxWakeWordDetector(phrase: "smart mirror", options: plain)
        for name in Self.unproposed {
            let clip = try WAVFile.readSamples(
                path: Self.folder.appendingPathComponent("smart-mirror/\(name).wav").path)
            #expect(try plainDetector.candidates(in: clip).isEmpty, "\(name): proposed with penalty 0.1")
            let found = try detector.candidates(in: clip)
            #expect(found.count == 1, "\(name): \(found)")
            // Two words: at least 0.3 s.
            #expect(found.allSatisfy { $0.endSample - $0.startSample >= 4_800 })
        }
    }

    @Test(
        "a wake word that ends 150 ms before the end of the audio (an utterance cut by the endpointer) is proposed",
        .enabled(if: Speech.canSynthesize))
    func phraseAtTheEndIsProposed() throws {
        let spoken = try Speech.synthesize("computer", voice: "en-us", wordsPerMinute: 175)
        let loud = try #require(spoken.indices.filter { abs(Int(spoken[$0])) > 1_000 }.last)
        let first = try #require(spoken.firstIndex { abs(Int($0)) > 1_000 })
        let clip = [Int16](repeating: 0, count: 4_000) + spoken[first...min(spoken.count - 1, loud + 2_400)]
        let detector = try PocketSphinxWakeWordDetector(phrase: "computer")
        let found = try detector.candidates(in: clip)
        #expect(found.count == 1, "\(found)")
        #expect(found.allSatisfy { $0.endSample <= clip.count && $0.startSample >= 3_000 })
    }

    /// The silence searched after the end of the audio (so that the keyphrase search can close
    /// a phrase there) is not audio: a phrase that ends the audio has nothing measured after it,
    /// and stands above that side by its height above the noise, not above digital silence.
    @Test(
        "a wake word that ends the audio over noise stands above what follows by its height above the noise",
        .enabled(if: Speech.canSynthesize))
    func phraseEndingTheAudioOverNoise() throws {
        let spoken = try Speech.synthesize("computer", voice: "en-us", wordsPerMinute: 175)
        let first = try #require(spoken.firstIndex { abs(Int($0)) > 1_000 })
        let last = try #require(spoken.lastIndex { abs(Int($0)) > 1_000 })
        let phrase = Array(spoken[first...last])
        let noise = TestAudio.noise(seconds: 1.5 + Double(phrase.count) / 16_000, level: -40)
        var clip = Array(noise.prefix(24_000 + phrase.count))
        for (offset, sample) in phrase.enumerated() {
            clip[24_000 + offset] = Int16(clamping: Int(clip[24_000 + offset]) + Int(sample))
        }
        let levels = FrameLevels(samples: clip)
        let height = AcousticEvidence.median(Array(levels.levels[(24_000 / FrameLevels.hop)...])) - levels.floor
        let detector = try PocketSphinxWakeWordDetector(phrase: "computer")
        let found = try #require(try detector.candidates(in: clip).max { $0.confidence < $1.confidence })
        #expect(found.endSample > clip.count - 3_200, "\(found)")
        #expect(found.isolation < PocketSphinxWakeWordDetector.isolationCeiling, "\(found)")
        #expect(abs(found.isolation - height) < 4, "isolation \(found.isolation), height above the noise \(height)")
    }

    /// "smart", a pause, "mirror", synthesized by `voice`, over steady noise: the phrase a
    /// speaker makes who stops between the words.
    static func pausedSmartMirror(voice: String, pause: Double) throws -> [Int16] {
        func voiced(_ word: String) throws -> [Int16] {
            let spoken = try Speech.synthesize(word, voice: voice, wordsPerMinute: 170)
            let first = try #require(spoken.firstIndex { abs(Int($0)) > 500 })
            let last = try #require(spoken.lastIndex { abs(Int($0)) > 500 })
            return Array(spoken[first...last])
        }
        let silence = [Int16](repeating: 0, count: 16_000)
        let speech =
            silence + (try voiced("smart")) + [Int16](repeating: 0, count: Int(pause * 16_000))
            + (try voiced("mirror")) + silence
        let noise = TestAudio.noise(seconds: Double(speech.count) / 16_000 + 0.1, level: -45)
        return speech.indices.map { Int16(clamping: Int(speech[$0]) + Int(noise[$0])) }
    }

    @Test(
        "a pause between the words is followed by the keyphrase search: the phrase scores as if said in one breath",
        .enabled(if: Speech.canSynthesize), arguments: ["en-us", "en-us+m3", "en-us+f2"])
    func pauseBetweenWords(voice: String) throws {
        let detector = try Self.smartMirror.get()
        #expect(detector.spellings.contains("smart <sil> mirror"), "\(detector.spellings)")
        var withoutPauses = WakeWordOptions()
        withoutPauses.spotsPausesBetweenWords = false
        withoutPauses.accents = [.american]
        let plain = try PocketSphinxWakeWordDetector(phrase: "smart mirror", options: withoutPauses)
        #expect(plain.spellings == ["smart mirror"])
        func best(_ detector: PocketSphinxWakeWordDetector, _ clip: [Int16]) throws -> WakeCandidate {
            try #require(try detector.candidates(in: clip).max { $0.confidence < $1.confidence })
        }
        let paused = try Self.pausedSmartMirror(voice: voice, pause: 0.25)
        let (heard, without) = (try best(detector, paused), try best(plain, paused))
        #expect(heard.spottingScore > without.spottingScore + 500, "with \(heard), without \(without)")
        #expect(heard.confidence > without.confidence)
        #expect(heard.confidence >= detector.options.threshold, "\(heard)")
        // Said in one breath, the silence has nowhere to go: the same score as without it.
        let joined = try Self.pausedSmartMirror(voice: voice, pause: 0)
        #expect(try best(detector, joined).spottingScore == (try best(plain, joined)).spottingScore)
    }

    @Test("recordings of “alexa” do not wake “smart mirror”")
    func otherPhraseIsNotDetected() throws {
        let detector = try Self.smartMirror.get()
        for clip in try Self.clips("alexa", stride: 41, count: 8) {
            let heard = try detector.candidates(in: clip).filter { $0.confidence >= detector.options.threshold }
            #expect(heard.isEmpty, "alexa heard as smart mirror: \(heard)")
        }
    }

    @Test("the phrase said after a pause stands out from its surroundings; run into other speech, it does not")
    func isolationOnRealSpeech() throws {
        let detector = try Self.smartMirror.get()
        let orderNames = try FileManager.default.contentsOfDirectory(
            atPath: SharedSpeech.coffeeDirectory.appendingPathComponent("clean").path
        ).sorted()
        let orders = try orderNames.prefix(2).map { Self.voicedPart(try SharedSpeech.samples(of: $0)) }
        var compared = 0
        var alonePaused = 0
        for clip in try Self.clips("smart-mirror", stride: 37, count: 6) {
            guard let alone = try detector.candidates(in: clip).max(by: { $0.confidence < $1.confidence }) else {
                continue
            }
            let phrase = Array(clip[alone.startSample..<alone.endSample])
            let before = Self.scaled(orders[0], like: phrase)
            let run = before + phrase + Self.scaled(orders[1], like: phrase)
            let span = before.count..<(before.count + phrase.count)
            guard
                let embedded = try detector.candidates(in: run)
                    .filter({ $0.startSample < span.upperBound && span.lowerBound < $0.endSample })
                    .max(by: { $0.confidence < $1.confidence })
            else { continue }
            compared += 1
            if alone.isolation >= detector.options.isolationCap { alonePaused += 1 }
            #expect(embedded.isolation < alone.isolation, "alone \(alone), run into speech \(embedded)")
            #expect(embedded.isolation < detector.options.isolationCap, "\(embedded)")
        }
        #expect(compared >= 3, "\(compared) recordings found both alone and run into speech")
        #expect(alonePaused >= compared - 1, "\(alonePaused) of \(compared) alone stood a full pause above")
    }

    /// The stretch of `samples` from its first to its last frame within 20 dB of its loudest.
    static func voicedPart(_ samples: [Int16]) -> [Int16] {
        let levels = FrameLevels(samples: samples)
        let loud = levels.levels.indices.filter { levels.levels[$0] >= levels.peak - 20 }
        guard let first = loud.first, let last = loud.last else { return samples }
        return Array(samples[(first * FrameLevels.hop)..<min(samples.count, (last + 1) * FrameLevels.hop)])
    }

    /// `samples` scaled to the mean power of `reference`.
    static func scaled(_ samples: [Int16], like reference: [Int16]) -> [Int16] {
        func rms(_ values: [Int16]) -> Double {
            (values.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, values.count))).squareRoot()
        }
        let gain = rms(reference) / max(rms(samples), 1)
        return samples.map { Int16(clamping: Int((Double($0) * gain).rounded())) }
    }

    @Test("continuous audio is searched whole: every occurrence across chunk boundaries, in order")
    func scansLongAudio() throws {
        let detector = try Self.smartMirror.get()
        let clips = try Self.clips("smart-mirror", stride: 53, count: 7)
        // About 10 s between occurrences: over 60 s, so the phrase falls in several chunks.
        var stream = TestAudio.noise(seconds: 1)
        var starts: [Int] = []
        for clip in clips {
            starts.append(stream.count)
            stream += clip + TestAudio.noise(seconds: 7, seed: UInt64(starts.count))
        }
        #expect(stream.count > 2 * 16_000 * Int(detector.options.chunkSeconds))
        let heard = try detector.candidates(in: stream).filter { $0.confidence >= detector.options.threshold }
        #expect(heard.count >= 5, "\(heard.count) of \(clips.count)")
        for candidate in heard {
            #expect(
                zip(starts, clips).contains { start, clip in
                    candidate.startSample >= start && candidate.endSample <= start + clip.count
                }, "a detection outside the phrases: \(candidate)")
        }
        #expect(heard.map(\.startSample) == heard.map(\.startSample).sorted())
    }

    @Test("a word outside the dictionary is pronounced by espeak-ng; a phrase without words is refused")
    func pronunciationsAndErrors() throws {
        let detector = try PocketSphinxWakeWordDetector(phrase: "hey zorblax")
        #expect(detector.addedWords.map(\.word) == ["zorblax"])
        #expect(throws: WakeWordError.emptyPhrase) { try PocketSphinxWakeWordDetector(phrase: " ,! ") }
    }
}
