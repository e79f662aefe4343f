import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A moment written as UTC text, to the millisecond, without Foundation's date formatters.
///
/// `DateFormatter`, `ISO8601DateFormatter` and `Date.ISO8601FormatStyle` load ICU's calendar,
/// time zone and locale data on first use: 5–7 MB of resident memory in a listener that only
/// ever writes UTC timestamps (its history rows and `--json` lines). This writes the same text
/// with `gmtime_r`.
enum UTCTimestamp {
    /// `2025-01-01T12:00:00.000Z`: ISO 8601 with milliseconds, the shape
    /// `Date.ISO8601FormatStyle(includingFractionalSeconds: true)` writes (which truncates to the
    /// millisecond where this rounds).
    static func iso8601(_ date: Date) -> String {
        text(of: date, separator: "T", suffix: "Z")
    }

    /// `2025-01-01 12:00:00.000`: SQLite's date format in UTC, the text GRDB stores a `Date` as
    /// (and reads back).
    static func sqlite(_ date: Date) -> String {
        text(of: date, separator: " ", suffix: "")
    }

    private static func text(of date: Date, separator: String, suffix: String) -> String {
        // Milliseconds since 1970 to the nearest, computed as Foundation's DateFormatter does
        // (and so GRDB's): from the interval since 2001, in the same floating-point steps.
        let milliseconds = Int64(((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5).rounded(.down))
        let (seconds, millisecond) = milliseconds.floorDivided(by: 1000)
        var time = time_t(seconds)
        var fields = tm()
        guard gmtime_r(&time, &fields) != nil else {
            // Beyond what the C library can break down: fall back on the plain count.
            return "\(milliseconds)ms"
        }
        return padded(Int(fields.tm_year) + 1900, 4) + "-" + padded(Int(fields.tm_mon) + 1, 2) + "-"
            + padded(Int(fields.tm_mday), 2) + separator + padded(Int(fields.tm_hour), 2) + ":"
            + padded(Int(fields.tm_min), 2) + ":" + padded(Int(fields.tm_sec), 2) + "."
            + padded(Int(millisecond), 3) + suffix
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension Int64 {
    /// Quotient rounded towards minus infinity, and the non-negative remainder.
    fileprivate func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = ((self % divisor) + divisor) % divisor
        return ((self - remainder) / divisor, remainder)
    }
}
