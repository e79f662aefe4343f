import Foundation
import IncantServer
import Testing

/// The event parser on the bytes the `wyoming` package writes, on cut and malformed input, and
/// on inputs over the limits.
@Suite struct WyomingFrameParserTests {
    let parser = WyomingFrameParser()

    /// An event as `wyoming.event.write_event` writes it: data after the header, payload last.
    @Test func readsAnEventAsThePythonPackageWritesIt() throws {
        let dataText = #"{"rate": 16000, "width": 2, "channels": 1, "timestamp": 0}"#
        let bytes =
            Array(
                #"{"type": "audio-chunk", "version": "1.10.2", "data_length": \#(dataText.utf8.count), "payload_length": 4}"#
                    .utf8)
            + [10] + Array(dataText.utf8) + [1, 0, 255, 255] + Array("{\"type\":\"describe\"}\n".utf8)
        guard case .event(let event, let consumed) = try parser.parse(bytes) else {
            Issue.record("no event")
            return
        }
        #expect(event.type == "audio-chunk")
        #expect(event.data["rate"] == .number(16_000))
        #expect(event.data["timestamp"] == .number(0))
        #expect(event.payload == [1, 0, 255, 255])
        guard case .event(let next, _) = try parser.parse(Array(bytes[consumed...])) else {
            Issue.record("no second event")
            return
        }
        #expect(next == WyomingEvent(type: "describe"))
    }

    @Test func extraDataIsMergedOverTheHeadersData() throws {
        let extra = #"{"text": "second"}"#
        let bytes =
            Array(#"{"type": "x", "data": {"text": "first", "keep": true}, "data_length": \#(extra.utf8.count)}"#.utf8)
            + [10] + Array(extra.utf8)
        guard case .event(let event, _) = try parser.parse(bytes) else {
            Issue.record("no event")
            return
        }
        #expect(event.data == ["text": "second", "keep": true])
    }

    @Test func anEncodedEventReadsBackTheSame() throws {
        let event = WyomingEvent(
            type: "transcript", data: ["text": "turn on the kitchen lights", "n": 3, "nested": ["a": [1, "b"]]],
            payload: Array(repeating: 7, count: 100))
        let bytes = event.encoded()
        #expect(try parser.parse(bytes) == .event(event, consumed: bytes.count))
    }

    @Test func everyCutOfAnEventIsIncomplete() throws {
        let bytes = WyomingEvent(type: "audio-chunk", data: ["rate": 16_000], payload: [1, 2, 3, 4]).encoded()
        for end in 0..<bytes.count {
            #expect(try parser.parse(Array(bytes[..<end])) == .incomplete, "cut at \(end)")
        }
    }

    @Test func oversizedLengthsAreRefusedBeforeTheBytesArrive() {
        let limits = WyomingLimits(headerBytes: 100, dataBytes: 50, payloadBytes: 1_000)
        let parser = WyomingFrameParser(limits: limits)
        #expect(throws: WyomingFrameError.tooLarge(field: "payload_length", length: 1_001, limit: 1_000)) {
            try parser.parse(Array(#"{"type": "audio-chunk", "payload_length": 1001}"#.utf8) + [10])
        }
        #expect(throws: WyomingFrameError.tooLarge(field: "data_length", length: 51, limit: 50)) {
            try parser.parse(Array(#"{"type": "x", "data_length": 51}"#.utf8) + [10])
        }
        #expect(throws: WyomingFrameError.headerTooLong(limit: 100)) {
            try parser.parse(Array(repeating: UInt8(ascii: " "), count: 101))
        }
        // A header of exactly the limit, its newline after it, is read.
        let padded = Array(#"{"type": "x"}"#.utf8) + Array(repeating: UInt8(ascii: " "), count: 87) + [10]
        #expect(throws: Never.self) { try parser.parse(padded) }
    }

    @Test(arguments: [
        (#"not json"#, WyomingFrameError.headerNotJSON),
        (#"[1, 2]"#, .headerNotJSON),
        (#"{"data": {}}"#, .missingType),
        (#"{"type": ""}"#, .missingType),
        (#"{"type": 5}"#, .missingType),
        (#"{"type": "x", "data": [1]}"#, .dataNotObject),
        (#"{"type": "x", "data_length": -1}"#, .badLength(field: "data_length")),
        (#"{"type": "x", "payload_length": 1.5}"#, .badLength(field: "payload_length")),
        (#"{"type": "x", "payload_length": "4"}"#, .badLength(field: "payload_length")),
        (
            #"{"type": "x", "payload_length": 1e300}"#,
            .tooLarge(field: "payload_length", length: Int.max, limit: 4_194_304)
        ),
    ])
    func malformedHeadersAreNamed(header: String, error: WyomingFrameError) {
        #expect(throws: error) { try parser.parse(Array(header.utf8) + [10]) }
    }

    @Test func extraDataThatIsNoObjectIsRefused() {
        #expect(throws: WyomingFrameError.extraDataNotObject) {
            try parser.parse(Array(#"{"type": "x", "data_length": 3}"#.utf8) + [10] + Array("[1]".utf8))
        }
    }
}
