import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory `flock(2)` lock on a file, shared between processes.
struct FileLock {
    let path: String

    /// Runs `body` holding the lock (exclusive for writers, shared for readers).
    func withLock<T>(exclusive: Bool, _ body: () throws -> T) throws -> T {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw PhraseStoreError.io(path: path, message: "cannot open lock file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else {
                throw PhraseStoreError.io(path: path, message: "cannot lock: \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
