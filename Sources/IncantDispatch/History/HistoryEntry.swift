import Foundation
import IncantPhrases

/// One recorded dispatch, as listed by `incant history`.
public struct HistoryEntry: Sendable, Hashable, Codable, Identifiable {
    /// The row id; `nil` until recorded.
    public var id: Int64?
    /// When the dispatch started (stored with millisecond precision).
    public var date: Date
    /// The text that selected the shortcut.
    public var query: String
    /// The shortcut's identifier.
    public var shortcut: String
    /// The parameter values used.
    public var parameters: [String: ParameterValue]
    /// The confirm stage's code, `nil` when it did not run.
    public var confirmCode: ResponseCode?
    /// The handle stage's code, `nil` when it did not run.
    public var handleCode: ResponseCode?
    /// The final code.
    public var code: ResponseCode
    /// How far the dispatch went.
    public var status: DispatchOutcome.Status
    /// How long the confirm stage took, in milliseconds.
    public var confirmMilliseconds: Int?
    /// How long the handle stage took, in milliseconds.
    public var handleMilliseconds: Int?
    /// How long the whole dispatch took, in milliseconds.
    public var totalMilliseconds: Int
    /// Why it failed, when it did.
    public var reason: String?
    /// Where the query came from (a satellite's site, `--site`); `nil` for no site.
    public var site: String?

    /// Creates an entry.
    public init(
        id: Int64? = nil,
        date: Date,
        query: String,
        shortcut: String,
        parameters: [String: ParameterValue],
        confirmCode: ResponseCode?,
        handleCode: ResponseCode?,
        code: ResponseCode,
        status: DispatchOutcome.Status,
        confirmMilliseconds: Int?,
        handleMilliseconds: Int?,
        totalMilliseconds: Int,
        reason: String?,
        site: String? = nil
    ) {
        self.site = site
        self.id = id
        self.date = date
        self.query = query
        self.shortcut = shortcut
        self.parameters = parameters
        self.confirmCode = confirmCode
        self.handleCode = handleCode
        self.code = code
        self.status = status
        self.confirmMilliseconds = confirmMilliseconds
        self.handleMilliseconds = handleMilliseconds
        self.totalMilliseconds = totalMilliseconds
        self.reason = reason
    }

    /// The entry recording `outcome`.
    public init(_ outcome: DispatchOutcome) {
        self.init(
            date: outcome.startedAt,
            query: outcome.query,
            shortcut: outcome.shortcut,
            parameters: outcome.parameters,
            confirmCode: outcome.confirm?.code,
            handleCode: outcome.handle?.code,
            code: outcome.code,
            status: outcome.status,
            confirmMilliseconds: outcome.confirm?.duration.roundedMilliseconds,
            handleMilliseconds: outcome.handle?.duration.roundedMilliseconds,
            totalMilliseconds: outcome.duration.roundedMilliseconds,
            reason: outcome.reason,
            site: outcome.site
        )
    }
}
