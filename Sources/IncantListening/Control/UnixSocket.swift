import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The POSIX calls the control socket and its client share.
enum UnixSocket {
    /// The longest path a `sockaddr_un` holds (its terminating zero excluded).
    static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// A new close-on-exec stream socket (a shortcut's handler never inherits it).
    static func make(path: String) throws(ControlSocketError) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .system(path: path, operation: "creating a socket for", code: errno) }
        return descriptor
    }

    /// Calls `body` with the address of `path`.
    static func withAddress<T>(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T
    ) throws(ControlSocketError) -> T {
        let bytes = Array(path.utf8)
        guard bytes.count <= maximumPathLength else { throw .pathTooLong(path: path, limit: maximumPathLength) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Bounds every read and write on `descriptor` by `timeout`.
    static func setTimeout(_ descriptor: Int32, _ timeout: Duration) {
        let seconds = timeout.components.seconds
        let microseconds = timeout.components.attoseconds / 1_000_000_000_000
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int(microseconds))
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    /// Reads one line (without its newline) of at most `limit` bytes; nil on end of file,
    /// timeout or error before a newline.
    static func readLine(_ descriptor: Int32, limit: Int = 65_536) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count < limit {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[0..<count])
            if let newline = data.firstIndex(of: UInt8(ascii: "\n")) { return data[data.startIndex..<newline] }
        }
        return nil
    }

    /// Writes all of `data`; false when the peer is gone or the write timed out.
    static func writeAll(_ descriptor: Int32, _ data: Data) -> Bool {
        var offset = 0
        let bytes = [UInt8](data)
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
