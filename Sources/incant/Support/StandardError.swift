import Foundation

/// Writes lines to standard error.
enum StandardError {
    /// Writes `text` and a newline. A standard error that cannot be written (a full disk, a
    /// closed pipe, a file-size limit) loses the message instead of crashing: `FileHandle`'s
    /// non-throwing `write(_:)` traps on a write error.
    static func print(_ text: String) {
        write(text + "\n")
    }

    /// Writes `text` as it is (a prompt), ignoring write errors like ``print(_:)``.
    static func write(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
