import Foundation
import IncantPhrases

/// The near-miss suite over the shipped phrase sets: how often the matcher runs the wrong
/// action, asks or rejects, and runs the right one, next to the matcher without near-miss
/// guards (`MatchOptions(guardsNearMisses: false)`, the behaviour before issue 25) in the same run.
struct NearMissBenchmark {
    let phraseSets: [String]
    /// List the unguarded matcher's wrong actions and Incant's safe misses too.
    let showWrong: Bool

    struct Tally {
        var counts: [NearMissCase.Outcome: Int] = [:]
        var total: Int { counts.values.reduce(0, +) }
        subscript(_ outcome: NearMissCase.Outcome) -> Int { counts[outcome] ?? 0 }
    }

    func run() throws {
        let paths = BenchmarkPaths()
        let nonCommands = try String(contentsOfFile: paths.nonCommands, encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        print("# Near misses: wrong actions from text matching (Incant vs the unguarded matcher)")
        print("")
        print(
            "| phrase set | kind | cases | Incant: right / safe miss / **wrong action** | unguarded: right / safe miss / **wrong action** |"
        )
        print("|---|---|---:|---:|---:|")
        var grandNew = Tally()
        var grandOld = Tally()
        var wrongExamples: [String] = []
        for name in phraseSets {
            let folder = name.contains("/") ? name : paths.root + "/phrases/" + name
            let loaded = DefinitionLoader.check(path: folder)
            guard !loaded.hasErrors else {
                throw BenchmarkError(
                    "\(folder): \(loaded.diagnostics.map { "\($0)" }.joined(separator: "; "))")
            }
            let catalog = PhraseCatalog(shortcuts: loaded.shortcuts)
            var generator = NearMissGenerator(catalog: catalog)
            generator.extraUnrelated = nonCommands
            let cases = generator.cases()
            let guarded = PhraseMatcher(catalog: catalog)
            let unguarded = PhraseMatcher(catalog: catalog, options: MatchOptions(guardsNearMisses: false))
            var byKind: [NearMissCase.Kind: (Tally, Tally)] = [:]
            for near in cases {
                let now = near.judge(guarded.match(near.query), catalog: catalog)
                let before = near.judge(unguarded.match(near.query), catalog: catalog)
                byKind[near.kind, default: (Tally(), Tally())].0.counts[now, default: 0] += 1
                byKind[near.kind, default: (Tally(), Tally())].1.counts[before, default: 0] += 1
                if now == .wrongAction || (showWrong && now == .safeMiss) {
                    wrongExamples.append("Incant, \(now.rawValue): \(name): \(near.query) (\(near.kind.rawValue))")
                }
                if showWrong, before == .wrongAction {
                    wrongExamples.append("unguarded, wrong action: \(name): \(near.query) (\(near.kind.rawValue))")
                }
            }
            var setNew = Tally()
            var setOld = Tally()
            for kind in NearMissCase.Kind.allCases {
                guard let (new, old) = byKind[kind] else { continue }
                print("| \(name) | \(kind.rawValue) | \(new.total) | \(format(new)) | \(format(old)) |")
                for outcome in NearMissCase.Outcome.allCases {
                    setNew.counts[outcome, default: 0] += new[outcome]
                    setOld.counts[outcome, default: 0] += old[outcome]
                }
            }
            print("| \(name) | **all** | \(setNew.total) | \(format(setNew)) | \(format(setOld)) |")
            for outcome in NearMissCase.Outcome.allCases {
                grandNew.counts[outcome, default: 0] += setNew[outcome]
                grandOld.counts[outcome, default: 0] += setOld[outcome]
            }
        }
        print("| **total** | | \(grandNew.total) | \(format(grandNew)) | \(format(grandOld)) |")
        if !wrongExamples.isEmpty {
            print("")
            print("Listed:")
            for example in wrongExamples { print("- \(example)") }
        }
    }

    func format(_ tally: Tally) -> String {
        "\(tally[.right]) / \(tally[.safeMiss]) / **\(tally[.wrongAction])**"
    }
}
