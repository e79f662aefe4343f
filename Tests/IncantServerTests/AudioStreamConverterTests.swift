import Foundation
import IncantServer
import Testing

/// Every format `audio-start` may announce comes out as 16 kHz mono 16-bit with the same tone.
@Suite struct AudioStreamConverterTests {
    /// A 440 Hz tone of `seconds` at `rate`, as interleaved frames of `channels`, `width` bytes.
    static func tone(rate: Int, width: Int, channels: Int, seconds: Double) -> [UInt8] {
        var bytes: [UInt8] = []
        for index in 0..<Int(Double(rate) * seconds) {
            let value = sin(2 * Double.pi * 440 * Double(index) / Double(rate)) * 0.5
            for _ in 0..<channels {
                switch width {
                case 1: bytes.append(UInt8(clamping: Int(128 + value * 127)))
                case 2: withUnsafeBytes(of: Int16(value * 32_767).littleEndian) { bytes += $0 }
                case 3:
                    let sample = Int32(value * 8_388_607)
                    withUnsafeBytes(of: sample.littleEndian) { bytes += $0.prefix(3) }
                default: withUnsafeBytes(of: Int32(value * 2_147_483_647).littleEndian) { bytes += $0 }
                }
            }
        }
        return bytes
    }

    /// The frequency with the most energy among 100 Hz steps (a tone's pitch).
    static func peak(_ samples: [Int16]) -> Int {
        let signal = samples.map(Double.init)
        return stride(from: 100, through: 2_000, by: 20).max { a, b in
            power(signal, a) < power(signal, b)
        } ?? 0
    }

    static func power(_ signal: [Double], _ frequency: Int) -> Double {
        var re = 0.0
        var im = 0.0
        for (index, value) in signal.enumerated() {
            let phase = 2 * Double.pi * Double(frequency) * Double(index) / 16_000
            re += value * cos(phase)
            im += value * sin(phase)
        }
        return re * re + im * im
    }

    @Test(arguments: [
        PCMFormat(rate: 16_000, width: 2, channels: 1), PCMFormat(rate: 48_000, width: 2, channels: 2),
        PCMFormat(rate: 8_000, width: 1, channels: 1), PCMFormat(rate: 24_000, width: 3, channels: 1),
        PCMFormat(rate: 44_100, width: 4, channels: 2), PCMFormat(rate: 22_050, width: 2, channels: 1),
    ])
    func convertsToSixteenKilohertzMono(format: PCMFormat) {
        let bytes = Self.tone(rate: format.rate, width: format.width, channels: format.channels, seconds: 0.5)
        var converter = AudioStreamConverter(format: format)
        var output: [Int16] = []
        // Chunks of an odd size, so that frames are split between chunks.
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + 1_001)
            output += converter.convert(Array(bytes[offset..<end]))
            offset = end
        }
        output += converter.finish()
        #expect(abs(output.count - 8_000) <= 2, "\(output.count) samples")
        #expect(Self.peak(output) == 440)
        let middle = output[2_000..<6_000].map { abs(Int($0)) }.max() ?? 0
        #expect((14_000...18_000).contains(middle), "amplitude \(middle)")
    }

    @Test func formatsOutOfRangeAreNamed() {
        #expect(throws: PCMFormatError.outOfRange("width", value: 5, range: PCMFormat.widths)) {
            try PCMFormat(data: ["rate": 16_000, "width": 5, "channels": 1])
        }
        #expect(throws: PCMFormatError.missing("rate")) { try PCMFormat(data: ["width": 2, "channels": 1]) }
        #expect(throws: PCMFormatError.outOfRange("channels", value: "1", range: PCMFormat.channelCounts)) {
            try PCMFormat(data: ["rate": 16_000, "width": 2, "channels": "1"])
        }
    }
}
