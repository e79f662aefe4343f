import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that readers see either the old or the new content, never a mix: write a
/// temporary file in the same folder, flush it to disk, rename it over the target, then flush
/// the folder. If anything fails the old file is untouched.
public enum AtomicFile {
    /// Replaces (or creates) `path` with `data`, with permissions `mode`.
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o600) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = "\(directory)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure(path, "cannot create a temporary file in \(directory)") }
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            try data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw failure(path, "cannot write")
                    }
                    offset += written
                }
            }
            guard fsync(descriptor) == 0 else { throw failure(path, "cannot flush") }
        }
        guard rename(temporary, path) == 0 else { throw failure(path, "cannot replace") }
        ok = true
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func failure(_ path: String, _ action: String) -> PhraseStoreError {
        .io(path: path, message: "\(action): \(String(cString: strerror(errno)))")
    }
}
