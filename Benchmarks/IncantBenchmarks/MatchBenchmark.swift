import Foundation
import IncantPhrases

/// Load and match time at 10, 1,000 and 10,000 phrases: the indexed matcher against the naive
/// baseline (aligning the query with every phrase), same catalog, same queries, same run.
struct MatchBenchmark {
    let queryCount: Int

    func run() {
        print("# Matcher: load and match (synthetic home-automation phrases, \(queryCount) queries each)")
        print("")
        print(
            "| phrases | load (parse + compile) | match, indexed: mean / p95 | match, naive: mean / p95"
                + " | naive / indexed | same answers |")
        print("|---:|---:|---:|---:|---:|---:|")
        for phraseCount in [10, 1_000, 10_000] {
            var generator = SyntheticPhrases(seed: 42)
            let (yaml, sentences) = generator.definitions(phraseCount: phraseCount)
            let queries = generator.queries(from: sentences, count: queryCount)

            let loadStart = ContinuousClock.now
            let result = DefinitionLoader.parse(yaml, file: "synthetic.yaml")
            precondition(!result.hasErrors, "\(result.diagnostics.prefix(3))")
            let matcher = PhraseMatcher(catalog: PhraseCatalog(shortcuts: result.shortcuts))
            let load = ContinuousClock.now - loadStart

            // Warm up, then time each query.
            _ = matcher.match(queries[0])
            var indexed: [Double] = []
            var naive: [Double] = []
            var agree = 0
            // The naive baseline is slow at 10,000 phrases: time it on the first `naiveCount` queries.
            let naiveCount = min(queries.count, phraseCount >= 10_000 ? 60 : queries.count)
            for (index, query) in queries.enumerated() {
                let start = ContinuousClock.now
                let fast = matcher.match(query)
                indexed.append(milliseconds(ContinuousClock.now - start))
                guard index < naiveCount else { continue }
                let naiveStart = ContinuousClock.now
                let slow = matcher.matchExhaustively(query)
                naive.append(milliseconds(ContinuousClock.now - naiveStart))
                if fast.decision == slow.decision && fast.accepted?.shortcutID == slow.accepted?.shortcutID
                    && fast.accepted?.parameters == slow.accepted?.parameters
                    && fast.accepted?.confidence == slow.accepted?.confidence
                {
                    agree += 1
                }
            }
            let indexedMean = mean(indexed)
            let naiveMean = mean(naive)
            print(
                "| \(phraseCount) | \(format(milliseconds(load))) ms | \(format(indexedMean)) / \(format(percentile(indexed, 0.95))) ms | \(format(naiveMean)) / \(format(percentile(naive, 0.95))) ms | \(String(format: "%.1f×", naiveMean / max(indexedMean, 1e-9))) | \(agree)/\(naive.count) |"
            )
        }
    }

    func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }

    func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    func format(_ value: Double) -> String {
        value < 10 ? String(format: "%.3f", value) : String(format: "%.0f", value)
    }
}
