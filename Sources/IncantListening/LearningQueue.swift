import IncantSpeech
import Synchronization

/// Runs a learner in background tasks, one utterance after another, and keeps what it
/// reports until the listener hands it on.
final class LearningQueue: Sendable {
    let learner: (any UtteranceLearner)?
    /// The task learning from the latest utterance handed over; each waits for the one before.
    private let last = Mutex<Task<Void, Never>?>(nil)
    private let events = Mutex<[ListenerEvent]>([])

    init(learner: (any UtteranceLearner)?) {
        self.learner = learner
    }

    /// Learns from an accepted utterance in the background.
    func learn(from samples: [Int16], transcript: String) {
        guard let learner else { return }
        last.withLock { last in
            last = Task(priority: .utility) { [self, previous = last] in
                await previous?.value
                let event: ListenerEvent?
                do {
                    event = try await learner.learn(from: samples, transcript: transcript).map {
                        .adapted(utterances: $0)
                    }
                } catch {
                    event = .problem(.adaptationFailed(error))
                }
                if let event { events.withLock { $0.append(event) } }
            }
        }
    }

    /// What the learner reported since the last call.
    func takeEvents() -> [ListenerEvent] {
        events.withLock { pending in
            defer { pending = [] }
            return pending
        }
    }

    /// Returns when every utterance handed over has been learned from.
    func drain() async {
        await last.withLock { $0 }?.value
    }
}
