import CPocketSphinx

/// Stops a decoding under way from another thread. The listener decodes an utterance at each
/// pause before it closes; when the speaker went on talking, the next pause (or the close)
/// cancels that decoding, so that the decoding of what they finally said need not wait for it.
///
/// Pass it to ``PocketSphinxDecoder/decode(_:search:cancellation:)`` (or
/// ``GrammarRecognizer/recognizeSynchronously(_:cancellation:)``); ``cancel()`` makes that call
/// throw `CancellationError` within about a quarter of a second of audio's search (a few
/// milliseconds), leaving the decoder ready for the next utterance. Once cancelled, it stays so.
public final class DecodeCancellation: @unchecked Sendable {
    // Read and written only through the C helpers' atomic loads and stores.
    private let flag: UnsafeMutablePointer<Int32>

    public init() {
        flag = .allocate(capacity: 1)
        flag.initialize(to: 0)
    }

    deinit {
        flag.deallocate()
    }

    /// Asks the decoding to stop.
    public func cancel() {
        incant_stop_request(flag)
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        incant_stop_requested(flag) != 0
    }

    /// The flag as the decoder's C code reads it (valid while `self` lives).
    var pointer: UnsafePointer<Int32> { UnsafePointer(flag) }
}
