/// One stretch of speech cut from a stream by an ``Endpointer``.
///
/// Sample positions count from the first sample of the stream (16 kHz).
public struct Utterance: Sendable, Equatable {
    /// Why an utterance ended.
    public enum EndReason: Sendable, Equatable {
        /// Trailing silence was heard.
        case silence
        /// The utterance reached ``EndpointerSettings/maximumUtterance``.
        case maximumLength
        /// The stream ended during speech.
        case endOfStream
    }

    /// The audio, including pre-roll before and post-roll after the speech.
    public var samples: [Int16]
    /// Stream position of `samples[0]`.
    public var startSample: Int
    /// Stream position of the first frame judged to be speech.
    public var speechStartSample: Int
    /// Stream position just after the last frame judged to be speech.
    public var speechEndSample: Int
    /// Why the utterance ended.
    public var endReason: EndReason
    /// Samples at the end of `samples` that were not heard yet: a settled utterance
    /// (``Endpointer/settledUtterance``) fills the rest of its post-roll with the silence heard
    /// since its last speech, repeated. 0 for an utterance that closed.
    public var filledSampleCount: Int

    public init(
        samples: [Int16], startSample: Int, speechStartSample: Int, speechEndSample: Int, endReason: EndReason,
        filledSampleCount: Int = 0
    ) {
        self.samples = samples
        self.startSample = startSample
        self.speechStartSample = speechStartSample
        self.speechEndSample = speechEndSample
        self.endReason = endReason
        self.filledSampleCount = filledSampleCount
    }

    /// Stream position just after the last sample of `samples`.
    public var endSample: Int { startSample + samples.count }
    /// Stream position just after the last sample that was heard (before the filled ones).
    public var heardEndSample: Int { endSample - filledSampleCount }
    /// When `samples` starts, from the start of the stream.
    public var startTime: Duration { AudioFormat.duration(ofSamples: startSample) }
    /// When `samples` ends, from the start of the stream.
    public var endTime: Duration { AudioFormat.duration(ofSamples: endSample) }
    /// When speech was first detected.
    public var speechStartTime: Duration { AudioFormat.duration(ofSamples: speechStartSample) }
    /// When speech was last detected.
    public var speechEndTime: Duration { AudioFormat.duration(ofSamples: speechEndSample) }
    /// The length of `samples`.
    public var duration: Duration { AudioFormat.duration(ofSamples: samples.count) }
}

extension Utterance {
    /// `samples` followed by `count` more: those from index `speechEnd` on (the silence after
    /// the last speech), repeated; nil when none follow it. How a settled utterance fills the
    /// post-roll it has not heard yet (``filledSampleCount``).
    public static func extending(_ samples: [Int16], silenceFrom speechEnd: Int, by count: Int) -> [Int16]? {
        let silence = samples[min(samples.count, max(0, speechEnd))...]
        guard !silence.isEmpty else { return nil }
        var extended = samples
        extended.reserveCapacity(samples.count + max(0, count))
        for index in 0..<max(0, count) { extended.append(silence[silence.startIndex + index % silence.count]) }
        return extended
    }
}

extension Utterance {
    /// `first` and `next`, a later utterance of the same stream, as one: from `first`'s start
    /// to `next`'s end, with `first`'s speech start and `next`'s speech end and end reason.
    /// Audio between them that neither holds (a pause longer than the post-roll and pre-roll
    /// together) is `first`'s silence after its speech, repeated.
    public static func joining(_ first: Utterance, _ next: Utterance) -> Utterance {
        let gap = next.startSample - first.endSample
        var samples = first.samples
        if gap > 0 {
            samples =
                extending(samples, silenceFrom: first.speechEndSample - first.startSample, by: gap)
                ?? samples + [Int16](repeating: 0, count: gap)
        }
        let overlap = min(next.samples.count, max(0, -gap))
        samples.append(contentsOf: next.samples[overlap...])
        return Utterance(
            samples: samples, startSample: first.startSample, speechStartSample: first.speechStartSample,
            speechEndSample: max(first.speechEndSample, next.speechEndSample), endReason: next.endReason,
            filledSampleCount: next.filledSampleCount)
    }
}
