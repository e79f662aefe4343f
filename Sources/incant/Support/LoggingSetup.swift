import Foundation
import Logging

/// Sends library logs to standard error (never mixed with `--json` output on standard output),
/// at the level named by `INCANT_LOG_LEVEL` (default `warning`). Plain text, never terminal
/// colours, so that journald (`incant service`) keeps them as they are.
enum LoggingSetup {
    static let once: Void = {
        let level = Settings.paths.logLevel.flatMap(Logger.Level.init(rawValue:)) ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }()
}
