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
/// or the utterance was cut at its maximum length). Each utterance keeps only its latest
/// speculation: one replaced by a later pause of the same utterance, or left unclaimed, is
/// cancelled through the ``RecognitionCancellation`` its work was given, so that a decoding begun at
/// a pause between words stops as soon as a later pause or the close supersedes it, instead of
/// holding the decoding queue until it ends.
///
/// Which audio an utterance is decoded from depends only on the audio, never on timing: a
/// reader running ahead of the listener (a file, or a listener busy with a long shortcut) may
/// settle the next utterance before this one is claimed, and that does not cancel this one's
/// speculation (it did once, and the same file was then decided differently from run to run).
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
        var abandoned: RecognitionCancellation
    }

    /// The speculations not yet claimed, at most one per utterance (by first sample).
    private let pending = Mutex<[Speculation]>([])

    public init() {}

    /// Starts decoding `utterance` with `work` on the decoding queue, in place of any earlier
    /// speculation of the same utterance (begun at an earlier pause; its result is then never
    /// used: if it has not started, it never runs, and if it is running, its cancellation is
    /// cancelled). Speculations of other utterances are left alone.
    ///
    /// - Parameter work: decodes the samples; it should stop (throwing) soon after the
    ///   ``RecognitionCancellation`` it is given is cancelled.
    public func begin(
        _ utterance: Utterance, _ work: @escaping @Sendable ([Int16], RecognitionCancellation) throws -> Output
    ) {
        let samples = utterance.samples
        let abandoned = RecognitionCancellation()
        let task = Task {
            try await DecodingQueue.run {
                if abandoned.isCancelled { throw CancellationError() }
                return try work(samples, abandoned)
            }
        }
        let start = utterance.startSample
        cancel(where: { $0 == start }, adding: Speculation(key: Key(utterance), task: task, abandoned: abandoned))
    }

    /// Forgets every speculation (for example when the phrases were reloaded, so that their
    /// results may be out of date).
    public func discard() {
        cancel(where: { _ in true })
    }

    /// Cancels the speculation of `utterance` and of any utterance before it, whose results
    /// will not be claimed: `utterance` was taken another way (an answer to a question,
    /// recognized against the answers' grammar), so its decoding should not hold the decoding
    /// queue. Speculations of later utterances are left alone.
    public func skip(_ utterance: Utterance) {
        let start = utterance.startSample
        cancel(where: { $0 <= start })
    }

    /// Removes the speculations of the utterances whose first sample passes `taken` and cancels
    /// them, and adds `added`, in one step.
    private func cancel(where taken: (Int) -> Bool, adding added: Speculation? = nil) {
        for speculation in takeOut(where: taken, adding: added) { speculation.abandoned.cancel() }
    }

    /// Removes and returns the speculations of the utterances whose first sample passes
    /// `taken`, and adds `added`, in one step.
    private func takeOut(where taken: (Int) -> Bool, adding added: Speculation? = nil) -> [Speculation] {
        pending.withLock { pending in
            let removed = pending.filter { taken($0.key.start) }
            pending.removeAll { taken($0.key.start) }
            if let added { pending.append(added) }
            return removed
        }
    }

    /// The result of `work` over `utterance`: the speculation's, when one decoded exactly these
    /// samples (`speculated` is then true), or a fresh decoding on the decoding queue.
    /// Speculations of utterances that began before this one were never claimed (the listener
    /// skipped them) and are cancelled.
    public func result(
        for utterance: Utterance, _ work: @escaping @Sendable ([Int16]) throws -> Output
    ) async throws -> (output: Output, speculated: Bool) {
        let key = Key(utterance)
        // This utterance's own speculation is used when it decoded these very samples; the
        // others taken out (earlier utterances', or this one's cut at another length) are not.
        let taken = takeOut(where: { $0 <= key.start })
        for speculation in taken where speculation.key != key { speculation.abandoned.cancel() }
        if let mine = taken.first(where: { $0.key == key }) { return (try await mine.task.value, true) }
        let samples = utterance.samples
        return (try await DecodingQueue.run { try work(samples) }, false)
    }
}
