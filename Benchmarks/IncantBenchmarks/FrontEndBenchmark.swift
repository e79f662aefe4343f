import Foundation
import IncantCapture
import IncantDenoise
import IncantPhrases
import IncantRecognition
import IncantRoomMixing
import Synchronization

/// `incant-bench front-ends`: Incant (shipped settings) on coffee orders heard through each
/// front end, in one run: clean, kitchen noise, and a babble of other talkers.
///
///     incant-bench front-ends [--stride N] [--front-ends identity,deepfilternet,rnnoise] [--workers N]
///                             [--cpu-only]
///
/// Every `stride`th coffee clip; kitchen noise at 12 and 6 dB (``NoiseMixer``, the seeds of
/// `speech` and `levers`); a babble of four other coffee orders at 9 dB. Each noisy clip is mixed
/// once and heard by every front end as one stream. Prints understood and wrong per condition and
/// front end, then each front end's CPU time per audio second (one thread, the clean clips as
/// one stream), the CPU time to make it (loading its model) and the latency it adds.
struct FrontEndBenchmark {
    var stride = 4
    var kinds: [FrontEndKind] = FrontEndKind.allCases
    var workers = 2
    /// Talkers in the babble, and its SNR.
    var talkers = 4
    var babbleSNR = 9.0
    var kitchenSNRs: [Double] = [12, 6]
    /// Measure CPU time and latency only, not recognition.
    var cpuOnly = false

    init(arguments: [String]) throws {
        try BenchmarkOptions.parse(arguments) { option, next in
            switch option {
            case "--stride": stride = max(1, Int(try next()) ?? 4)
            case "--workers": workers = max(1, Int(try next()) ?? 2)
            case "--cpu-only": cpuOnly = true
            case "--front-ends":
                kinds = try next().split(separator: ",").map { name throws in
                    do { return try FrontEndKind(name: String(name)) } catch { throw BenchmarkError("\(error)") }
                }
            default: throw BenchmarkError("unknown option \(option)")
            }
        }
    }

    func run() throws {
        let paths = BenchmarkPaths()
        let coffee = CoffeeRecordings(paths: paths)
        let catalog = PhraseCatalog(shortcuts: try coffee.shortcuts())
        let all = try coffee.clips(limit: nil)
        let chosen = all.enumerated().filter { $0.offset % stride == 0 }
        let kitchen = NoiseMixer(noise: try WAVFile.readSamples(path: paths.kitchenNoise))
        var conditions: [(String, [SpeechClip])] = [("clean", chosen.map(\.element))]
        for snr in kitchenSNRs {
            let mixed = chosen.map { kitchen.mix($1, snr: snr, seed: NoiseMixer.coffeeSeed &+ UInt64($0)) }
            conditions.append(("kitchen noise \(Int(snr)) dB", mixed))
        }
        let babble = chosen.map { index, clip in
            Self.babbled(clip, from: all, excluding: index, talkers: talkers, snr: babbleSNR)
        }
        conditions.append(("babble of \(talkers) talkers \(Int(babbleSNR)) dB", babble))
        // A microphone with its gain turned down: the clean orders 30 dB quieter.
        conditions.append(
            (
                "clean, 30 dB quieter",
                chosen.map {
                    SpeechClip(
                        name: $1.name, samples: QuietAudioGain.applying(-30, to: $1.samples), expected: $1.expected)
                }
            ))
        for kind in kinds { _ = try Self.frontEnd(kind) }  // fails early, naming what is missing

        if cpuOnly { conditions = [] }
        print("Coffee orders, every \(stride)th clip (\(chosen.count)); understood (wrong):\n")
        print("| condition | " + kinds.map(\.rawValue).joined(separator: " | ") + " |")
        print("|---|" + kinds.map { _ in "---:|" }.joined())
        for (name, clips) in conditions {
            var cells: [String] = []
            for kind in kinds {
                let score = try score(clips, kind: kind, catalog: catalog, paths: paths)
                cells.append("\(percent(score.accuracy)) (\(percent(score.wrongRate)))")
                FileHandle.standardError.write(Data("\(name), \(kind.rawValue): \(cells.last ?? "")\n".utf8))
            }
            print("| \(name) | " + cells.joined(separator: " | ") + " |")
        }
        print("\n| front end | CPU s per audio s (one thread, one stream) | CPU s to start | latency added |")
        print("|---|---:|---:|---:|")
        let sample = Array(chosen.map(\.element).prefix(20))
        for kind in kinds {
            let cpu = try cpuPerAudioSecond(kind, clips: sample)
            let latency = try Self.frontEnd(kind).latencySamples
            print(
                "| \(kind.rawValue) | \(String(format: "%.3f", cpu.stream)) | \(String(format: "%.2f", cpu.start)) | "
                    + "\(String(format: "%.0f ms", Double(latency) / 16)) |")
        }
    }

    /// How Incant did on `clips` heard through a front end of `kind` (one per worker).
    private func score(
        _ clips: [SpeechClip], kind: FrontEndKind, catalog: PhraseCatalog, paths: BenchmarkPaths
    ) throws -> ConditionScore {
        let total = Mutex(ConditionScore())
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            do {
                let system = try IncantSystem(catalog: catalog, dictionaryFiles: [paths.dictionary])
                let frontEnd = try Self.frontEnd(kind)
                var score = ConditionScore()
                for index in Swift.stride(from: worker, to: clips.count, by: workers) {
                    var clip = clips[index]
                    // One stream; how it is cut into pieces does not change the output.
                    clip.samples = frontEnd.wholeRecording(clip.samples)
                    score.add(try system.understand(clip.samples), clip: clip)
                }
                total.withLock { $0.merge(score) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        if let failure = failures.withLock({ $0.first }) { throw BenchmarkError(failure) }
        return total.withLock { $0 }
    }

    /// Process CPU time per second of audio for a front end of `kind` hearing `clips` one after
    /// another as one stream (as `listen` does), one thread; and the CPU time making it took.
    private func cpuPerAudioSecond(_ kind: FrontEndKind, clips: [SpeechClip]) throws -> (stream: Double, start: Double)
    {
        let made = Self.processCPUSeconds()
        let frontEnd = try Self.frontEnd(kind)
        let start = Self.processCPUSeconds()
        let stream = clips.flatMap(\.samples)
        var position = 0
        // In 20 ms chunks, as a microphone delivers them.
        while position < stream.count {
            _ = frontEnd.process(Array(stream[position..<min(position + 320, stream.count)]))
            position += 320
        }
        _ = frontEnd.flush()
        return ((Self.processCPUSeconds() - start) / (Double(stream.count) / 16_000), start - made)
    }

    static func frontEnd(
        _ kind: FrontEndKind, restart: DenoiserRestart = .fresh,
        attenuationLimit: Float = FrontEndKind.standardAttenuationLimit
    ) throws -> any AudioFrontEnd {
        do {
            if kind == .identity { return try kind.make() }
            return try kind.make(
                directory: try DenoiserDirectory.locate(directory: IncantPaths().denoiserDirectory), restart: restart,
                attenuationLimit: attenuationLimit)
        } catch {
            throw BenchmarkError("\(error)")
        }
    }

    /// `clip` with a babble of `talkers` other coffee orders behind it at `snr` dB: each talker
    /// another clip (chosen with a generator seeded by the clip's index), looped from a random
    /// start to the clip's length and brought to the same loudness before they are summed.
    static func babbled(_ clip: SpeechClip, from all: [SpeechClip], excluding index: Int, talkers: Int, snr: Double)
        -> SpeechClip
    {
        var random = SplitMix64(seed: 0xBAB_B1E0_0000 &+ UInt64(index))
        let length = clip.samples.count
        var babble = [Float](repeating: 0, count: length)
        var used: Set<Int> = [index]
        while used.count <= talkers && used.count < all.count {
            let other = Int(random.next() % UInt64(all.count))
            guard used.insert(other).inserted else { continue }
            let voice = all[other].samples.map(Float.init)
            let power = voice.reduce(0) { $0 + $1 * $1 } / Float(max(voice.count, 1))
            let gain = 1_000 / max(power.squareRoot(), 1)
            let start = Int(random.next() % UInt64(max(voice.count, 1)))
            for position in 0..<length { babble[position] += gain * voice[(start + position) % voice.count] }
        }
        let mixer = NoiseMixer(noise: babble.map { Int16(clamping: Int($0.rounded())) })
        return mixer.mix(clip, snr: snr, seed: UInt64(index))
    }

    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    func percent(_ value: Double) -> String { value.isNaN ? "–" : String(format: "%.1f%%", value * 100) }
}
