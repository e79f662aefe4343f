#if canImport(Glibc)
    import Glibc
#endif

/// Why the control socket could not be opened or reached. The description is a complete
/// sentence for the user.
public enum ControlSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The socket's folder is not a private folder of this user.
    case unsafeDirectory(path: String, reason: String)
    /// The path does not fit a Unix socket address.
    case pathTooLong(path: String, limit: Int)
    /// Another listener already answers on this socket.
    case inUse(path: String)
    /// No listener answers on this socket.
    case noListener(path: String)
    /// A system call failed.
    case system(path: String, operation: String, code: Int32)
    /// The listener's answer could not be read.
    case badReply(path: String, reason: String)

    public var description: String {
        switch self {
        case .unsafeDirectory(let path, let reason):
            return "cannot use \(path) for the control socket: \(reason)"
        case .pathTooLong(let path, let limit):
            return "the control socket path \(path) is longer than the \(limit) bytes a Unix socket allows; "
                + "set XDG_RUNTIME_DIR to a shorter folder"
        case .inUse(let path):
            return "another incant listener already answers on \(path)"
        case .noListener(let path):
            return "no incant listener is running (nothing answers on \(path)); "
                + "start one with `incant listen` or `incant service install`"
        case .system(let path, let operation, let code):
            return "\(operation) \(path) failed: \(String(cString: strerror(code)))"
        case .badReply(let path, let reason):
            return "the listener on \(path) answered something unreadable: \(reason)"
        }
    }
}
