import NIOCore
import NIOPosix
import Synchronization

/// A Wyoming server on TCP: each connection gets a ``WyomingSession`` of the shared
/// ``WyomingService``.
///
/// A connection's events are answered one after the other; while one is being answered (an
/// utterance waiting for a free recognizer, a shortcut running) no more of its events are read,
/// so a client that sends faster than it is served is slowed down by TCP rather than buffered.
/// Bytes that are no event, or an event over the ``WyomingLimits``, get an `error` event and
/// close that connection only.
public final class WyomingServer: Sendable {
    /// The address bound, with the port the system chose for port 0.
    public let host: String
    public let port: Int

    private typealias Connection = NIOAsyncChannel<WyomingEvent, ByteBuffer>
    private let channel: NIOAsyncChannel<Connection, Never>
    private let service: WyomingService
    private let token: String?
    private let maximumConnections: Int
    private let connections = Atomic<Int>(0)
    private let report: @Sendable (String) -> Void

    /// Binds `host:port` (port 0: any free port).
    ///
    /// - Parameters:
    ///   - token: what each connection must present first in an `auth` event; `nil` for none.
    ///   - maximumConnections: connections served at once; more are answered `busy` and closed.
    ///   - report: told about each connection closed for a malformed event.
    public static func bind(
        host: String, port: Int, service: WyomingService, token: String? = nil, limits: WyomingLimits = WyomingLimits(),
        maximumConnections: Int = 64, report: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> WyomingServer {
        let parser = WyomingFrameParser(limits: limits)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            // A client that stops sending (or sends half an event and stops) still gets the answer.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .bind(host: host, port: port) { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(WyomingFrameDecoder(parser: parser)))
                    // At most a few events wait to be answered; then reading from the socket stops.
                    return try Connection(
                        wrappingChannelSynchronously: child,
                        configuration: .init(backPressureStrategy: .init(lowWatermark: 2, highWatermark: 4)))
                }
            }
        let bound = channel.channel.localAddress
        return WyomingServer(
            host: bound?.ipAddress ?? host, port: bound?.port ?? port, channel: channel, service: service, token: token,
            maximumConnections: maximumConnections, report: report)
    }

    private init(
        host: String, port: Int, channel: NIOAsyncChannel<Connection, Never>, service: WyomingService, token: String?,
        maximumConnections: Int, report: @escaping @Sendable (String) -> Void
    ) {
        self.host = host
        self.port = port
        self.channel = channel
        self.service = service
        self.token = token
        self.maximumConnections = maximumConnections
        self.report = report
    }

    /// Serves until the calling task is cancelled, then closes the listening socket and every
    /// connection (a shortcut running for one is cancelled: its handler's process group is
    /// killed) and returns.
    public func run() async throws {
        try await withThrowingDiscardingTaskGroup { group in
            try await channel.executeThenClose { inbound in
                for try await connection in inbound {
                    group.addTask { await self.serve(connection) }
                }
            }
        }
    }

    private func serve(_ connection: Connection) async {
        let admitted = connections.add(1, ordering: .relaxed).newValue <= maximumConnections
        defer { connections.subtract(1, ordering: .relaxed) }
        let peer = connection.channel.remoteAddress.map { "\($0)" } ?? "a client"
        try? await connection.executeThenClose { inbound, outbound in
            func send(_ event: WyomingEvent) async throws {
                try await outbound.write(ByteBuffer(bytes: event.encoded()))
            }
            guard admitted else {
                try await send(
                    WyomingReplies.error("the server has \(maximumConnections) connections already", code: .busy))
                return
            }
            var session = WyomingSession(service: service, token: token)
            // A decoding begun for a stream this connection will never finish is stopped.
            defer { session.close() }
            do {
                for try await event in inbound {
                    let answer = await session.respond(to: event)
                    for reply in answer.events { try await send(reply) }
                    if answer.closes { return }
                }
            } catch let error as WyomingFrameError {
                report("closed the connection of \(peer): \(error)")
                try? await send(WyomingReplies.error("\(error); closing the connection", code: .malformedEvent))
            }
        }
    }
}
