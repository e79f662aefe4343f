import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Sends one request to a running listener's control socket and returns its reply
/// (`incant trigger`, `mute`, `unmute`, `status`).
public enum ControlClient {
    /// Sends `command` to the listener at `path`.
    ///
    /// - Throws: ``ControlSocketError/noListener(path:)`` when nothing answers there,
    ///   ``ControlSocketError/unsafeDirectory(path:reason:)`` when the socket's folder is not
    ///   this user's, and the other cases for a socket that cannot be used.
    public static func send(_ command: ControlCommand, to path: String, timeout: Duration = .seconds(30))
        throws(ControlSocketError) -> ControlReply
    {
        // A folder someone else made (in /tmp, without a session) could hold anyone's socket.
        var info = stat()
        let directory = (path as NSString).deletingLastPathComponent
        if lstat(directory, &info) == 0 && (info.st_uid != geteuid() || info.st_mode & S_IFMT != S_IFDIR) {
            throw .unsafeDirectory(path: directory, reason: "it is not a folder of yours")
        }
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
