import Foundation

/// Resident memory of this process, read from `/proc/self/status` (Linux).
enum ProcessMemory {
    /// The peak resident set size so far (`VmHWM`), in bytes; nil where unavailable.
    static var peakResidentBytes: Int? { field("VmHWM") }

    /// The current resident set size (`VmRSS`), in bytes; nil where unavailable.
    static var residentBytes: Int? { field("VmRSS") }

    /// A `/proc/<process>/status` field given in kB, in bytes (`process` is a pid or `self`).
    static func field(_ name: String, process: String = "self") -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let number = line.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
            return number.map { $0 * 1024 }
        }
        return nil
    }

    /// Bytes as MiB text, e.g. "212 MiB".
    static func describe(_ bytes: Int?) -> String {
        guard let bytes else { return "n/a" }
        return String(format: "%.0f MiB", Double(bytes) / 1_048_576)
    }
}
