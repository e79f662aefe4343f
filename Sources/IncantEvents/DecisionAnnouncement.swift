import Foundation
import IncantDispatch
import IncantPhrases

/// One decision to announce: what was said or typed, the shortcut it was taken for (or why
/// none), and what the dispatch did.
public struct DecisionAnnouncement: Sendable {
    /// The text the decision was taken on (the transcript of speech, or the query).
    public var input: String
    /// The accepted shortcut and its parameters; nil when nothing was accepted.
    public var intent: MatchCandidate?
    /// Why nothing was accepted (nil when something was).
    public var reason: String?
    /// What the dispatch did; nil when nothing ran (not accepted, or only decided).
    public var outcome: DispatchOutcome?
    /// The recognizer's confidence in `input`, for speech.
    public var acousticConfidence: Double?
    /// Ties the intent and the outcome messages of one decision together (Hermes `sessionId`).
    public var sessionID: String

    public init(
        input: String, intent: MatchCandidate?, reason: String?, outcome: DispatchOutcome?,
        acousticConfidence: Double? = nil, sessionID: String = DecisionAnnouncement.newSessionID()
    ) {
        self.input = input
        self.intent = intent
        self.reason = reason
        self.outcome = outcome
        self.acousticConfidence = acousticConfidence
        self.sessionID = sessionID
    }

    /// The decision of a typed query (or a query received from the bus).
    public init(report: QueryReport, sessionID: String = DecisionAnnouncement.newSessionID()) {
        self.init(
            input: report.query, intent: report.match.accepted,
            reason: report.match.accepted == nil ? report.match.reason : nil, outcome: report.outcome,
            sessionID: sessionID)
    }

    /// A fresh session identifier (a lowercase UUID).
    public static func newSessionID() -> String { UUID().uuidString.lowercased() }
}
