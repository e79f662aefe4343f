import IncantCapture
import Synchronization

/// Decodes an utterance while its trailing silence is still being confirmed, so that the result
/// is ready (or nearly) when the utterance closes.
///
/// An ``Endpointer`` knows an utterance's final samples ``EndpointerSettings/postRoll`` after
/// the last speech frame, but closes it only after ``EndpointerSettings/trailingSilence``.
/// ``LiveUtterances`` reports the settled utterance in between; ``begin(_:_:)`` starts decoding
/// it on the ``DecodingQueue``. When the utterance closes, ``result(for:_:)`` returns that
/// decoding if it was of exactly these samples, and decodes afresh otherwise (speech resumed,
/// or the utterance was cut at its maximum length). Only the latest speculation is kept.
///
/// ```swift
/// let speculation = SpeculativeDecoding<SpeechRecognition>()
/// let live = LiveUtterances(source: source) { settled in
///     speculation.begin(settled) { try recognizer.recognizeSynchronously($0) }
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

    private let pending = Mutex<(key: Key, task: Task<Output, any Error>)?>(nil)

    public init() {}

    /// Starts decoding `utterance` with `work` on the decoding queue, in place of any earlier
    /// speculation (whose result is then never used).
    public func begin(_ utterance: Utterance, _ work: @escaping @Sendable ([Int16]) throws -> Output) {
        let samples = utterance.samples
        let task = Task { try await DecodingQueue.run { try work(samples) } }
        pending.withLock { $0 = (Key(utterance), task) }
    }

    /// Forgets the current speculation (for example when the phrases were reloaded, so that
    /// its result may be out of date).
    public func discard() {
        pending.withLock { $0 = nil }
    }

    /// The result of `work` over `utterance`: the speculation's, when one decoded exactly these
    /// samples (`speculated` is then true), or a fresh decoding on the decoding queue.
    public func result(
        for utterance: Utterance, _ work: @escaping @Sendable ([Int16]) throws -> Output
    ) async throws -> (output: Output, speculated: Bool) {
        let key = Key(utterance)
        let speculation = pending.withLock { pending -> Task<Output, any Error>? in
            defer { pending = nil }
            return pending?.key == key ? pending?.task : nil
        }
        if let speculation {
            return (try await speculation.value, true)
        }
        let samples = utterance.samples
        return (try await DecodingQueue.run { try work(samples) }, false)
    }
}
