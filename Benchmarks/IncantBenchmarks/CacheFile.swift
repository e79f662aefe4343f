import Foundation

/// Cache files that several benchmark processes may make at the same time.
enum CacheFile {
    /// Makes `path` unless it exists. `write` makes a file or folder under a name of this call's
    /// own (the name it is given, ending in `suffix`, since tools choose formats by it), which
    /// rename(2) then moves into place at once: no process ever reads a half-made copy, and a
    /// copy another process finished first is replaced (a file) or kept (a folder).
    static func make(_ path: String, suffix: String = "", _ write: (String) throws -> Void) throws {
        guard !FileManager.default.fileExists(atPath: path) else { return }
        let part = path + ".\(UUID().uuidString).part" + suffix
        defer { try? FileManager.default.removeItem(atPath: part) }
        try write(part)
        guard rename(part, path) == 0 || FileManager.default.fileExists(atPath: path) else {
            throw BenchmarkError("could not move \(part) to \(path): \(String(cString: strerror(errno)))")
        }
    }
}
