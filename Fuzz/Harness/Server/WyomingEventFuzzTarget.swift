import IncantServer

/// Fuzz harness for the Wyoming event parser: the bytes are what a client sent on one
/// connection.
///
/// The bytes are read as ``WyomingFrameParser`` reads a connection, event after event, under
/// small limits (so the limits are reached). Each step either needs more bytes, names a
/// ``WyomingFrameError``, or yields an event within the limits that consumed no more than was
/// there; that event, encoded again, reads back the same in exactly its encoded length, and
/// every cut of its encoding is incomplete. Each event is also read as a ``WyomingRequest``, and
/// an audio chunk's payload goes through an ``AudioStreamConverter`` of the format it names,
/// whose output must match the frames it was given.
public enum WyomingEventFuzzTarget {
    /// Limits small enough for inputs of a few KB to reach them.
    public static let limits = WyomingLimits(headerBytes: 512, dataBytes: 1_024, payloadBytes: 2_048)

    /// Runs one input; returns the events read before the input ended or was refused. Traps (a
    /// fuzzer finding) when an invariant does not hold.
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> [WyomingEvent] {
        let parser = WyomingFrameParser(limits: limits)
        var events: [WyomingEvent] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            let step: WyomingFrameParser.Step
            do {
                step = try parser.parse(Array(rest))
            } catch {
                precondition(!"\(error)".isEmpty, "an error without a description")
                return events
            }
            guard case .event(let event, let consumed) = step else { return events }
            precondition(consumed > 0 && consumed <= rest.count, "consumed \(consumed) of \(rest.count) bytes")
            precondition(!event.type.isEmpty, "an event without a type")
            precondition(event.payload.count <= limits.payloadBytes, "payload over the limit")
            check(event, parser: parser)
            events.append(event)
            rest = rest.dropFirst(consumed)
        }
        return events
    }

    /// The round trip, the cuts, the request and the audio conversion of one event.
    static func check(_ event: WyomingEvent, parser: WyomingFrameParser) {
        let encoded = event.encoded()
        // An event read under the limits may not fit them once encoded (the header's data
        // becomes separate data); read it back under the default limits.
        let again = try? WyomingFrameParser().parse(encoded)
        precondition(
            again == .event(event, consumed: encoded.count), "\(event) does not read back: \(String(describing: again))"
        )
        for cut in [0, encoded.count / 2, encoded.count - 1] where cut < encoded.count {
            let step = try? WyomingFrameParser().parse(Array(encoded[..<cut]))
            precondition(
                step == .incomplete, "a cut at \(cut) of \(encoded.count) bytes is \(String(describing: step))")
        }
        guard case .audioChunk(.success(let format)?, let payload) = WyomingRequest(event) else { return }
        var converter = AudioStreamConverter(format: format)
        let frames = payload.count / format.frameBytes
        let output = converter.convert(payload) + converter.finish()
        precondition(converter.inputFrames == frames, "\(converter.inputFrames) frames of \(frames)")
        let expected = Double(frames) * 16_000 / Double(format.rate)
        precondition(
            abs(Double(output.count) - expected) <= 2, "\(output.count) samples for \(frames) frames at \(format)")
    }
}
