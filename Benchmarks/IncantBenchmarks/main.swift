import Foundation
import IncantPhrases

// incant-bench: speed figures that are never asserted in unit tests.
//
//   swift run -c release incant-bench match [--queries N]
//
// Every figure is printed next to the naive baseline measured in the same run, as a ratio,
// because this machine is shared and absolute times are noisy.

let arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first ?? "match"

switch command {
case "match":
    let queries = value(after: "--queries").flatMap(Int.init) ?? 300
    MatchBenchmark(queryCount: queries).run()
default:
    FileHandle.standardError.write(Data("usage: incant-bench match [--queries N]\n".utf8))
    exit(64)
}

func value(after flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
