import Foundation

/// The synthetic sentence lists in `Benchmarks/data/`.
enum SentenceLists {
    /// A sentence and the shortcut and parameters it should be understood as.
    struct Labelled: Sendable {
        var text: String
        var expected: Expectation
    }

    /// `home-sentences.tsv`: `shortcut<TAB>name=value;…` (or `-`) `<TAB>sentence`; `#` comments.
    static func labelled(path: String) throws -> [Labelled] {
        try lines(path).map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { throw BenchmarkError("\(path): expected 3 tab-separated fields: \(line)") }
            var parameters: [String: String] = [:]
            if fields[1] != "-" {
                for pair in fields[1].split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                    guard parts.count == 2 else { throw BenchmarkError("\(path): bad parameter '\(pair)'") }
                    parameters[parts[0]] = parts[1]
                }
            }
            return Labelled(text: fields[2], expected: Expectation(shortcutID: fields[0], parameters: parameters))
        }
    }

    /// A plain list, one sentence per line; `#` comments.
    static func plain(path: String) throws -> [String] {
        try lines(path)
    }

    static func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
