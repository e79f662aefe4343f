import Foundation
import IncantCapture
import IncantDenoise
import IncantTestSupport
import Synchronization
import Testing

@testable import IncantRecognition

/// The audio through a denoiser searched only around the places found in the audio as it is
/// (``WakeWordScanner/SecondView/onDemand(_:)``), on real recordings in real kitchen noise.
@Suite("Wake word: the denoiser's view on demand", .serialized, .tags(.accuracy), .skippedWhenFast)
struct WakeOnDemandTests {
    /// A front end that counts the samples it is given and passes them to another.
    final class Counting: AudioFrontEnd {
        let inner: any AudioFrontEnd
        private let counted = Mutex(0)
        init(_ inner: any AudioFrontEnd) { self.inner = inner }
        var name: String { inner.name }
        var latencySamples: Int { inner.latencySamples }
        var samples: Int { counted.withLock { $0 } }
        func process(_ samples: [Int16]) -> [Int16] {
            counted.withLock { $0 += samples.count }
            return inner.process(samples)
        }
        func flush() -> [Int16] { inner.flush() }
        func reset() { inner.reset() }
    }

    /// Five recordings of "smart mirror" in the kitchen noise, a coffee order between each two,
    /// and where each phrase lies.
    static func stream() throws -> (samples: [Int16], phrases: [Range<Int>]) {
        let clips = try WakeWordDetectorTests.clips("smart-mirror", stride: 41, count: 5)
        let orders = try FileManager.default.contentsOfDirectory(
            atPath: SharedSpeech.coffeeDirectory.appendingPathComponent("clean").path
        ).sorted().prefix(5).map {
            try WAVFile.readSamples(path: SharedSpeech.coffeeDirectory.appendingPathComponent("clean/" + $0).path)
        }
        let noisePath = SharedSpeech.repositoryRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/speech/noise-kitchen.wav").path
        let noise = try WAVFile.readSamples(path: noisePath).map { Int16(Double($0) * 0.3) }
        var stream: [Int16] = []
        var phrases: [Range<Int>] = []
        for (clip, order) in zip(clips, orders) {
            var talk = Array(noise[(stream.count % 200_000)...].prefix(order.count))
            TestAudio.mix(order, into: &talk, at: 0)
            stream += talk + Array(noise[(stream.count % 200_000)...].prefix(16_000))
            var piece = Array(noise[(stream.count % 200_000)...].prefix(clip.count))
            TestAudio.mix(clip, into: &piece, at: 0)
            phrases.append(stream.count..<(stream.count + clip.count))
            stream += piece + Array(noise.prefix(16_000 * 5))
        }
        return (stream, phrases)
    }

    /// ``stream()`` with the DeepFilterNet denoiser and the "smart mirror" detector.
    static func fixture() throws -> (
        samples: [Int16], phrases: [Range<Int>], denoiser: any AudioFrontEnd, detector: PocketSphinxWakeWordDetector
    ) {
        let (samples, phrases) = try stream()
        let denoiser = try FrontEndKind.deepfilternet.make(directory: try DenoiserDirectory.locate())
        return (samples, phrases, denoiser, try WakeWordDetectorTests.smartMirror.get())
    }

    /// The places of at least `threshold` (the detector's own by default).
    static func scan(
        _ samples: [Int16], _ detector: PocketSphinxWakeWordDetector, _ view: WakeWordScanner.SecondView,
        processed: [Int16] = [], threshold: Double? = nil
    ) throws -> [WakeCandidate] {
        var scanner = WakeWordScanner(detector: detector, secondView: view)
        var found = try scanner.process(processed.isEmpty ? samples : processed, unprocessed: samples)
        found += try scanner.finish()
        return found.filter { $0.confidence >= threshold ?? detector.options.threshold }
    }

    @Test("finds what the two streams find, with the denoiser over a fraction of the audio")
    func onDemandMatchesTheStreams() throws {
        let (samples, phrases, denoiser, detector) = try Self.fixture()

        let denoised = denoiser.wholeRecording(samples)
        let streams = try Self.scan(samples, detector, .stream, processed: denoised)
        let streamOnDemand = try Self.scan(samples, detector, .streamOnDemand, processed: denoised)
        let counting = Counting(denoiser)
        let onDemand = try Self.scan(samples, detector, .onDemand(counting))

        func phrasesHeard(_ found: [WakeCandidate]) -> Set<Int> {
            Set(found.compactMap { place in phrases.firstIndex { $0.overlaps(place.startSample..<place.endSample) } })
        }
        #expect(streams.count >= 3, "\(streams)")
        #expect(phrasesHeard(onDemand).count >= phrasesHeard(streams).count - 1, "\(onDemand) against \(streams)")
        #expect(
            phrasesHeard(streamOnDemand).count >= phrasesHeard(streams).count - 1,
            "\(streamOnDemand) against \(streams)")
        for place in onDemand {
            #expect(phrases.contains { $0.contains(place.startSample) || $0.contains(place.endSample - 1) }, "\(place)")
            #expect(place.viewConfidences.count == 2)
        }
        // Only stretches around places went through the denoiser: under half of the audio.
        #expect(counting.samples > 0)
        #expect(counting.samples < samples.count / 2, "\(counting.samples) of \(samples.count) samples denoised")
        // Below the floor, the audio as it is proposed places the denoiser never heard.
        let weak = try Self.scan(samples, detector, .none, threshold: 0).filter {
            $0.confidence < detector.options.secondViewFloor
        }
        #expect(!weak.isEmpty)

        // At a threshold of 0 every place is searched through the denoiser as well.
        var everything = detector.options
        everything.threshold = 0
        #expect(everything.secondViewFloor == 0)
        let all = try PocketSphinxWakeWordDetector(phrase: "smart mirror", options: everything)
        let countingAll = Counting(denoiser)
        _ = try Self.scan(samples, all, .onDemand(countingAll))
        #expect(countingAll.samples > counting.samples)
    }

    @Test("given both streams, the one through the front end is searched only around the other's places")
    func streamOnDemandSearchesAroundPlaces() throws {
        let (samples, phrases, denoiser, detector) = try Self.fixture()
        var denoised = denoiser.wholeRecording(samples)
        // The phrase the denoised stream makes most of, copied into the denoised stream alone,
        // in the noise after the last phrase: there the audio as it is holds no phrase.
        let streams = try Self.scan(samples, detector, .stream, processed: denoised)
        let strongest = try #require(streams.max { $0.confidence < $1.confidence })
        let phrase = try #require(phrases.first { $0.contains(strongest.startSample) })
        let after = phrases[phrases.count - 1].upperBound + 16_000
        let copy = after..<(after + phrase.count)
        try #require(copy.upperBound <= samples.count)
        denoised.replaceSubrange(copy, with: denoised[phrase])
        func overCopy(_ found: [WakeCandidate]) -> [WakeCandidate] {
            found.filter { $0.startSample < copy.upperBound && copy.lowerBound < $0.endSample }
        }
        // The denoised view's confidence of each place (the first of the two views).
        func denoisedView(_ found: [WakeCandidate]) -> [Double] { found.map { $0.viewConfidences.first ?? 0 } }
        // Both streams searched whole find the copy in the denoised one (weakly: only that view has it) ...
        let whole = try Self.scan(samples, detector, .stream, processed: denoised, threshold: 0)
        #expect(denoisedView(overCopy(whole)).contains { $0 > 0 }, "\(whole)")
        // ... the denoised one searched around the places of the other does not look there.
        let around = try Self.scan(samples, detector, .streamOnDemand, processed: denoised, threshold: 0)
        #expect(denoisedView(overCopy(around)).allSatisfy { $0 == 0 }, "\(around)")
        #expect(around.contains { $0.overlaps(strongest) && ($0.viewConfidences.first ?? 0) > 0 })
    }

    @Test("the floor follows the threshold: a place below it cannot reach the threshold with the other view's reach")
    func floorFollowsTheThreshold() {
        var options = WakeWordOptions()
        let floor = options.secondViewFloor
        #expect(floor > 0 && floor < 0.05)
        let detector = PocketSphinxWakeWordDetector.self
        // At the floor, the other view at its reach puts the place exactly on the threshold.
        let evidence =
            (detector.evidence(of: floor, floor: 1e-9) + detector.evidence(of: options.secondViewReach, floor: 1e-9))
            / 2 + options.bothViewsBias
        #expect(abs(detector.logistic(evidence) - options.threshold) < 1e-9)
        options.threshold = 0.8
        #expect(options.secondViewFloor > floor)
        options.threshold = 0.2
        #expect(options.secondViewFloor < floor)
    }
}
