import IncantEvents
import IncantSpeech

extension DecisionAnnouncement {
    /// The decision on one utterance: the speech decision (the recognizer's rejection wins over
    /// the matcher's choice) and what ran.
    public init(turn: ListenerTurn) {
        let reason: String?
        switch turn.understanding.decision {
        case .accepted: reason = nil
        case .ambiguous(let candidates):
            reason = "ambiguous between " + candidates.map(\.shortcutID).joined(separator: ", ")
        case .rejected(let rejection): reason = rejection.description
        }
        self.init(
            input: turn.report.query, intent: turn.understanding.decision.accepted, reason: reason,
            outcome: turn.report.outcome, acousticConfidence: turn.understanding.recognition.confidence)
    }
}
