import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A listener's control socket: a Unix stream socket that answers one JSON line
/// (``ControlRequest``) with one JSON line (``ControlReply``) per connection, on a thread of
/// its own.
///
/// The socket's folder is created private (0700) and must belong to this user; the socket is
/// readable and writable by its owner only, and a peer of another user (root excepted) is
/// refused. A socket left behind by a listener that died is replaced; one that still answers
/// is ``ControlSocketError/inUse(path:)``.
public final class ControlSocket: Sendable {
    /// Where the socket is.
    public let path: String
    private let descriptor: Int32
    private let wakeWrite: Int32
    private let closed = Atomic<Bool>(false)

    private init(path: String, descriptor: Int32, wakeWrite: Int32) {
        self.path = path
        self.descriptor = descriptor
        self.wakeWrite = wakeWrite
    }

    /// Opens the socket at `path` and answers each request with `answer` until ``close()``.
    public static func open(at path: String, answer: @escaping @Sendable (ControlCommand) -> ControlReply)
        throws(ControlSocketError) -> ControlSocket
    {
        try prepareDirectory((path as NSString).deletingLastPathComponent)
        try removeStale(path)
        let descriptor = try UnixSocket.make(path: path)
        let bound = try UnixSocket.withAddress(path) { bind(descriptor, $0, $1) }
        guard bound == 0, chmod(path, 0o600) == 0, listen(descriptor, 16) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw .system(path: path, operation: "listening on", code: code)
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            unlink(path)
            throw .system(path: path, operation: "creating a wake-up pipe for", code: code)
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let server = ControlSocket(path: path, descriptor: descriptor, wakeWrite: ends[1])
        let wakeRead = ends[0]
        let thread = Thread {
            serve(descriptor, wakeRead: wakeRead, answer: answer)
            Glibc.close(descriptor)
            Glibc.close(wakeRead)
        }
        thread.name = "incant.control"
        thread.start()
        return server
    }

    /// Stops answering and removes the socket.
    public func close() {
        guard !closed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        unlink(path)
        var byte: UInt8 = 0
        _ = write(wakeWrite, &byte, 1)
        Glibc.close(wakeWrite)
    }

    deinit {
        close()
    }

    /// Accepts connections until a byte arrives on `wakeRead`.
    private static func serve(
        _ descriptor: Int32, wakeRead: Int32, answer: @Sendable (ControlCommand) -> ControlReply
    ) {
        var polled = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            polled[0].revents = 0
            polled[1].revents = 0
            let ready = poll(&polled, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, polled[1].revents == 0 else { return }
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            respond(on: client, answer: answer)
            Glibc.close(client)
        }
    }

    /// Reads one request from `client` and writes the reply.
    private static func respond(on client: Int32, answer: @Sendable (ControlCommand) -> ControlReply) {
        UnixSocket.setTimeout(client, .seconds(5))
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(client, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
            credentials.uid == geteuid() || credentials.uid == 0
        else { return }
        guard let line = UnixSocket.readLine(client) else { return }
        let reply: ControlReply
        if let request = try? JSONDecoder().decode(ControlRequest.self, from: line) {
            reply = answer(request.command)
        } else {
            let commands = ControlCommand.allCases.map(\.rawValue).joined(separator: ", ")
            reply = ControlReply(
                ok: false,
                error: "not a request: \(String(decoding: line.prefix(200), as: UTF8.self)) "
                    + "(expected {\"command\": …} with one of \(commands))")
        }
        guard let data = try? JSONEncoder().encode(reply) else { return }
        _ = UnixSocket.writeAll(client, data + Data("\n".utf8))
    }

    /// Creates `directory` private (0700), or checks that it is a real folder of this user and
    /// makes it private.
    static func prepareDirectory(_ directory: String) throws(ControlSocketError) {
        var info = stat()
        if lstat(directory, &info) != 0 {
            guard errno == ENOENT else {
                throw .system(path: directory, operation: "looking up", code: errno)
            }
            if mkdir(directory, 0o700) != 0 && errno != EEXIST {
                throw .system(path: directory, operation: "creating", code: errno)
            }
            guard lstat(directory, &info) == 0 else {
                throw .system(path: directory, operation: "looking up", code: errno)
            }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .unsafeDirectory(path: directory, reason: "it is not a folder (or is a symbolic link)")
        }
        guard info.st_uid == geteuid() else {
            throw .unsafeDirectory(path: directory, reason: "it belongs to user \(info.st_uid), not to you")
        }
        if info.st_mode & 0o077 != 0 && chmod(directory, 0o700) != 0 {
            throw .system(path: directory, operation: "making private", code: errno)
        }
    }

    /// Removes a socket no listener answers on; throws when one does, or when `path` is not a
    /// socket.
    private static func removeStale(_ path: String) throws(ControlSocketError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw .unsafeDirectory(path: path, reason: "something other than a socket is there")
        }
        let probe = try UnixSocket.make(path: path)
        defer { Glibc.close(probe) }
        if try UnixSocket.withAddress(path, { connect(probe, $0, $1) }) == 0 { throw .inUse(path: path) }
        unlink(path)
    }
}

/// `struct ucred` of `SO_PEERCRED` (Glibc hides it without `_GNU_SOURCE`).
private struct PeerCredentials {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}
