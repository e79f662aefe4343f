import Foundation

/// Writes lines to standard error.
enum StandardError {
    static func print(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
