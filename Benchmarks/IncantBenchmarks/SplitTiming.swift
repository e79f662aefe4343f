import Foundation
import IncantCapture
import IncantPhrases
import IncantRecognition

/// `incant-bench split-timing [--stride N] [--snr dB]`: what cutting the phone loop in two
/// (``RecognizerOptions/splitsPhoneLoop``) saves `listen`, which decodes on two cores.
///
/// One coffee clip at a time (each decoding uses both cores): the phrase search and the phone
/// loop alone on one core (their cost per frame), then the whole recognition on two cores with
/// the loop in one piece and with it cut in two. Prints the decode times and how many clips
/// the two ways decided differently.
struct SplitTiming {
    var stride = 4
    var snr: Double?

    func run() throws {
        let paths = BenchmarkPaths()
        let coffee = CoffeeRecordings(paths: paths)
        let catalog = PhraseCatalog(shortcuts: try coffee.shortcuts())
        var clips = try coffee.clips(limit: nil).enumerated().filter { $0.offset % stride == 0 }
        if let snr {
            let noise = NoiseMixer(noise: try WAVFile.readSamples(path: paths.kitchenNoise))
            clips = clips.map { index, clip in
                (index, noise.mix(clip, snr: snr, seed: NoiseMixer.coffeeSeed &+ UInt64(index)))
            }
        }
        var options = RecognizerOptions(dictionaryFiles: [paths.dictionary])
        options.decodesPhoneLoopInParallel = true
        options.splitsPhoneLoop = false
        let whole = try IncantSystem(catalog: catalog, options: options)
        options.splitsPhoneLoop = true
        let split = try IncantSystem(catalog: catalog, options: options)
        // The one-core timings on a recognizer of their own, so that the two compared above
        // decode with the same history (pocketsphinx's scores depend slightly on it).
        let decoder = try GrammarRecognizer(
            catalog: catalog, options: RecognizerOptions(dictionaryFiles: [paths.dictionary])
        )
        .decoder
        var phraseSeconds = 0.0
        var loopSeconds = 0.0
        var wholeTimes: [Double] = []
        var splitTimes: [Double] = []
        var differences: [String] = []
        var understood = (whole: 0, split: 0)
        var largestMarginChange = 0.0
        var cutClips = 0
        for (_, clip) in clips {
            var start = ContinuousClock.now
            _ = try decoder.decode(clip.samples, search: GrammarRecognizer.grammarSearch)
            phraseSeconds += seconds(since: start)
            start = ContinuousClock.now
            _ = try decoder.decode(clip.samples, search: PocketSphinxDecoder.phoneLoopSearch)
            loopSeconds += seconds(since: start)
            if let frames = try decoder.cepstra(of: clip.samples),
                frames.quietCut(near: GrammarRecognizer.phoneLoopCutFraction) != nil
            {
                cutClips += 1
            }
            let a = try whole.understand(clip.samples)
            let b = try split.understand(clip.samples)
            wholeTimes.append(a.decodeSeconds)
            splitTimes.append(b.decodeSeconds)
            if clip.expected?.isMet(by: a.accepted) == true { understood.whole += 1 }
            if clip.expected?.isMet(by: b.accepted) == true { understood.split += 1 }
            let marginChange = abs((a.evidence?.meanWordMargin ?? 0) - (b.evidence?.meanWordMargin ?? 0))
            largestMarginChange = max(largestMarginChange, marginChange)
            if (a.accepted == nil) != (b.accepted == nil) || a.transcript != b.transcript {
                differences.append(
                    "\(clip.name): whole \(a.accepted == nil ? "rejected" : "accepted") \"\(a.transcript)\", "
                        + "split \(b.accepted == nil ? "rejected" : "accepted") \"\(b.transcript)\"")
            }
        }
        func ms(_ values: [Double], _ p: Double) -> String {
            String(format: "%.0f ms", ConditionScore.percentile(values, p) * 1000)
        }
        print("clips: \(clips.count)" + (snr.map { ", kitchen noise \(Int($0)) dB" } ?? ", clean"))
        print(
            String(format: "one core: phone loop / phrase search time = %.2f", loopSeconds / max(phraseSeconds, 1e-9)))
        print("| two cores | p50 | p95 | max | understood |")
        print("|---|---:|---:|---:|---:|")
        print(
            "| loop in one piece | \(ms(wholeTimes, 0.5)) | \(ms(wholeTimes, 0.95)) | \(ms(wholeTimes, 1)) | \(understood.whole) |"
        )
        print(
            "| loop cut in two | \(ms(splitTimes, 0.5)) | \(ms(splitTimes, 0.95)) | \(ms(splitTimes, 1)) | \(understood.split) |"
        )
        print(
            String(
                format: "total decode time, cut / one piece: %.2f; largest change of a mean word margin: %.2f",
                splitTimes.reduce(0, +) / max(wholeTimes.reduce(0, +), 1e-9), largestMarginChange))
        print("clips long enough to cut: \(cutClips) of \(clips.count)")
        print("decided differently (accepted or transcript): \(differences.count)")
        for difference in differences { print("  \(difference)") }
    }
}
