import Dispatch
import IncantSpeech
import Synchronization

/// Recognizers that decode one utterance each at a time, on threads of their own: as many as
/// there are cores, so that streams from many clients share the machine without one
/// utterance's decoding waiting behind another's on one decoder.
///
/// A caller waits (without holding a thread) for a free recognizer; waiters are served in the
/// order they came.
public final class RecognizerPool: Sendable {
    /// The recognizers; `recognizers[i]` decodes only on `queues[i]`.
    public let recognizers: [any SpeechRecognizer]
    private let queues: [DispatchQueue]
    private let state: Mutex<State>

    private struct State {
        var free: [Int]
        var waiting: [CheckedContinuation<Int, Never>] = []
    }

    /// - Parameter recognizers: one or more recognizers of the same phrases, each used by one
    ///   decoding at a time.
    public init(_ recognizers: [any SpeechRecognizer]) {
        precondition(!recognizers.isEmpty, "a recognizer pool needs a recognizer")
        self.recognizers = recognizers
        queues = recognizers.indices.map { DispatchQueue(label: "incant.serve.decoder.\($0)", qos: .userInitiated) }
        state = Mutex(State(free: Array(recognizers.indices)))
    }

    /// How many utterances can be decoded at once.
    public var size: Int { recognizers.count }

    /// Runs `work` with a free recognizer on its thread, waiting for one to be free.
    public func withRecognizer<T: Sendable>(_ work: @escaping @Sendable (any SpeechRecognizer) throws -> T)
        async throws -> T
    {
        let index = await acquire()
        defer { release(index) }
        let recognizer = recognizers[index]
        return try await withCheckedThrowingContinuation { continuation in
            queues[index].async { continuation.resume(with: Result { try work(recognizer) }) }
        }
    }

    /// Starts `work` with a recognizer on its thread if one is free now; nil, without waiting,
    /// when every recognizer is busy or waited for. For work that may be skipped (a decoding
    /// begun before it is needed), so that it never delays work waiting in line.
    public func withFreeRecognizer<T: Sendable>(_ work: @escaping @Sendable (any SpeechRecognizer) throws -> T)
        -> Task<T, any Error>?
    {
        let taken = state.withLock { state -> Int? in state.waiting.isEmpty ? state.free.popLast() : nil }
        guard let index = taken else { return nil }
        let recognizer = recognizers[index]
        let queue = queues[index]
        return Task {
            defer { release(index) }
            return try await withCheckedThrowingContinuation { continuation in
                queue.async { continuation.resume(with: Result { try work(recognizer) }) }
            }
        }
    }

    private func acquire() async -> Int {
        await withCheckedContinuation { continuation in
            let index = state.withLock { state -> Int? in
                if let index = state.free.popLast() { return index }
                state.waiting.append(continuation)
                return nil
            }
            if let index { continuation.resume(returning: index) }
        }
    }

    private func release(_ index: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<Int, Never>? in
            if state.waiting.isEmpty {
                state.free.append(index)
                return nil
            }
            return state.waiting.removeFirst()
        }
        waiter?.resume(returning: index)
    }
}
