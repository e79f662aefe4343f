import Dispatch

/// Runs decoding (synchronous CPU work, up to a good fraction of a second per utterance) on a
/// dedicated serial queue instead of Swift's cooperative thread pool, which must not block.
public enum DecodingQueue {
    private static let queue = DispatchQueue(label: "incant.decoding", qos: .userInitiated)

    /// Runs `work` on the decoding queue, between two decodings, and waits for it: for changing
    /// decoders that several decodings share (an adaptation applied to the phrase search's and
    /// the phone loop's decoders takes effect for both at once, never between the two searches
    /// of one utterance). Blocks the calling thread, which must not be the decoding queue's.
    public static func between<T>(_ work: () throws -> T) rethrows -> T {
        try queue.sync(execute: work)
    }

    /// Runs `work` on the decoding queue and returns its result.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
