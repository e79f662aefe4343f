internal import Subprocess

/// Bytes read from a pipe, keeping at most `limit` of them (the first or the last) so that a
/// flooding process cannot exhaust memory; the rest is read and discarded so it cannot block
/// on a full pipe either.
public struct CappedOutput: Sendable, Hashable {
    /// Which bytes to keep once more than `limit` arrive.
    public enum Keep: Sendable, Hashable {
        /// The first bytes (for stdout, where the JSON answer starts).
        case head
        /// The last bytes (for stderr, where the final error message is).
        case tail
    }

    /// The most bytes kept.
    public let limit: Int
    /// Which bytes are kept.
    public let keep: Keep
    /// The kept bytes.
    public private(set) var bytes: [UInt8] = []
    /// How many bytes were written in total, kept or not.
    public private(set) var totalCount = 0

    public init(limit: Int, keep: Keep) {
        self.limit = max(0, limit)
        self.keep = keep
    }

    /// Whether bytes were dropped.
    public var isTruncated: Bool { totalCount > bytes.count }

    /// The kept bytes decoded as UTF-8, invalid sequences replaced.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func append(_ chunk: UnsafeRawBufferPointer) {
        totalCount += chunk.count
        switch keep {
        case .head:
            let room = limit - bytes.count
            if room > 0 { bytes.append(contentsOf: chunk.prefix(room)) }
        case .tail:
            bytes.append(contentsOf: chunk.suffix(limit))
            // Trim in batches so a steady flood costs amortised constant time per byte.
            if bytes.count - limit > limit { bytes.removeFirst(bytes.count - limit) }
        }
    }

    /// Drops what is over the limit after the last append.
    public mutating func finish() {
        if keep == .tail, bytes.count > limit { bytes.removeFirst(bytes.count - limit) }
    }

    /// Reads `sequence` to its end, keeping at most `limit` bytes. A read error ends the
    /// collection with what was read so far.
    static func collect(
        _ sequence: SubprocessOutputSequence,
        limit: Int,
        keeping keep: Keep
    ) async -> CappedOutput {
        var output = CappedOutput(limit: limit, keep: keep)
        do {
            for try await buffer in sequence {
                buffer.withUnsafeBytes { output.append($0) }
            }
        } catch {
            // Keep what arrived; the termination status tells what happened to the process.
        }
        output.finish()
        return output
    }
}
