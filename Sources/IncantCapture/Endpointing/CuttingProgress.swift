import Synchronization

/// How far a reader has cut a stream into utterances: the samples given to its detector,
/// where the speech of the utterance in progress began, and whether the stream has ended.
///
/// The reader publishes it after queueing the utterances those samples completed, so a
/// consumer that reads it and then finds no utterance queued knows that none completed
/// before that point.
final class CuttingProgress: Sendable {
    /// One published state.
    struct Snapshot: Sendable {
        /// Samples given to the detector.
        var samples = 0
        /// ``UtteranceDetector/ongoingSpeechStart`` after them.
        var ongoingSpeechStart: Int?
        /// The stream ended (or failed) and every utterance of it was queued.
        var ended = false
        /// Counts publications.
        var version = 0
    }

    private struct State {
        var snapshot = Snapshot()
        var waiters: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var nextWaiterID = 0
    }

    private let state = Mutex(State())

    /// The latest state published.
    var snapshot: Snapshot { state.withLock { $0.snapshot } }

    /// Publishes that `samples` samples were cut, with speech in progress since
    /// `ongoingSpeechStart`, and wakes those waiting for a change.
    func publish(samples: Int, ongoingSpeechStart: Int?) {
        update {
            $0.samples = samples
            $0.ongoingSpeechStart = ongoingSpeechStart
        }
    }

    /// Publishes the end of the stream.
    func end() {
        update {
            $0.ended = true
            $0.ongoingSpeechStart = nil
        }
    }

    /// Returns once a state newer than `version` is published, or the calling task is cancelled.
    func change(after version: Int) async {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    if state.snapshot.version != version || Task.isCancelled { return true }
                    state.waiters.append((id, continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume()
        }
    }

    private func update(_ change: (inout Snapshot) -> Void) {
        let waiting = state.withLock { state in
            change(&state.snapshot)
            state.snapshot.version += 1
            let waiting = state.waiters
            state.waiters.removeAll()
            return waiting
        }
        for waiter in waiting { waiter.continuation.resume() }
    }
}
