import Foundation
import IncantCapture
import IncantRoomMixing

/// Continuous background audio for the wake-word benchmark, as the published benchmark builds
/// it from speech and noise: real speech (the coffee orders, the recordings of the other wake
/// phrases), synthetic speech (several voices reading passages of Debian's `fortunes` package)
/// and noise-only stretches (kitchen noise, `scripts/synthetic-noise.sh`), one after another
/// with short pauses, over a continuous bed of noise. Deterministic for a seed.
struct WakeBackground {
    /// Pieces of speech to place, each 16 kHz mono.
    var speech: [[Int16]]
    /// Noise recordings for noise-only stretches and the bed.
    var noises: [[Int16]]
    var random: SplitMix64
    /// Samples made so far.
    private(set) var produced = 0
    private var pending: [Float] = []
    private var bed = 0
    private var bedOffset = 0
    private var bedLevel: Float = 0.02
    /// The share of stretches that are speech (the rest are noise alone).
    var speechShare: Double
    /// The share of speech by default: mostly other people talking.
    static let standardSpeechShare = 0.85
    /// What a keyword is mixed into by ``mix(_:snr:lead:)``.
    var keywordBackground: KeywordBackground
    /// Every stretch placed so far, in order: where it starts and what it is.
    private(set) var pieces: [Piece] = []

    /// One stretch of the background, without the pause after it.
    struct Piece: Equatable {
        /// The sample it starts at, counted from the first sample ``next(_:)`` returned.
        var start: Int
        var length: Int
        var source: Source

        enum Source: Equatable {
            /// The speech piece at this index of ``WakeBackground/speech``.
            case speech(Int)
            /// A stretch of the noise recording at this index of ``WakeBackground/noises``.
            case noise(Int)
        }
    }

    /// What each keyword recording is heard over.
    enum KeywordBackground {
        /// The next stretch of this background: mostly other people talking.
        case stream
        /// A stretch of one of the noise recordings alone, as the published benchmark mixes its
        /// keywords (noise under each keyword; the background's speech comes between them).
        case noise
        /// A stretch of the noise recording at this index alone.
        case oneNoise(Int)
    }

    init(
        speech: [[Int16]], noises: [[Int16]], seed: UInt64, speechShare: Double = standardSpeechShare,
        keywordBackground: KeywordBackground = .stream
    ) {
        self.speech = speech
        self.noises = noises.filter { !$0.isEmpty }
        random = SplitMix64(seed: seed)
        self.speechShare = speechShare
        self.keywordBackground = keywordBackground
    }

    /// The next `count` samples.
    mutating func next(_ count: Int) -> [Int16] {
        while pending.count < count { appendEvent() }
        let out = pending.prefix(count).map { Int16(clamping: Int(($0 * 32_767).rounded())) }
        pending.removeFirst(count)
        produced += count
        return out
    }

    /// One speech or noise stretch and the pause after it, over the noise bed.
    private mutating func appendEvent() {
        var event: [Float]
        let source: Piece.Source
        let pick = Double.random(in: 0..<1, using: &random)
        if pick < speechShare || noises.isEmpty {
            let index = Int.random(in: 0..<speech.count, using: &random)
            event = Self.normalized(speech[index], peak: Float.random(in: 0.15...0.7, using: &random))
            source = .speech(index)
        } else {
            let index = Int.random(in: 0..<noises.count, using: &random)
            let noise = noises[index]
            let length = min(noise.count, Int(16_000 * Double.random(in: 1...6, using: &random)))
            let offset = Int.random(in: 0...(noise.count - length), using: &random)
            event = Self.normalized(
                Array(noise[offset..<offset + length]), peak: Float.random(in: 0.05...0.4, using: &random))
            source = .noise(index)
        }
        pieces.append(Piece(start: produced + pending.count, length: event.count, source: source))
        event += [Float](repeating: 0, count: Int(16_000 * Double.random(in: 0.1...1.5, using: &random)))
        // The bed: a noise recording at a low level, changing now and then.
        if Double.random(in: 0..<1, using: &random) < 0.1, !noises.isEmpty {
            bed = Int.random(in: 0..<noises.count, using: &random)
            bedLevel = Float.random(in: 0.002...0.05, using: &random)
        }
        if !noises.isEmpty {
            let noise = noises[bed]
            let rms = max(1e-6, Self.rms(noise))
            for index in event.indices {
                event[index] += Float(noise[(bedOffset + index) % noise.count]) / 32_768 / rms * bedLevel
            }
            bedOffset = (bedOffset + event.count) % noise.count
        }
        pending += event.map { max(-1, min(1, $0)) }
    }

    /// The piece that holds `sample` (or, in a pause, the one before it); nil before the first.
    func piece(at sample: Int) -> Piece? {
        var low = 0
        var high = pieces.count
        while low < high {
            let middle = (low + high) / 2
            if pieces[middle].start <= sample { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? pieces[low - 1] : nil
    }

    static func normalized(_ samples: [Int16], peak: Float) -> [Float] {
        let largest = max(1, samples.map { abs(Int($0)) }.max() ?? 1)
        let gain = peak / Float(largest)
        return samples.map { Float($0) * gain }
    }

    static func rms(_ samples: [Int16]) -> Float {
        guard !samples.isEmpty else { return 0 }
        let stride = max(1, samples.count / 20_000)
        var total: Double = 0
        var count = 0
        for index in Swift.stride(from: 0, to: samples.count, by: stride) {
            let value = Double(samples[index]) / 32_768
            total += value * value
            count += 1
        }
        return Float((total / Double(count)).squareRoot())
    }

    /// The noise recording a keyword is mixed into (``keywordBackground``), or nil for the stream.
    private mutating func keywordNoise() -> [Int16]? {
        switch keywordBackground {
        case .stream: return nil
        case .noise: return noises.isEmpty ? nil : noises[Int.random(in: 0..<noises.count, using: &random)]
        case .oneNoise(let index): return noises.indices.contains(index) ? noises[index] : nil
        }
    }

    /// `keyword` inside a stretch of this background, or of a noise recording alone
    /// (``keywordBackground``), with `lead` seconds before and after it, at
    /// `snr` dB, as the published benchmark mixes it: the background is scaled so that the
    /// ratio of the loudest 2048-sample frame energy of the keyword to that of the background
    /// equals the SNR, then the peak of the sum is normalized to 0.5. Returns the mix and
    /// where the keyword starts in it.
    mutating func mix(_ keyword: [Int16], snr: Double, lead: Double = 1) -> (samples: [Int16], start: Int) {
        let before = Int(lead * 16_000)
        let length = before + keyword.count + before
        let stretch: [Int16]
        if let noise = keywordNoise() {
            let offset = Int.random(in: 0..<noise.count, using: &random)
            stretch = (0..<length).map { noise[(offset + $0) % noise.count] }
        } else {
            stretch = next(length)
        }
        var padded = [Float](repeating: 0, count: stretch.count)
        for index in keyword.indices { padded[before + index] = Float(keyword[index]) / 32_768 }
        let noise = stretch.map { Float($0) / 32_768 }
        let keywordEnergy = NoiseMixer.maximumFrameEnergy(keyword.map { Float($0) / 32_768 })
        let noiseEnergy = max(NoiseMixer.maximumFrameEnergy(noise), 1e-12)
        let scale = Float((Double(keywordEnergy) / (Double(noiseEnergy) * pow(10, snr / 10))).squareRoot())
        var peak: Float = 1e-9
        for index in padded.indices {
            padded[index] += scale * noise[index]
            peak = max(peak, abs(padded[index]))
        }
        let gain = 0.5 / peak
        return (padded.map { Int16(clamping: Int(($0 * gain * 32_767).rounded())) }, before)
    }
}

/// Passages of Debian's `fortunes` package (`/usr/share/games/fortunes`) for voices to read:
/// plain sentences of 60–300 characters, every `stride`-th one.
enum FortunePassages {
    static let folder = "/usr/share/games/fortunes"
    static let files = ["fortunes", "literature", "wisdom", "people", "science", "work", "food", "pets", "sports"]

    static func load(count: Int, excluding phrases: [String]) throws -> [String] {
        var passages: [String] = []
        for file in files {
            let path = folder + "/" + file
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            for entry in text.components(separatedBy: "\n%\n") {
                let flat = entry.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                guard (60...300).contains(flat.count),
                    flat.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || " ,.;:'!?-\"".contains($0)) })
                else { continue }
                let lower = flat.lowercased()
                if phrases.contains(where: { lower.contains($0.lowercased()) }) { continue }
                passages.append(flat)
            }
        }
        guard !passages.isEmpty else {
            throw BenchmarkError("no passages in \(folder): install Debian's fortunes package (scripts/setup.sh)")
        }
        let stride = max(1, passages.count / max(1, count))
        return Swift.stride(from: 0, to: passages.count, by: stride).prefix(count).map { passages[$0] }
    }
}
