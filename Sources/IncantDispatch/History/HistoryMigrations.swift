internal import GRDB

/// The history database's schema, one migration per version; never edit a shipped migration.
enum HistoryMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: dispatch") { db in
            try db.create(table: "dispatch") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("date", .datetime).notNull().indexed()
                table.column("query", .text).notNull()
                table.column("shortcut", .text).notNull().indexed()
                table.column("parameters", .text).notNull()
                table.column("confirmCode", .text)
                table.column("handleCode", .text)
                table.column("code", .text).notNull()
                table.column("status", .text).notNull()
                table.column("confirmMs", .integer)
                table.column("handleMs", .integer)
                table.column("totalMs", .integer).notNull()
                table.column("reason", .text)
            }
        }
        // Added columns are nullable: rows written before them read as "no site".
        migrator.registerMigration("v2: dispatch site") { db in
            try db.alter(table: "dispatch") { table in
                table.add(column: "site", .text)
            }
        }
        return migrator
    }
}
