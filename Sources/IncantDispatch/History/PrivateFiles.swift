import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creating files only their owner can read: directories `0700`, files `0600`.
enum PrivateFiles {
    /// Creates `directory` and any missing parents with mode `0700`; existing directories are
    /// left as they are.
    static func createDirectory(_ directory: String) throws(HistoryStoreError) {
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            path += "/" + component
            var status = stat()
            if stat(path, &status) == 0 {
                guard (status.st_mode & S_IFMT) == S_IFDIR else {
                    throw HistoryStoreError("'\(path)' is not a directory")
                }
                continue
            }
            guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
                throw HistoryStoreError(
                    "cannot create directory '\(path)': \(String(cString: strerror(errno)))")
            }
            _ = chmod(path, 0o700)
        }
    }

    /// Creates `path` if needed and makes it readable and writable by its owner only.
    static func createFile(_ path: String) throws(HistoryStoreError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw HistoryStoreError("cannot open '\(path)' for writing: \(String(cString: strerror(errno)))")
        }
        defer { _ = close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else {
            throw HistoryStoreError(
                "cannot restrict '\(path)' to its owner: \(String(cString: strerror(errno)))")
        }
    }
}

/// The history database could not be opened.
public struct HistoryStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, naming the path.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
