import Foundation

/// Cuts a continuous stream of 16 kHz samples into ``Utterance``s with an energy-based
/// voice activity detector and an adaptive noise floor.
///
/// Audio is judged in 10 ms frames. A frame louder than the noise floor by
/// ``EndpointerSettings/onsetMargin`` (and louder than ``EndpointerSettings/minimumSpeechLevel``)
/// starts speech; speech continues while frames stay ``EndpointerSettings/continuationMargin``
/// above the floor, and ends after ``EndpointerSettings/trailingSilence`` without such frames.
///
/// Memory is bounded: between utterances only the pre-roll is kept, and an utterance is cut
/// at ``EndpointerSettings/maximumUtterance``, so the endpointer can run for hours.
public struct Endpointer: Sendable {
    /// The samples in one analysis frame (10 ms).
    public static let frameSize = AudioFormat.sampleRate / 100

    public let settings: EndpointerSettings

    private let trailingSamples: Int
    private let minimumSpeechSamples: Int
    private let maximumSamples: Int
    private let postRollSamples: Int
    private let speculationSamples: Int

    private var noise: NoiseFloorTracker
    private var preRoll: SampleRing
    private var partialFrame: [Int16] = []
    /// Stream position of the next frame to analyse.
    private var position = 0

    private var inSpeech = false
    private var current: [Int16] = []
    private var currentStart = 0
    private var speechStart = 0
    private var lastSpeechEnd = 0
    private var speechSampleCount = 0

    public init(settings: EndpointerSettings = EndpointerSettings()) {
        self.settings = settings
        trailingSamples = max(Self.frameSize, AudioFormat.sampleCount(for: settings.trailingSilence))
        minimumSpeechSamples = AudioFormat.sampleCount(for: settings.minimumSpeech)
        maximumSamples = max(Self.frameSize * 2, AudioFormat.sampleCount(for: settings.maximumUtterance))
        postRollSamples = min(AudioFormat.sampleCount(for: settings.postRoll), trailingSamples)
        speculationSamples = max(
            Self.frameSize, min(AudioFormat.sampleCount(for: settings.speculationDelay), postRollSamples))
        noise = NoiseFloorTracker(windowFrames: AudioFormat.sampleCount(for: settings.noiseWindow) / Self.frameSize)
        preRoll = SampleRing(capacity: AudioFormat.sampleCount(for: settings.preRoll))
    }

    /// True while an utterance is in progress.
    public var isInSpeech: Bool { inSpeech }

    /// Stream position of the first speech frame of the utterance in progress; nil between
    /// utterances.
    public var ongoingSpeechStart: Int? { inSpeech ? speechStart : nil }

    /// The current noise floor estimate in dBFS.
    public var noiseFloor: Double { noise.floor }

    /// Stream position just after the last speech frame of the utterance in progress, once
    /// ``EndpointerSettings/speculationDelay`` of silence has followed it (so
    /// ``settledUtterance`` is available); nil otherwise. Changes when speech resumes.
    public var settledSpeechEnd: Int? {
        guard inSpeech, position - lastSpeechEnd >= speculationSamples, speechSampleCount >= minimumSpeechSamples
        else {
            return nil
        }
        return lastSpeechEnd
    }

    /// The utterance in progress as it will be returned if no more speech follows: the same
    /// positions and length as the utterance that the trailing silence will close, and the same
    /// samples up to what has been heard. It is available
    /// ``EndpointerSettings/trailingSilence`` minus ``EndpointerSettings/speculationDelay``
    /// before the close, so a listener can decode it while the silence is still being confirmed.
    /// With a delay shorter than the post-roll, the rest of the post-roll is the silence heard
    /// since the last speech frame, repeated.
    public var settledUtterance: Utterance? {
        guard let end = settledSpeechEnd else { return nil }
        var settled = utterance(endingAt: end + postRollSamples, reason: .silence)
        let missing = end + postRollSamples - settled.endSample
        if missing > 0, let filled = Utterance.extending(settled.samples, silenceFrom: end - currentStart, by: missing)
        {
            settled.samples = filled
            settled.filledSampleCount = missing
        }
        return settled
    }

    /// Feeds samples and returns the utterances they complete (usually none, sometimes one).
    public mutating func process(_ samples: some Collection<Int16>) -> [Utterance] {
        var finished: [Utterance] = []
        var input = samples[...]
        if !partialFrame.isEmpty {
            let needed = Self.frameSize - partialFrame.count
            partialFrame.append(contentsOf: input.prefix(needed))
            input = input.dropFirst(needed)
            guard partialFrame.count == Self.frameSize else { return [] }
            let frame = partialFrame
            partialFrame.removeAll(keepingCapacity: true)
            if let utterance = analyse(frame[...]) { finished.append(utterance) }
        }
        while input.count >= Self.frameSize {
            let end = input.index(input.startIndex, offsetBy: Self.frameSize)
            if let utterance = analyse(Array(input[input.startIndex..<end])[...]) { finished.append(utterance) }
            input = input[end...]
        }
        partialFrame.append(contentsOf: input)
        return finished
    }

    /// Ends the stream: returns the utterance in progress, if it holds enough speech.
    public mutating func finish() -> Utterance? {
        if inSpeech {
            current.append(contentsOf: partialFrame)
            position += partialFrame.count
        }
        partialFrame.removeAll()
        guard inSpeech else { return nil }
        return close(at: currentStart + current.count, reason: .endOfStream)
    }

    private mutating func analyse(_ frame: ArraySlice<Int16>) -> Utterance? {
        let level = Self.level(of: frame)
        let floor = noise.update(level: level)
        let frameStart = position
        position += frame.count
        if !inSpeech {
            if level >= max(floor + settings.onsetMargin, settings.minimumSpeechLevel) {
                inSpeech = true
                current = preRoll.contents
                current.reserveCapacity(min(maximumSamples, AudioFormat.sampleRate * 4))
                currentStart = frameStart - current.count
                preRoll.removeAll()
                current.append(contentsOf: frame)
                speechStart = frameStart
                lastSpeechEnd = position
                speechSampleCount = frame.count
            } else {
                preRoll.append(contentsOf: frame)
            }
            return nil
        }
        current.append(contentsOf: frame)
        if level >= max(floor + settings.continuationMargin, settings.minimumSpeechLevel) {
            lastSpeechEnd = position
            speechSampleCount += frame.count
        }
        if position - lastSpeechEnd >= trailingSamples {
            return close(at: lastSpeechEnd + postRollSamples, reason: .silence)
        }
        if current.count >= maximumSamples {
            return close(at: position, reason: .maximumLength)
        }
        return nil
    }

    /// Ends the current utterance at stream position `end`; what follows becomes pre-roll.
    private mutating func close(at end: Int, reason: Utterance.EndReason) -> Utterance? {
        let utterance = utterance(endingAt: end, reason: reason)
        preRoll.removeAll()
        preRoll.append(contentsOf: current[utterance.samples.count...])
        current = []
        inSpeech = false
        return speechSampleCount >= minimumSpeechSamples ? utterance : nil
    }

    /// The utterance in progress cut at stream position `end`.
    private func utterance(endingAt end: Int, reason: Utterance.EndReason) -> Utterance {
        let kept = max(0, min(current.count, end - currentStart))
        return Utterance(
            samples: Array(current[0..<kept]), startSample: currentStart, speechStartSample: speechStart,
            speechEndSample: lastSpeechEnd, endReason: reason)
    }

    /// The RMS level of `frame` in dBFS (digital silence is -120).
    static func level(of frame: ArraySlice<Int16>) -> Double {
        var sum = 0.0
        for sample in frame {
            let value = Double(sample)
            sum += value * value
        }
        return level(ofEnergy: sum, count: frame.count)
    }

    /// The RMS level in dBFS of `count` samples whose squares sum to `energy` (digital silence
    /// is -120, and nothing is lower).
    static func level(ofEnergy energy: Double, count: Int) -> Double {
        let rms = (energy / Double(max(1, count))).squareRoot()
        return rms < 1e-6 ? -120 : max(-120, 20 * log10(rms / 32_768))
    }
}
