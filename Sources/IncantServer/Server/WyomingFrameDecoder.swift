import NIOCore

/// Cuts a connection's bytes into ``WyomingEvent``s with a ``WyomingFrameParser``; bytes that
/// are no event raise its ``WyomingFrameError``.
struct WyomingFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = WyomingEvent

    let parser: WyomingFrameParser

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let step = try buffer.withUnsafeReadableBytes { bytes in try parser.parse(bytes) }
        switch step {
        case .incomplete:
            return .needMoreData
        case .event(let event, let consumed):
            buffer.moveReaderIndex(forwardBy: consumed)
            context.fireChannelRead(wrapInboundOut(event))
            return .continue
        }
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
        -> DecodingState
    {
        let state = try decode(context: context, buffer: &buffer)
        if state == .needMoreData, buffer.readableBytes > 0 {
            let received = buffer.readableBytes
            buffer.moveReaderIndex(forwardBy: received)
            throw WyomingFrameError.truncated(received: received)
        }
        return state
    }
}
