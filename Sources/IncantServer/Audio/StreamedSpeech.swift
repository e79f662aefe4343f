import IncantCapture

/// The 16 kHz samples of one Wyoming audio stream and where its speech is, found by an
/// ``IncantCapture/Endpointer`` as the samples arrive.
///
/// What is decoded is the ``span`` from the start of the first utterance (its pre-roll
/// included) to the end of the last one (its post-roll included), or the whole stream when no
/// utterance holds enough speech. The span depends only on the samples, never on how they were
/// cut into chunks: the endpointer judges whole 10 ms frames whatever the chunks.
///
/// While the stream is still arriving, ``settledSpan`` is the span it will have if no more
/// speech follows: once the post-roll after the last speech frame has been heard, the samples
/// of that span are final (the endpointer is given a speculation delay equal to its post-roll,
/// so it fills nothing in). A decoding of the settled span begun then gives exactly the result
/// a decoding of the whole stream at its end would, whenever the final ``span`` is the same.
public struct StreamedSpeech: Sendable {
    /// Every sample received, from the start of the stream.
    public private(set) var samples: [Int16] = []
    private var endpointer: Endpointer
    /// The utterances closed so far that held enough speech, as stream positions.
    private var utterances: [Range<Int>] = []
    private let postRollSamples: Int
    private var finished = false

    /// - Parameter settings: how the endpointer finds speech; its speculation delay is replaced
    ///   by its post-roll.
    public init(settings: EndpointerSettings = EndpointerSettings()) {
        var exact = settings
        exact.postRoll = min(settings.postRoll, settings.trailingSilence)
        exact.speculationDelay = max(exact.postRoll, .milliseconds(10))
        endpointer = Endpointer(settings: exact)
        postRollSamples = AudioFormat.sampleCount(for: exact.postRoll)
    }

    /// Appends the next samples of the stream.
    public mutating func append(_ next: [Int16]) {
        precondition(!finished, "samples appended to a finished stream")
        samples += next
        for utterance in endpointer.process(next) {
            utterances.append(utterance.startSample..<utterance.endSample)
        }
    }

    /// The span of the stream as it will be decoded if no more speech follows, when that is
    /// known: after the post-roll of an utterance holding enough speech, and while no further
    /// speech has begun. Nil before the first utterance and while someone is speaking.
    public var settledSpan: Range<Int>? {
        if endpointer.isInSpeech {
            guard let settled = endpointer.settledUtterance else { return nil }
            return Self.span(utterances + [settled.startSample..<settled.endSample])
        }
        return Self.span(utterances)
    }

    /// Ends the stream: the utterance in progress closes (cut after its post-roll if the
    /// stream went on longer).
    public mutating func finish() {
        guard !finished else { return }
        finished = true
        if let last = endpointer.finish() {
            utterances.append(last.startSample..<min(last.endSample, last.speechEndSample + postRollSamples))
        }
    }

    /// What the finished stream decodes: from the first utterance's start to the last one's
    /// end, or every sample when no utterance held enough speech.
    public var span: Range<Int> {
        precondition(finished, "the span of a stream is known when it is finished")
        return Self.span(utterances) ?? 0..<samples.count
    }

    /// The samples of `span`.
    public func samples(in span: Range<Int>) -> [Int16] {
        Array(samples[span.clamped(to: 0..<samples.count)])
    }

    private static func span(_ utterances: [Range<Int>]) -> Range<Int>? {
        guard let first = utterances.first, let last = utterances.last else { return nil }
        return first.lowerBound..<max(first.lowerBound, last.upperBound)
    }
}
