import Foundation
import Testing

@testable import IncantDispatch

/// `UTCTimestamp` writes what Foundation's formatters write, without loading ICU.
@Suite("UTC timestamps")
struct UTCTimestampTests {
    /// Moments around the edges: before 1970, second and millisecond boundaries, leap days,
    /// and a spread of ordinary ones (a fixed generator, so a failure can be replayed).
    static var moments: [Date] {
        var dates = [
            -2_208_988_800.0, -1.0, -0.0005, 0, 0.0004, 0.9999, 951_782_400.5, 1_700_000_000.123,
            1_735_689_599.9995, 4_102_444_799.999,
        ]
        .map(Date.init(timeIntervalSince1970:))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Double(state >> 11) / Double(1 << 53) * 6_000_000_000 - 2_000_000_000
            dates.append(Date(timeIntervalSince1970: seconds))
        }
        return dates
    }

    @Test("the ISO 8601 text reads back, with Foundation's parser, to the millisecond")
    func iso8601ReadsBack() throws {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for date in Self.moments {
            let text = UTCTimestamp.iso8601(date)
            let parsed = try style.parse(text)
            #expect(abs(parsed.timeIntervalSince(date)) <= 0.0005 + 1e-6, "\(text) for \(date.timeIntervalSince1970)")
            // Foundation's own text differs by at most the rounding of the last digit.
            let foundation = try style.parse(style.format(date))
            #expect(abs(parsed.timeIntervalSince(foundation)) <= 0.001 + 1e-6, "\(text)")
        }
        #expect(UTCTimestamp.iso8601(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(UTCTimestamp.iso8601(Date(timeIntervalSince1970: 951_782_400.25)) == "2000-02-29T00:00:00.250Z")
    }

    @Test("the SQLite text is the one GRDB's own date formatter writes")
    func sqliteMatchesGRDB() {
        // GRDB's storage formatter (GRDB/Core/Support/Foundation/Date.swift).
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        for date in Self.moments {
            #expect(UTCTimestamp.sqlite(date) == formatter.string(from: date), "\(date.timeIntervalSince1970)")
        }
        #expect(UTCTimestamp.sqlite(Date(timeIntervalSince1970: -1.25)) == "1969-12-31 23:59:58.750")
    }
}
