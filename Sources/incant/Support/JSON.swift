import Foundation

/// JSON output for `--json` flags: sorted keys, one object per line unless pretty.
enum JSON {
    static func line<T: Encodable>(_ value: T, pretty: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Writes `value` as one line on standard output, unbuffered.
    ///
    /// - Throws: ``CommandFailure`` (exit 74) when standard output cannot be written.
    static func write<T: Encodable>(_ value: T) throws {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data((try line(value) + "\n").utf8))
        } catch {
            throw CommandFailure(message: "cannot write to standard output: \(error)", status: ExitStatus.io)
        }
    }

    /// A measurement rounded to three decimals for output.
    static func rounded(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }
}
