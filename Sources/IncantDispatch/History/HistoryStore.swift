import Foundation
internal import GRDB
import Synchronization

/// The dispatch history: an SQLite database recording every dispatch, readable only by its
/// owner, for `incant history` and for suggestions.
///
/// One process writes at a time through a serialized `DatabaseQueue` (the CLI is short-lived
/// and writes one row per dispatch; WAL and a pool would buy nothing here).
public final class HistoryStore: Sendable {
    /// The database file, or `:memory:`.
    public let path: String
    private let database: DatabaseQueue
    private let setAsideFlag = Mutex(false)

    /// Opens (creating if needed) the history at `path`: missing parent directories are created
    /// with mode `0700` and the database file with mode `0600`; the schema is migrated.
    public init(path: String) throws {
        let absolute = ProgramResolver.absolutePath(path)
        let directory = (absolute as NSString).deletingLastPathComponent
        try PrivateFiles.createDirectory(directory)
        try PrivateFiles.createFile(absolute)
        var configuration = Configuration()
        configuration.label = "incant.history"
        configuration.busyMode = .timeout(5)
        self.path = absolute
        self.database = try DatabaseQueue(path: absolute, configuration: configuration)
        try HistoryMigrations.migrator.migrate(database)
    }

    /// Opens a history kept in memory, gone when the store is released (for tests and for
    /// running without a history file).
    public init() throws {
        self.path = ":memory:"
        self.database = try DatabaseQueue()
        try HistoryMigrations.migrator.migrate(database)
    }

    /// Whether a write failed and the dispatcher stopped recording here (see ``setAside()``).
    public var isSetAside: Bool { setAsideFlag.withLock { $0 } }

    /// Stops recording in this store for the rest of the session (a write failed: the file is
    /// corrupt, read-only or its disk is full); true the first time, so the problem is told once.
    @discardableResult
    public func setAside() -> Bool {
        setAsideFlag.withLock { wasSet in
            defer { wasSet = true }
            return !wasSet
        }
    }

    /// How to get a working history back when the file at `path` cannot be used.
    public static func repairAdvice(_ path: String) -> String {
        "to start a new history, move the file aside (mv '\(path)' '\(path).broken'), or check its"
            + " permissions and free space; --no-history runs without one"
    }

    /// Records `entry` and returns it with its id.
    @discardableResult
    public func record(_ entry: HistoryEntry) async throws -> HistoryEntry {
        let row = try HistoryRow(entry)
        let saved = try await database.write { db in
            var inserted = row
            try inserted.insert(db)
            return inserted
        }
        return saved.entry
    }

    /// Records `outcome` and returns the entry written.
    @discardableResult
    public func record(_ outcome: DispatchOutcome) async throws -> HistoryEntry {
        try await record(HistoryEntry(outcome))
    }

    /// The latest `limit` entries, newest first.
    public func recent(limit: Int = 20) async throws -> [HistoryEntry] {
        try await database.read { db in
            try HistoryRow
                .order(Column("date").desc, Column("id").desc)
                .limit(max(0, limit))
                .fetchAll(db)
                .map(\.entry)
        }
    }

    /// How many dispatches are recorded.
    public func count() async throws -> Int {
        try await database.read { db in try HistoryRow.fetchCount(db) }
    }

    /// Dispatch counts per shortcut since `date` (all time when `nil`), most used first, ties
    /// broken by the most recently used.
    public func usage(since date: Date? = nil) async throws -> [ShortcutUsage] {
        try await database.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT shortcut,
                           COUNT(*) AS count,
                           SUM(status = 'completed' AND substr(code, 1, 7) <> 'failure') AS successCount,
                           MAX(date) AS lastUsed
                    FROM dispatch
                    WHERE date >= ?
                    GROUP BY shortcut
                    ORDER BY count DESC, lastUsed DESC, shortcut
                    """,
                arguments: [date ?? Date.distantPast])
            return rows.map { row in
                ShortcutUsage(
                    shortcut: row["shortcut"],
                    count: row["count"],
                    successCount: row["successCount"],
                    lastUsed: row["lastUsed"])
            }
        }
    }

    /// Deletes entries older than `date`, or all entries when `nil`; returns how many.
    @discardableResult
    public func removeEntries(before date: Date? = nil) async throws -> Int {
        try await database.write { db in
            if let date {
                return try HistoryRow.filter(Column("date") < date).deleteAll(db)
            }
            return try HistoryRow.deleteAll(db)
        }
    }
}
