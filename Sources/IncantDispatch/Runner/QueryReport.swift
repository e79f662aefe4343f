import Foundation
import IncantPhrases

/// What happened to one query: what it matched and, when accepted, how the dispatch went.
///
/// Encodes to the JSON that `incant simulate --json` prints:
/// `{"query", "accepted", "decision", "reason", "shortcut", "parameters", "confidence",
/// "candidates", "confirm": {"code", "parameters", "dialog", …}, "handle": {…}, "code",
/// "dialog", "status"}` — `accepted: false` and `shortcut: null` when nothing matched.
public struct QueryReport: Sendable, Encodable {
    public var query: String
    public var match: MatchResult
    /// `nil` when no shortcut was accepted.
    public var outcome: DispatchOutcome?

    public init(query: String, match: MatchResult, outcome: DispatchOutcome?) {
        self.query = query
        self.match = match
        self.outcome = outcome
    }

    /// Whether a shortcut was accepted (and dispatched).
    public var accepted: Bool { outcome != nil }

    /// The process exit status `incant simulate` uses: 0 when the final code is not a failure
    /// (success, or ready under a dry run), 1 for a failure code, 2 when nothing was accepted.
    public var exitStatus: Int32 {
        guard let outcome else { return 2 }
        return outcome.code.isFailure ? 1 : 0
    }

    /// One line for people: what was heard, what ran, the codes and the dialog.
    public var summary: String {
        guard let outcome else {
            return "\"\(query)\": no shortcut (\(match.reason))"
        }
        var parts = ["\"\(query)\" → \(outcome.shortcut)"]
        if !outcome.parameters.isEmpty {
            parts[0] +=
                " "
                + outcome.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: " ")
        }
        if let confidence = match.accepted?.confidence {
            parts.append(String(format: "confidence %.2f", confidence))
        }
        if let confirm = outcome.confirm, !confirm.isImplicit {
            parts.append("confirm: \(confirm.code)")
        }
        if let handle = outcome.handle { parts.append("handle: \(handle.code)") }
        if outcome.status != .completed { parts.append(outcome.status.rawValue) }
        if let reason = outcome.reason { parts.append("reason: \(reason)") }
        return parts.joined(separator: " · ")
    }

    private enum CodingKeys: String, CodingKey {
        case query, accepted, decision, reason, shortcut, parameters, confidence, candidates,
            confirm, handle, code,
            dialog, status
    }

    private struct Candidate: Encodable {
        var shortcut: String
        var parameters: [String: ParameterValue]
        var confidence: Double
        var phrase: String
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(query, forKey: .query)
        try container.encode(accepted, forKey: .accepted)
        try container.encode("\(match.decision)", forKey: .decision)
        try container.encode(outcome?.reason ?? match.reason, forKey: .reason)
        try container.encode(outcome?.shortcut, forKey: .shortcut)
        try container.encode(outcome?.parameters ?? [:], forKey: .parameters)
        try container.encode(
            match.accepted.map { ($0.confidence * 1000).rounded() / 1000 }
                ?? match.best.map { ($0.confidence * 1000).rounded() / 1000 }, forKey: .confidence)
        try container.encode(
            match.candidates.map {
                Candidate(
                    shortcut: $0.shortcutID, parameters: $0.parameters,
                    confidence: ($0.confidence * 1000).rounded() / 1000,
                    phrase: $0.phrase.template.text)
            }, forKey: .candidates)
        try container.encode(outcome?.confirm, forKey: .confirm)
        try container.encode(outcome?.handle, forKey: .handle)
        try container.encode(outcome?.code, forKey: .code)
        try container.encode(outcome?.dialog, forKey: .dialog)
        try container.encode(outcome?.status, forKey: .status)
    }

    /// The report as one line of JSON (keys sorted).
    public func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }
}
