import Foundation
import IncantPhrases

/// `shortcuts check` at 1,000 to 10,000 phrases: the indexed check (one matcher, candidates
/// from its inverted index) against the naive pairwise check (every phrase against a catalog of
/// all the others, one matcher each), same catalog, same run; the naive check only up to
/// `naiveLimit` phrases, since it grows with the square of the catalog.
struct CheckBenchmark {
    var sizes = [1_000, 4_000, 10_000]
    var naiveLimit = 1_000

    func run() {
        print("# shortcuts check: conflicts and near misses (synthetic home-automation phrases)")
        print("")
        print("| phrases | indexed check | naive pairwise check | naive / indexed | errors / warnings | same pairs |")
        print("|---:|---:|---:|---:|---:|---:|")
        for phraseCount in sizes {
            var generator = SyntheticPhrases(seed: 42)
            let (yaml, _) = generator.definitions(phraseCount: phraseCount)
            let result = DefinitionLoader.parse(yaml, file: "synthetic.yaml")
            precondition(!result.hasErrors, "\(result.diagnostics.prefix(3))")
            let catalog = PhraseCatalog(shortcuts: result.shortcuts)

            let start = ContinuousClock.now
            let indexed = ConflictChecker.checkAll(catalog)
            let indexedTime = seconds(ContinuousClock.now - start)
            let errors = indexed.filter { $0.severity == .error }.count
            var naiveColumn = "not run"
            var ratio = "–"
            var same = "–"
            if phraseCount <= naiveLimit {
                let naiveStart = ContinuousClock.now
                let naive = ConflictChecker.checkAllPairwise(catalog)
                let naiveTime = seconds(ContinuousClock.now - naiveStart)
                naiveColumn = String(format: "%.2f s", naiveTime)
                ratio = String(format: "%.0f×", naiveTime / max(indexedTime, 1e-9))
                same = Self.pairs(indexed) == Self.pairs(naive) ? "yes" : "no"
            }
            print(
                "| \(phraseCount) | \(String(format: "%.2f s", indexedTime)) | \(naiveColumn) | \(ratio) | \(errors) / \(indexed.count - errors) | \(same) |"
            )
        }
    }

    /// The unordered pairs of places each diagnostic names (its own line and the other phrase's).
    static func pairs(_ diagnostics: [Diagnostic]) -> Set<Set<Int>> {
        Set(
            diagnostics.map { diagnostic in
                let other = diagnostic.message.split(separator: "synthetic.yaml:").dropFirst().compactMap {
                    Int($0.prefix { $0.isNumber })
                }
                return Set([diagnostic.location.line ?? 0] + other)
            })
    }

    func seconds(_ duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
