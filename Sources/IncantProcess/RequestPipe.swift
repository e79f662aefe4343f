#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe already holding a handler's whole stdin, with its write end closed; call
/// ``close()`` once the process has been started.
///
/// Writing the request before the process starts means the process reads a complete request
/// followed by end-of-file, and we never write to a pipe whose reader has gone (no `SIGPIPE`,
/// no blocking on a handler that does not read its stdin).
struct RequestPipe {
    /// The read end, to become the process's stdin; close-on-exec so that no other process
    /// started meanwhile inherits it.
    let readEnd: Int32

    /// Creates the pipe and writes `bytes` into it; throws when they do not fit its buffer.
    init(containing bytes: [UInt8]) throws(ProcessLaunchError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw ProcessLaunchError(
                "cannot create a pipe for the handler's stdin (errno \(errno))")
        }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        defer { _ = closeDescriptor(writeEnd) }
        #if os(Linux)
            if bytes.count > 4096 {
                // F_SETPIPE_SZ: grow the buffer so a large request still fits without a reader.
                _ = fcntl(writeEnd, 1031, Int32(clamping: max(bytes.count, 65536)))
            }
        #endif
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(writeEnd, buffer.baseAddress! + written, buffer.count - written)
            }
            if count > 0 {
                written += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                _ = closeDescriptor(readEnd)
                throw ProcessLaunchError(
                    "the request (\(bytes.count) bytes) is too large for the handler's stdin")
            }
        }
        self.readEnd = readEnd
    }

    /// Closes our copy of the read end (the process keeps its own).
    func close() {
        _ = closeDescriptor(readEnd)
    }
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
