import Foundation
import IncantRecognition

/// Where the speech benchmark finds the repository, its data and the shared recordings.
///
/// The repository root is found from this source file's location (`#filePath`), falling back
/// to the current directory, so the benchmark runs from any working directory.
struct BenchmarkPaths {
    /// The repository root (the folder holding `Package.swift`).
    let root: String

    init() {
        let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        let manager = FileManager.default
        if manager.fileExists(atPath: fromSource + "/Package.swift") {
            root = fromSource
        } else {
            root = manager.currentDirectoryPath
        }
    }

    /// The shared speech data (`../shared/speech` next to the repository).
    var sharedSpeech: String { (root as NSString).deletingLastPathComponent + "/shared/speech" }
    var coffeeClips: String { sharedSpeech + "/coffee/clean" }
    var coffeeLabels: String { sharedSpeech + "/coffee/labels.json" }
    var coffeeContext: String { sharedSpeech + "/coffee/context.yaml" }
    var kitchenNoise: String { sharedSpeech + "/noise-kitchen.wav" }

    var homePhrases: String { root + "/phrases/home" }
    var homeSentences: String { root + "/Benchmarks/data/home-sentences.tsv" }
    var nonCommands: String { root + "/Benchmarks/data/non-commands.txt" }
    /// The project's `models` folder, whose files `incant` loads by default.
    var projectModels: ProjectModels { ProjectModels(directory: root + "/models") }
    /// The project's pronunciation additions, read by `incant` by default.
    var dictionary: String { projectModels.directory + "/" + ProjectModels.dictionaryFileName }

    /// `options` with the project's models, as `incant` loads them (``ProjectModels``): its
    /// pronunciation additions, the transforms for narrow channels, and the common words of the
    /// word loop. A transform given as `narrowBand` or `bandLimited` replaces the project's, `off`
    /// leaves it out; a file given as `commonWords` replaces the project's list.
    func withProjectModels(
        _ options: RecognizerOptions, narrowBand: String? = nil, bandLimited: String? = nil,
        commonWords file: String? = nil
    ) throws -> RecognizerOptions {
        var configured = try projectModels.applied(to: options)
        configured.dictionaryFiles = [dictionary]
        if let narrowBand { configured.narrowBandAdaptation = narrowBand == "off" ? nil : narrowBand }
        if let bandLimited { configured.bandLimitedAdaptation = bandLimited == "off" ? nil : bandLimited }
        if let file { configured.commonWords = try CommonWords.read(path: file) }
        return configured
    }

    /// Where synthesized speech is cached between runs.
    var synthesisCache: String {
        (NSTemporaryDirectory() as NSString).appendingPathComponent("incant-bench-speech")
    }
}
