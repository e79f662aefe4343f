import Foundation
import IncantPhrases

/// The result of dispatching a shortcut: each stage's response, the final code and dialog.
///
/// Encoded (e.g. for `incant run --json`) as:
///
/// ```json
/// {
///   "shortcut": "order-pizza", "query": "order three margherita pizzas",
///   "parameters": {"count": 3, "kind": "margherita"},
///   "status": "completed",
///   "confirm": {"code": "ready", "parameters": {}, "dialog": null, "reason": null, "durationMs": 12},
///   "handle": {"code": "success", "parameters": {}, "dialog": "Ordering 3 margherita.", "reason": null, "durationMs": 40},
///   "code": "success", "dialog": "Ordering 3 margherita.", "reason": null,
///   "startedAt": "2025-01-01T12:00:00.000Z", "durationMs": 55, "site": "kitchen"
/// }
/// ```
///
/// `confirm` and `handle` are `null` when the stage did not run, `site` when the query came from
/// no site.
public struct DispatchOutcome: Sendable, Hashable, Encodable {
    /// How far the dispatch went.
    public enum Status: String, Sendable, Hashable, Codable {
        /// The handle stage ran; ``DispatchOutcome/code`` is its answer.
        case completed
        /// A required parameter got no valid value; nothing ran.
        case missingParameter
        /// The confirm stage answered something other than `ready`; handle did not run.
        case stoppedAtConfirm
        /// The person answered no (or nothing) to the confirmation question.
        case notConfirmed
        /// A dry run: stopped after the confirm stage.
        case dryRun
        /// The dispatch was cancelled (in the CLI: by SIGINT or SIGTERM); a running handler's
        /// process group was killed and the stage answered `failure`, reason `interrupted`.
        case interrupted
        /// The shortcut (or the phrase said) is limited to sites the query did not come from;
        /// nothing ran.
        case notAtSite
    }

    /// The shortcut's identifier.
    public var shortcut: String
    /// The text that selected the shortcut.
    public var query: String
    /// The parameter values used: given, defaulted and asked for.
    public var parameters: [String: ParameterValue]
    /// How far the dispatch went.
    public var status: Status
    /// The confirm stage, or `nil` when it did not run.
    public var confirm: StageResult?
    /// The handle stage, or `nil` when it did not run.
    public var handle: StageResult?
    /// The final code: the last stage's, or `failure` when the dispatch stopped before a stage
    /// could answer. Always built-in or declared by the shortcut.
    public var code: ResponseCode
    /// What to say to the person.
    public var dialog: String?
    /// Why it failed, when it did.
    public var reason: String?
    /// When the dispatch started.
    public var startedAt: Date
    /// How long the whole dispatch took, questions included.
    public var duration: Duration
    /// Where the query came from (``DispatchOptions/site``), if anywhere.
    public var site: String?

    /// Creates an outcome.
    public init(
        shortcut: String,
        query: String,
        parameters: [String: ParameterValue],
        status: Status,
        confirm: StageResult?,
        handle: StageResult?,
        code: ResponseCode,
        dialog: String?,
        reason: String?,
        startedAt: Date,
        duration: Duration,
        site: String? = nil
    ) {
        self.site = site
        self.shortcut = shortcut
        self.query = query
        self.parameters = parameters
        self.status = status
        self.confirm = confirm
        self.handle = handle
        self.code = code
        self.dialog = dialog
        self.reason = reason
        self.startedAt = startedAt
        self.duration = duration
    }

    /// Whether the final code is a failure.
    public var isFailure: Bool { code.isFailure }

    /// The undeclared code a handler answered with, if any stage did.
    public var unknownResponseCode: UnknownResponseCodeError? {
        handle?.unknownResponseCode ?? confirm?.unknownResponseCode
    }

    /// The outcome as JSON text, keys sorted.
    public func jsonString(prettyPrinted: Bool = true) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        encoder.outputFormatting.insert(.withoutEscapingSlashes)
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    private enum CodingKeys: String, CodingKey {
        case shortcut, query, parameters, status, confirm, handle, code, dialog, reason, startedAt,
            durationMs, site
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(shortcut, forKey: .shortcut)
        try container.encode(query, forKey: .query)
        try container.encode(parameters, forKey: .parameters)
        try container.encode(status, forKey: .status)
        try container.encode(confirm, forKey: .confirm)
        try container.encode(handle, forKey: .handle)
        try container.encode(code, forKey: .code)
        try container.encode(dialog, forKey: .dialog)
        try container.encode(reason, forKey: .reason)
        try container.encode(UTCTimestamp.iso8601(startedAt), forKey: .startedAt)
        try container.encode(duration.roundedMilliseconds, forKey: .durationMs)
        try container.encode(site, forKey: .site)
    }
}
