import IncantPhrases
import NIOCore
import NIOPosix

/// Opens Wyoming connections to peers (satellites, text-to-speech services): the events they
/// send are read with the server's ``WyomingFrameParser``, within its ``WyomingLimits``.
enum WyomingClient {
    typealias Connection = NIOAsyncChannel<WyomingEvent, ByteBuffer>

    /// Connects to `address`, giving up after `timeout`.
    static func connect(
        to address: WyomingAddress, limits: WyomingLimits = WyomingLimits(), timeout: Duration = .seconds(10)
    ) async throws -> Connection {
        let parser = WyomingFrameParser(limits: limits)
        return try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connectTimeout(.milliseconds(timeout.components.seconds * 1000))
            .connect(host: address.host, port: address.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(WyomingFrameDecoder(parser: parser)))
                    return try Connection(
                        wrappingChannelSynchronously: channel,
                        configuration: .init(backPressureStrategy: .init(lowWatermark: 2, highWatermark: 16)))
                }
            }
    }
}

extension NIOAsyncChannelOutboundWriter<ByteBuffer> {
    /// Sends one event.
    func send(_ event: WyomingEvent) async throws {
        try await write(ByteBuffer(bytes: event.encoded()))
    }
}
