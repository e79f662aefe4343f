import IncantCapture
import IncantSpeech

/// Records takes of a new phrase (`incant phrases record`): one utterance per take, each
/// transcribed by dictation, reported as ``TakeRecorderEvent``s.
///
/// ```swift
/// let recorder = TakeRecorder(.stream(source, takes: 3, isLive: true), recognizer: recognizer)
/// let takes = try await recorder.run { event in
///     if case .awaiting(let take, let count) = event { print("Say the phrase (take \(take) of \(count))") }
/// }
/// ```
///
/// What the takes are heard as once their words are chosen is ``TakeCheck``'s.
public struct TakeRecorder: Sendable {
    /// Where the takes come from.
    public enum Input: Sendable {
        /// One stream, a take per utterance: a device or standard input. When `isLive` (audio
        /// arrives in real time), each take is what is said after its prompt.
        case stream(any AudioSource, takes: Int, isLive: Bool)
        /// One source per take (WAV files): each take is its source's first utterance.
        case separate([any AudioSource])
    }

    public let input: Input
    /// Transcribes each take (``IncantSpeech/AnswerRequest/dictation``).
    public let recognizer: any SpeechRecognizer
    /// How utterances are cut from the input.
    public let endpointer: EndpointerSettings

    public init(_ input: Input, recognizer: any SpeechRecognizer, endpointer: EndpointerSettings = EndpointerSettings())
    {
        self.input = input
        self.recognizer = recognizer
        self.endpointer = endpointer
    }

    /// How many takes are recorded.
    public var count: Int {
        switch input {
        case .stream(_, let takes, _): takes
        case .separate(let sources): sources.count
        }
    }

    /// The events of one recording, ending after the last take; throws what ``run(_:)`` throws.
    public func events() -> AsyncThrowingStream<TakeRecorderEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    _ = try await self.run { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Records every take, handing each event to `handle` in order, and returns the takes.
    ///
    /// - Throws: ``TakeRecorderError`` when a take cannot be read or has no speech, what the
    ///   recognizer throws, and what `handle` throws (which stops recording).
    public func run(_ handle: @escaping @Sendable (TakeRecorderEvent) async throws -> Void) async throws
        -> [RecordedTake]
    {
        let count = count
        // A stream is read once for all takes; separate sources one each.
        let stream: (live: LiveUtterances, isLive: Bool)?
        let sources: [any AudioSource]
        switch input {
        case .stream(let source, _, let isLive):
            stream = (LiveUtterances(source: source, settings: endpointer), isLive)
            sources = []
        case .separate(let separate):
            stream = nil
            sources = separate
        }
        defer { stream?.live.stop() }
        var recorded: [RecordedTake] = []
        for index in 0..<count {
            let number = index + 1
            try await handle(.awaiting(take: number, of: count))
            let utterance: Utterance?
            do {
                if let stream {
                    utterance = try await stream.live.next(startingAt: stream.isLive ? stream.live.position : 0)
                } else {
                    let file = LiveUtterances(source: sources[index], settings: endpointer)
                    defer { file.stop() }
                    utterance = try await file.next()
                }
            } catch {
                throw TakeRecorderError.captureFailed(take: number, error)
            }
            guard let utterance else {
                if stream != nil { throw TakeRecorderError.inputEnded(take: number) }
                throw TakeRecorderError.noSpeech(take: number, source: sources[index].description)
            }
            let recognizer = recognizer
            let samples = utterance.samples
            let heard = try await DecodingQueue.run { try recognizer.recognizeAnswer(samples, to: .dictation) }
            let take = RecordedTake(number: number, utterance: utterance, transcript: heard.transcript)
            recorded.append(take)
            try await handle(.recorded(take))
        }
        return recorded
    }
}
