import Foundation

/// The chunks of 16 kHz mono samples that an ``AudioSource`` produces.
///
/// A producer closure runs on its own thread (never on Swift's cooperative pool, since
/// reading a microphone or a pipe blocks), starting when the stream is first iterated.
/// Chunks are handed over through a bounded queue: when the consumer falls behind, the
/// producer waits, so memory stays bounded however long the stream runs. When the
/// consuming task is cancelled, or the stream and its iterators are dropped, the producer
/// is told to stop and the sequence ends.
///
/// The stream is single-pass: iterating it a second time continues where the first left off.
public struct AudioFrameStream: AsyncSequence, Sendable {
    public typealias Element = [Int16]
    public typealias Failure = any Error

    /// Lets a producer hand chunks to the consumer and learn when to stop.
    public struct Sink: Sendable {
        let channel: FrameChannel

        /// Hands over one chunk, waiting while the consumer is behind.
        /// Returns false when the consumer is gone; the producer should then return.
        @discardableResult
        public func send(_ chunk: [Int16]) -> Bool {
            channel.send(chunk)
        }

        /// True when the consumer is gone and the producer should return.
        public var isCancelled: Bool { channel.isCancelled }
    }

    private let lifetime: Lifetime
    /// Applied to every chunk on the consumer's side, first applied first.
    private var frontEnds: [any AudioFrontEnd] = []

    /// Creates a stream whose chunks come from `produce`, run on a dedicated thread.
    ///
    /// - Parameters:
    ///   - threadName: the name of the reading thread, for debuggers.
    ///   - capacity: how many chunks may wait for the consumer before the producer blocks.
    ///   - produce: reads input and sends it to the sink; returning ends the stream,
    ///     throwing ends it with that error.
    public init(
        threadName: String,
        capacity: Int = 64,
        produce: @escaping @Sendable (Sink) throws -> Void
    ) {
        lifetime = Lifetime(
            channel: FrameChannel(capacity: capacity),
            threadName: threadName,
            produce: produce
        )
    }

    /// A stream that ends at once with `error`; used for sources that fail before reading.
    public static func failing(_ error: any Error) -> AudioFrameStream {
        AudioFrameStream(threadName: "incant.failed") { _ in throw error }
    }

    /// This stream with every chunk passed through `frontEnds`, in order; what they hold back
    /// comes as a last chunk when the input ends.
    public func through(_ frontEnds: [any AudioFrontEnd]) -> AudioFrameStream {
        var stream = self
        stream.frontEnds += frontEnds
        return stream
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(lifetime: lifetime, frontEnds: frontEnds)
    }

    /// Iterates the chunks; see ``AudioFrameStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let lifetime: Lifetime
        fileprivate let frontEnds: [any AudioFrontEnd]
        private var flushed = false

        fileprivate init(lifetime: Lifetime, frontEnds: [any AudioFrontEnd]) {
            self.lifetime = lifetime
            self.frontEnds = frontEnds
        }

        public mutating func next() async throws -> [Int16]? {
            lifetime.startIfNeeded()
            if frontEnds.isEmpty { return try await lifetime.channel.next() }
            if flushed { return nil }
            while let chunk = try await lifetime.channel.next() {
                let processed = frontEnds.reduce(chunk) { samples, frontEnd in
                    samples.isEmpty ? samples : frontEnd.process(samples)
                }
                if !processed.isEmpty { return processed }
            }
            flushed = true
            // What each front end held back still passes through the ones after it.
            let tail = frontEnds.reduce([Int16]()) { held, frontEnd in
                (held.isEmpty ? [] : frontEnd.process(held)) + frontEnd.flush()
            }
            return tail.isEmpty ? nil : tail
        }
    }

    /// Owns the producer thread: starts it on first use and cancels it when the last
    /// stream value or iterator referring to it goes away.
    fileprivate final class Lifetime: Sendable {
        let channel: FrameChannel
        let threadName: String
        let produce: @Sendable (Sink) throws -> Void

        init(channel: FrameChannel, threadName: String, produce: @escaping @Sendable (Sink) throws -> Void) {
            self.channel = channel
            self.threadName = threadName
            self.produce = produce
        }

        func startIfNeeded() {
            guard channel.claimStart() else { return }
            let channel = self.channel
            let produce = self.produce
            let thread = Thread {
                do {
                    try produce(Sink(channel: channel))
                    channel.finish()
                } catch {
                    channel.finish(throwing: error)
                }
            }
            thread.name = threadName
            thread.start()
        }

        deinit {
            channel.cancel()
        }
    }
}
