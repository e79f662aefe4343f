import ArgumentParser
import Foundation
import IncantDispatch

/// `incant history`: what ran, newest first.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show recent dispatches: time, query, shortcut, parameters, codes, durations.")

    // Unconditional: `--limit -1` is a value to reject, not a missing one followed by an option.
    @Option(parsing: .unconditional, help: "How many entries (1 or more).") var limit = 20
    @Option(help: "History database (default $XDG_DATA_HOME/incant/history.sqlite).") var database: String?
    @Flag(help: "Print JSON, one object per line.") var json = false
    @Flag(help: "Show how often each shortcut ran instead.") var usage = false

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be 1 or more, not \(limit)") }
    }

    func run() async throws {
        try await withExitStatus {
            let history = try openHistory(path: database)
            if usage {
                for row in try await history.usage() {
                    print(json ? try JSON.line(row) : "\(row.shortcut)\t\(row.count)")
                }
                return
            }
            let formatter = ISO8601DateFormatter()
            for entry in try await history.recent(limit: limit) {
                if json {
                    print(try JSON.line(entry))
                    continue
                }
                let parameters = entry.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                    separator: " ")
                var line = "\(formatter.string(from: entry.date))  "
                if let site = entry.site { line += "[\(site)] " }
                line += "\"\(entry.query)\" → \(entry.shortcut)"
                if !parameters.isEmpty { line += " " + parameters }
                line += "  \(entry.code) (\(entry.totalMilliseconds) ms)"
                if let reason = entry.reason { line += "  \(reason)" }
                print(line)
            }
        }
    }
}
