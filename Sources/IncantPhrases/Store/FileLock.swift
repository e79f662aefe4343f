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
    ///
    /// The lock file is never followed through a symbolic link. A reader of a store it cannot
    /// write (a read-only folder or file system) locks the existing file read-only, or reads
    /// without a lock when there is no lock file to open: nobody can be writing through us.
    func withLock<T>(exclusive: Bool, _ body: () throws -> T) throws -> T {
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor < 0, !exclusive, [EACCES, EROFS, EPERM].contains(errno) {
            descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            if descriptor < 0, errno == ENOENT { return try body() }
        }
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
