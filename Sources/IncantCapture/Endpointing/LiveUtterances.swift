import Synchronization

/// The utterances of a source, read continuously in the background and queued, so that a
/// microphone keeps being listened to (no overruns, nothing lost) while the consumer decodes,
/// runs a shortcut or speaks — and so that a conversation can take its answers from the same
/// stream as its commands.
///
/// ```swift
/// let live = LiveUtterances(source: WAVFileSource(path: "kitchen.wav"))
/// while let utterance = try await live.next() { … }
/// ```
///
/// Reading starts at the first ``next(startingAt:)``; ``stop()`` (or dropping the value after
/// `stop`) ends it and closes the source.
public final class LiveUtterances: Sendable {
    /// The source being read.
    public let source: any AudioSource
    /// How utterances are cut (the ``Endpointer``'s settings, when no other detector is given).
    public let settings: EndpointerSettings
    /// Cuts the stream into utterances, from its initial state.
    public let detector: any UtteranceDetector
    /// How many utterances may wait for the consumer before reading pauses; nil never pauses.
    public let maximumPending: Int?
    /// Called on the reading task with each ``Endpointer/settledUtterance``: the utterance that
    /// the trailing silence will close unless speech resumes, heard
    /// ``EndpointerSettings/trailingSilence`` minus ``EndpointerSettings/postRoll`` earlier.
    /// A listener decodes it meanwhile (see `SpeculativeDecoding` in IncantRecognition).
    public let onSettled: (@Sendable (Utterance) -> Void)?

    private let queue = HandOffQueue<Utterance>()
    private let samplesRead = SampleCounter()
    private let progress = CuttingProgress()
    private let pump = Mutex<Task<Void, Never>?>(nil)

    /// Reads `source`, cut into utterances with `settings`.
    ///
    /// A microphone must be read continuously (audio not read is lost), so by default reading
    /// never pauses. A source that can wait, such as a file or a pipe, should give
    /// `maximumPending`: reading then pauses while that many utterances wait for the consumer,
    /// so that memory stays bounded however long the input is.
    ///
    /// `onSettled`, when given, hears each utterance as soon as its samples are final (see
    /// ``onSettled``); it must return quickly.
    ///
    /// `detector` replaces the energy ``Endpointer`` built from `settings`.
    public init(
        source: any AudioSource, settings: EndpointerSettings = EndpointerSettings(),
        detector: (any UtteranceDetector)? = nil, maximumPending: Int? = nil,
        onSettled: (@Sendable (Utterance) -> Void)? = nil
    ) {
        precondition(maximumPending.map { $0 > 0 } ?? true, "maximumPending must be positive")
        self.source = source
        self.settings = settings
        self.detector = detector ?? Endpointer(settings: settings)
        self.maximumPending = maximumPending
        self.onSettled = onSettled
    }

    deinit {
        pump.withLock { $0?.cancel() }
    }

    /// Samples read from the source so far: the stream position of "now" for a live device
    /// (utterances count their sample positions from the same origin).
    public var position: Int { samplesRead.value.load(ordering: .relaxed) }

    /// The next utterance whose speech starts at or after stream position `start` (earlier
    /// ones, such as the echo of a spoken question, are dropped); nil at the end of the source
    /// or when the calling task is cancelled. Throws the source's ``CaptureError``.
    public func next(startingAt start: Int = 0) async throws -> Utterance? {
        startIfNeeded()
        while let utterance = try await queue.next() {
            if utterance.speechStartSample >= start { return utterance }
        }
        return nil
    }

    /// The next utterance when its speech starts within `pause` of the end of `utterance`'s
    /// speech: more of the same sentence after a pause, or nothing. Nil when the stream passes
    /// that point with no speech begun, or ends; a later utterance then stays queued for
    /// ``next(startingAt:)``. Speech begun in time is waited for until its utterance closes.
    ///
    /// The answer depends on the audio alone, not on how far ahead the source has been read.
    public func follower(of utterance: Utterance, within pause: Duration) async throws -> Utterance? {
        startIfNeeded()
        let latestStart = utterance.speechEndSample + AudioFormat.sampleCount(for: pause)
        while !Task.isCancelled {
            // Read before the queue: what completed before this state is queued by then.
            let seen = progress.snapshot
            if let first = await queue.first {
                guard first.speechStartSample <= latestStart else { return nil }
                return try await queue.next()
            }
            if seen.ended { return nil }
            // A frame past the limit: speech starting at the limit has been judged, whatever
            // the chunks.
            let judged = seen.samples >= latestStart + Endpointer.frameSize
            if judged, seen.ongoingSpeechStart.map({ $0 > latestStart }) ?? true { return nil }
            await progress.change(after: seen.version)
        }
        return nil
    }

    /// Returns an utterance taken by a task that lost a race, to be returned again first.
    public func putBack(_ utterance: Utterance) async {
        await queue.putBack(utterance)
    }

    /// Stops reading the source.
    public func stop() {
        pump.withLock { $0?.cancel() }
    }

    private func startIfNeeded() {
        pump.withLock { task in
            guard task == nil else { return }
            let frames = source.frames()
            let detector = detector
            let queue = queue
            let limit = maximumPending ?? .max
            let counter = samplesRead
            let progress = progress
            let onSettled = onSettled
            task = Task.detached {
                var endpointer = detector
                var announced: Int?
                do {
                    for try await chunk in frames {
                        let read = counter.value.add(chunk.count, ordering: .relaxed).newValue
                        // After the utterances these samples completed are queued.
                        defer { progress.publish(samples: read, ongoingSpeechStart: endpointer.ongoingSpeechStart) }
                        guard let onSettled else {
                            for utterance in endpointer.process(chunk) {
                                await queue.push(utterance, limit: limit)
                            }
                            continue
                        }
                        // Frame by frame, so that when an utterance settles (and what its
                        // speculation decodes) depends on the audio alone, not on how the
                        // source happens to chunk it.
                        var start = 0
                        while start < chunk.count {
                            let end = min(chunk.count, start + Endpointer.frameSize)
                            for utterance in endpointer.process(Array(chunk[start..<end])) {
                                await queue.push(utterance, limit: limit)
                            }
                            start = end
                            if let settledEnd = endpointer.settledSpeechEnd, settledEnd != announced,
                                let settled = endpointer.settledUtterance
                            {
                                announced = settledEnd
                                onSettled(settled)
                            }
                        }
                    }
                    if let last = endpointer.finish() {
                        await queue.push(last, limit: limit)
                    }
                    await queue.finish()
                } catch {
                    await queue.finish(throwing: error)
                }
                progress.end()
            }
        }
    }
}

/// A shared count of samples read.
private final class SampleCounter: Sendable {
    let value = Atomic<Int>(0)
}
