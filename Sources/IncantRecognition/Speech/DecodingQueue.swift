import Dispatch

/// Runs decoding (synchronous CPU work, up to a good fraction of a second per utterance) on a
/// dedicated serial queue instead of Swift's cooperative thread pool, which must not block.
public enum DecodingQueue {
    private static let queue = DispatchQueue(label: "incant.decoding", qos: .userInitiated)

    /// Runs `work` on the decoding queue and returns its result.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
