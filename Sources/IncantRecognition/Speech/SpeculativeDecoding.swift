import IncantCapture
import Synchronization

/// Decodes an utterance while its trailing silence is still being confirmed, so that the result
/// is ready (or nearly) when the utterance closes.
///
/// An ``Endpointer`` offers an utterance as settled ``EndpointerSettings/speculationDelay``
/// after the last speech frame (its final length, the unheard rest of the post-roll filled with
/// the silence heard so far), but closes it only after ``EndpointerSettings/trailingSilence``.
/// ``LiveUtterances`` reports the settled utterance in between; ``begin(_:_:)`` starts decoding
/// it on the ``DecodingQueue``. When the utterance closes, ``result(for:_:)`` returns that
/// decoding if it was of the same stretch of audio (same start and length: no speech came
/// after it), and decodes afresh otherwise (speech resumed,
/// or the utterance was cut at its maximum length). Only the latest speculation is kept: one
/// that is replaced or discarded is cancelled through the ``DecodeCancellation`` its work was
/// given, so that a decoding begun at a pause between words stops as soon as a later pause or
/// the close supersedes it, instead of holding the decoding queue until it ends.
///
/// ```swift
/// let speculation = SpeculativeDecoding<SpeechRecognition>()
/// let live = LiveUtterances(source: source) { settled in
///     speculation.begin(settled) { try recognizer.recognizeSynchronously($0, cancellation: $1) }
/// }
/// while let utterance = try await live.next() {
///     let (recognition, _) = try await speculation.result(for: utterance) {
///         try recognizer.recognizeSynchronously($0)
///     }
/// }
/// ```
public final class SpeculativeDecoding<Output: Sendable>: Sendable {
    /// Which utterance a speculation decoded: its first sample and its length.
    private struct Key: Equatable {
        var start: Int
        var count: Int

        init(_ utterance: Utterance) {
            start = utterance.startSample
            count = utterance.samples.count
        }
    }

    /// One decoding begun ahead of the close.
    private struct Speculation {
        var key: Key
        var task: Task<Output, any Error>
        /// Cancelled when the speculation is replaced or discarded: if it is still waiting for
        /// the decoding queue, it does not decode at all; if it is decoding, the decoding stops.
        var abandoned: DecodeCancellation
    }

    private let pending = Mutex<Speculation?>(nil)

    public init() {}

    /// Starts decoding `utterance` with `work` on the decoding queue, in place of any earlier
    /// speculation (whose result is then never used; if it has not started, it never runs, so
    /// a source read faster than real time does not queue one decoding per utterance; if it is
    /// running, its cancellation is cancelled).
    ///
    /// - Parameter work: decodes the samples; it should stop (throwing) soon after the
    ///   ``DecodeCancellation`` it is given is cancelled.
    public func begin(
        _ utterance: Utterance, _ work: @escaping @Sendable ([Int16], DecodeCancellation) throws -> Output
    ) {
        let samples = utterance.samples
        let abandoned = DecodeCancellation()
        let task = Task {
            try await DecodingQueue.run {
                if abandoned.isCancelled { throw CancellationError() }
                return try work(samples, abandoned)
            }
        }
        replace(with: Speculation(key: Key(utterance), task: task, abandoned: abandoned))
    }

    /// Forgets the current speculation (for example when the phrases were reloaded, so that
    /// its result may be out of date).
    public func discard() {
        replace(with: nil)
    }

    private func replace(with speculation: Speculation?) {
        let previous = pending.withLock { pending in
            defer { pending = speculation }
            return pending
        }
        previous?.abandoned.cancel()
    }

    /// The result of `work` over `utterance`: the speculation's, when one decoded exactly these
    /// samples (`speculated` is then true), or a fresh decoding on the decoding queue.
    public func result(
        for utterance: Utterance, _ work: @escaping @Sendable ([Int16]) throws -> Output
    ) async throws -> (output: Output, speculated: Bool) {
        let key = Key(utterance)
        let speculation = pending.withLock { pending in
            defer { pending = nil }
            return pending
        }
        if let speculation {
            if speculation.key == key { return (try await speculation.task.value, true) }
            speculation.abandoned.cancel()
        }
        let samples = utterance.samples
        return (try await DecodingQueue.run { try work(samples) }, false)
    }
}
