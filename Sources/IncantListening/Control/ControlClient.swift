import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Sends one request to a running listener's control socket and returns its reply
/// (`incant trigger`, `mute`, `unmute`, `status`).
public enum ControlClient {
    /// Sends `command` to the listener at `path`.
    ///
    /// - Throws: ``ControlSocketError/noListener(path:)`` when nothing answers there, and the
    ///   other cases for a socket that cannot be used.
    public static func send(_ command: ControlCommand, to path: String, timeout: Duration = .seconds(30))
        throws(ControlSocketError) -> ControlReply
    {
        let descriptor = try UnixSocket.make(path: path)
        defer { close(descriptor) }
        let connected = try UnixSocket.withAddress(path) { connect(descriptor, $0, $1) }
        if connected != 0 {
            let code = errno
            if code == ENOENT || code == ECONNREFUSED || code == ENOTDIR { throw .noListener(path: path) }
            throw .system(path: path, operation: "connecting to", code: code)
        }
        UnixSocket.setTimeout(descriptor, timeout)
        let request: Data
        do {
            request = try JSONEncoder().encode(ControlRequest(command: command)) + Data("\n".utf8)
        } catch {
            throw .badReply(path: path, reason: "cannot encode the request: \(error)")
        }
        guard UnixSocket.writeAll(descriptor, request) else {
            throw .system(path: path, operation: "writing to", code: errno)
        }
        guard let line = UnixSocket.readLine(descriptor) else {
            throw .badReply(path: path, reason: "no answer")
        }
        do {
            return try JSONDecoder().decode(ControlReply.self, from: line)
        } catch {
            throw .badReply(path: path, reason: "\(error)")
        }
    }
}
