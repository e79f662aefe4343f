/// A Wyoming peer's address as Wyoming writes it, `tcp://HOST:PORT` (`tcp://[::1]:10700` for
/// an IPv6 address).
public struct WyomingAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `tcp://HOST:PORT`; port 0 (any free port, for a server to bind) only when
    /// `anyPort` allows it.
    ///
    /// - Throws: ``WyomingAddressError`` saying what is wrong with `uri`.
    public init(uri: String, anyPort: Bool = false) throws(WyomingAddressError) {
        guard uri.hasPrefix("tcp://") else { throw WyomingAddressError("only tcp://HOST:PORT is supported") }
        let rest = uri.dropFirst("tcp://".count)
        let hostPart: Substring
        let portPart: Substring
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            hostPart = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            guard after.hasPrefix(":") else { throw WyomingAddressError("no port after the address") }
            portPart = after.dropFirst()
        } else {
            guard let colon = rest.lastIndex(of: ":") else { throw WyomingAddressError("no port (tcp://HOST:PORT)") }
            hostPart = rest[..<colon]
            portPart = rest[rest.index(after: colon)...]
        }
        guard !hostPart.isEmpty else { throw WyomingAddressError("no host") }
        let lowest = anyPort ? 0 : 1
        guard let port = Int(portPart), (lowest...65_535).contains(port) else {
            throw WyomingAddressError("port \"\(portPart)\" is not a number from \(lowest) to 65535")
        }
        host = String(hostPart)
        self.port = port
    }

    /// `tcp://HOST:PORT`.
    public var description: String { host.contains(":") ? "tcp://[\(host)]:\(port)" : "tcp://\(host):\(port)" }
}

/// Why a text is not a `tcp://HOST:PORT` address.
public struct WyomingAddressError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
