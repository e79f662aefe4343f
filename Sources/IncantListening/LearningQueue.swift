import Dispatch
import IncantSpeech
import Synchronization

/// Runs a learner on a background queue, one utterance after another, and keeps what it
/// reports until the listener hands it on.
final class LearningQueue: Sendable {
    let learner: (any UtteranceLearner)?
    private let queue = DispatchQueue(label: "incant.learning", qos: .utility)
    private let group = DispatchGroup()
    private let events = Mutex<[ListenerEvent]>([])

    init(learner: (any UtteranceLearner)?) {
        self.learner = learner
    }

    /// Learns from an accepted utterance in the background.
    func learn(from samples: [Int16], transcript: String) {
        guard let learner else { return }
        queue.async(group: group) { [self] in
            let event: ListenerEvent?
            do {
                event = try learner.learn(from: samples, transcript: transcript).map { .adapted(utterances: $0) }
            } catch {
                event = .problem(.adaptationFailed(error))
            }
            if let event { events.withLock { $0.append(event) } }
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
        guard learner != nil else { return }
        await withCheckedContinuation { continuation in
            group.notify(queue: .global()) { continuation.resume() }
        }
    }
}
