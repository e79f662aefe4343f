import Foundation
internal import GRDB
import IncantPhrases

/// A row of the `dispatch` table; parameters are stored as JSON text.
struct HistoryRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "dispatch"
    /// GRDB's own text for dates ("2025-01-01 12:00:00.000", UTC), written without its
    /// `DateFormatter` (see ``UTCTimestamp``); GRDB reads it back as before.
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { UTCTimestamp.sqlite($0) }
    }

    var id: Int64?
    var date: Date
    var query: String
    var shortcut: String
    var parameters: String
    var confirmCode: String?
    var handleCode: String?
    var code: String
    var status: String
    var confirmMs: Int?
    var handleMs: Int?
    var totalMs: Int
    var reason: String?
    var site: String?

    init(_ entry: HistoryEntry) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self.id = entry.id
        self.date = entry.date
        self.query = entry.query
        self.shortcut = entry.shortcut
        self.parameters = String(decoding: try encoder.encode(entry.parameters), as: UTF8.self)
        self.confirmCode = entry.confirmCode?.rawValue
        self.handleCode = entry.handleCode?.rawValue
        self.code = entry.code.rawValue
        self.status = entry.status.rawValue
        self.confirmMs = entry.confirmMilliseconds
        self.handleMs = entry.handleMilliseconds
        self.totalMs = entry.totalMilliseconds
        self.reason = entry.reason
        self.site = entry.site
    }

    /// The public entry; unreadable parameter JSON becomes no parameters, an unknown status
    /// (from a newer version) becomes `completed`.
    var entry: HistoryEntry {
        let decoded = try? JSONDecoder().decode(
            [String: ParameterValue].self, from: Data(parameters.utf8))
        return HistoryEntry(
            id: id,
            date: date,
            query: query,
            shortcut: shortcut,
            parameters: decoded ?? [:],
            confirmCode: confirmCode.map(ResponseCode.init(rawValue:)),
            handleCode: handleCode.map(ResponseCode.init(rawValue:)),
            code: ResponseCode(rawValue: code),
            status: DispatchOutcome.Status(rawValue: status) ?? .completed,
            confirmMilliseconds: confirmMs,
            handleMilliseconds: handleMs,
            totalMilliseconds: totalMs,
            reason: reason,
            site: site
        )
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
