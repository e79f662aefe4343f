import IncantPhrases
import Testing

@testable import IncantServer

/// The parts of a satellite link that need no satellite: reading its pipeline and audio events,
/// and the waits between tries.
@Suite("Satellite protocol")
struct SatelliteProtocolTests {
    @Test func pipelineStages() {
        let streaming = SatellitePipeline(
            WyomingEvent(type: "run-pipeline", data: ["start_stage": "wake", "end_stage": "tts"]))
        #expect(streaming.streamsBeforeWakeWord)
        #expect(streaming.speaksBack)
        let woken = SatellitePipeline(
            WyomingEvent(type: "run-pipeline", data: ["start_stage": "asr", "end_stage": "handle"]))
        #expect(!woken.streamsBeforeWakeWord)
        #expect(!woken.speaksBack)
        #expect(
            SatellitePipeline(WyomingEvent(type: "run-pipeline"))
                == SatellitePipeline(startStage: "asr", endStage: "tts"))
    }

    @Test func backoffDoublesToItsMaximumAndResets() {
        var backoff = ReconnectionBackoff()
        let waits = (0..<8).map { _ in backoff.next() }
        #expect(waits == [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
        backoff.reset()
        #expect(backoff.next() == .seconds(1))
    }

    @Test func audioIsReadInTheFormatEachChunkNames() {
        var reader = SatelliteLink.AudioReader()
        func chunk(_ samples: [Int16], rate: Int, channels: Int = 1) -> WyomingEvent {
            let bytes = samples.flatMap { [UInt8(UInt16(bitPattern: $0) & 0xFF), UInt8(UInt16(bitPattern: $0) >> 8)] }
            return WyomingEvent(
                type: "audio-chunk",
                data: ["rate": .number(Double(rate)), "width": 2, "channels": .number(Double(channels))],
                payload: bytes)
        }
        // 16 kHz mono passes through.
        #expect(reader.read(chunk([1, 2, 3, 4], rate: 16_000)) == [1, 2, 3, 4])
        // Stereo at 16 kHz: channels averaged.
        #expect(reader.read(chunk([100, 300, -100, -300], rate: 16_000, channels: 2)) == [200, -200])
        // 32 kHz: half as many samples come out (once the resampler has filled).
        var total = 0
        for _ in 0..<10 { total += reader.read(chunk([Int16](repeating: 1000, count: 3200), rate: 32_000)).count }
        total += reader.stop().count - Int(SatelliteLink.silenceAfterStop * 16_000)
        #expect(abs(total - 16_000) <= 64, "\(total)")
        // A chunk in no format, or one out of range, is dropped; `audio-stop` ends with silence.
        #expect(reader.read(WyomingEvent(type: "audio-chunk", payload: [1, 0])).isEmpty)
        #expect(reader.read(chunk([5], rate: 1)).isEmpty)
        #expect(reader.stop() == [Int16](repeating: 0, count: Int(SatelliteLink.silenceAfterStop * 16_000)))
    }

    @Test func theFeedHandsChunksOverInOrderAndEnds() async {
        let feed = SatelliteAudioFeed(capacity: 2)
        let reader = Task.detached { () -> [[Int16]] in
            var chunks: [[Int16]] = []
            while let chunk = feed.take() { chunks.append(chunk) }
            return chunks
        }
        // More than its capacity: pushing waits for the reader instead of growing.
        for value in 1...20 { await feed.push([Int16(value)]) }
        feed.finish()
        #expect(await reader.value == (1...20).map { [Int16($0)] })
        // After the end, pushing returns at once and adds nothing.
        await feed.push([99])
        #expect(feed.take() == nil)
    }
}
