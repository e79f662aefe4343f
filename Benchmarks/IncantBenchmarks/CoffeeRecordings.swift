import Foundation
import IncantCapture
import IncantPhrases

/// The real spoken coffee orders of the Picovoice speech-to-intent benchmark, their labels, and
/// their phrase context converted to Incant shortcuts.
struct CoffeeRecordings {
    let paths: BenchmarkPaths

    /// The `context.yaml` phrases as shortcuts (intent `orderDrink` → shortcut `orderDrink`).
    func shortcuts() throws -> [ShortcutDefinition] {
        let yaml = try shortcutsYAML()
        let result = DefinitionLoader.parse(yaml, file: "coffee.yaml")
        if result.hasErrors {
            throw BenchmarkError("coffee context does not convert cleanly: \(result.diagnostics.prefix(3))")
        }
        return result.shortcuts
    }

    /// The `context.yaml` phrases as an Incant definitions file.
    func shortcutsYAML() throws -> String {
        let context = try String(contentsOfFile: paths.coffeeContext, encoding: .utf8)
        return try RhinoContext.convert(yaml: context, source: "context.yaml")
    }

    /// The first `limit` clips (by file name) with their labels.
    func clips(limit: Int?) throws -> [SpeechClip] {
        let labelData = try Data(contentsOf: URL(fileURLWithPath: paths.coffeeLabels))
        let labels = try JSONDecoder().decode([String: Label].self, from: labelData)
        var names = try FileManager.default.contentsOfDirectory(atPath: paths.coffeeClips)
            .filter { $0.hasSuffix(".wav") }.sorted()
        if let limit { names = Array(names.prefix(limit)) }
        return try names.map { name in
            guard let label = labels[name] else { throw BenchmarkError("no label for \(name)") }
            let samples = try WAVFile.readSamples(path: paths.coffeeClips + "/" + name)
            return SpeechClip(
                name: name, samples: samples,
                expected: Expectation(shortcutID: label.intent, parameters: label.slots ?? [:]))
        }
    }

    /// One entry of `labels.json`.
    struct Label: Decodable {
        var intent: String
        var slots: [String: String]?
    }
}

/// A benchmark setup problem (missing data, a tool that fails).
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
