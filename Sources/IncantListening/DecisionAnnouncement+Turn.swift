import IncantEvents
import IncantSpeech

extension DecisionAnnouncement {
    /// The decision on one utterance: the speech decision (the recognizer's rejection wins over
    /// the matcher's choice) and what ran.
    ///
    /// An uncertain or unconfirmed decision is announced as what the person's answer settled
    /// on, or as not recognized, with the reason, when the answer settled nothing.
    public init(turn: ListenerTurn) {
        let reason: String?
        var intent = turn.understanding.decision.accepted
        switch turn.understanding.decision {
        case .accepted: reason = nil
        case .ambiguous(let candidates):
            reason = "ambiguous between " + candidates.map(\.shortcutID).joined(separator: ", ")
        case .uncertain(let choice):
            intent = turn.resolution?.candidate
            reason = turn.resolution?.rejection(of: choice)?.description ?? (intent == nil ? choice.description : nil)
        case .unconfirmed:
            intent = turn.resolution?.candidate
            reason = turn.unconfirmedRejection?.description
        case .rejected(let rejection): reason = rejection.description
        }
        self.init(
            input: turn.report.query, intent: intent, reason: reason,
            outcome: turn.report.outcome, acousticConfidence: turn.understanding.recognition.confidence)
    }
}
