import Foundation
import IncantPhrases

/// `shortcuts check` at 1,000 to 10,000 phrases: the indexed check (one matcher, candidates
/// from its inverted index) against the naive pairwise check (every phrase against a catalog of
/// all the others, one matcher each), same catalog, same run; the naive check only up to
/// `naiveLimit` phrases, since it grows with the square of the catalog.
///
/// Times are the checking thread's CPU time (the check runs on one thread), which the other
/// work on a shared machine does not inflate as it does wall-clock time; wall-clock time is
/// printed beside it.
struct CheckBenchmark {
    var sizes = [1_000, 4_000, 10_000]
    var naiveLimit = 4_000

    func run() {
        print("# shortcuts check: conflicts and near misses (synthetic home-automation phrases)")
        print("")
        print(
            "| phrases | indexed check: CPU (wall) | naive pairwise check: CPU (wall) | naive / indexed (CPU)"
                + " | errors / warnings | same pairs |")
        print("|---:|---:|---:|---:|---:|---:|")
        for phraseCount in sizes {
            var generator = SyntheticPhrases(seed: 42)
            let (yaml, _) = generator.definitions(phraseCount: phraseCount)
            let result = DefinitionLoader.parse(yaml, file: "synthetic.yaml")
            precondition(!result.hasErrors, "\(result.diagnostics.prefix(3))")
            let catalog = PhraseCatalog(shortcuts: result.shortcuts)

            let (indexed, indexedTime, indexedWall) = Self.timed { ConflictChecker.checkAll(catalog) }
            let errors = indexed.filter { $0.severity == .error }.count
            var naiveColumn = "not run"
            var ratio = "–"
            var same = "–"
            if phraseCount <= naiveLimit {
                let (naive, naiveTime, naiveWall) = Self.timed { ConflictChecker.checkAllPairwise(catalog) }
                naiveColumn = String(format: "%.2f s (%.2f s)", naiveTime, naiveWall)
                ratio = String(format: "%.0f×", naiveTime / max(indexedTime, 1e-9))
                same = Self.pairs(indexed) == Self.pairs(naive) ? "yes" : "no"
            }
            print(
                "| \(phraseCount) | \(String(format: "%.2f s (%.2f s)", indexedTime, indexedWall)) | \(naiveColumn) | \(ratio) | \(errors) / \(indexed.count - errors) | \(same) |"
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

    /// What `body` returns, with the CPU time of this thread and the wall-clock time it took.
    static func timed<T>(_ body: () -> T) -> (T, cpu: Double, wall: Double) {
        let cpuStart = threadCPUSeconds()
        let start = ContinuousClock.now
        let value = body()
        let (whole, attoseconds) = (ContinuousClock.now - start).components
        return (value, threadCPUSeconds() - cpuStart, Double(whole) + Double(attoseconds) / 1e18)
    }

    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
