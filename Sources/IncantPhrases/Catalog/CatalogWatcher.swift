import Foundation

/// Notices when shortcut definitions or the user's phrases change on disk, so a long-running
/// listener can reload them: it compares the names, sizes and modification times of the
/// definition files and phrase files with those seen last time.
public struct CatalogWatcher: Sendable {
    public let definitionsPath: String
    public let phrasesDirectory: String
    private var fingerprint: [String: String]

    /// Starts watching; the current state counts as seen.
    public init(definitionsPath: String, phrasesDirectory: String) {
        self.definitionsPath = definitionsPath
        self.phrasesDirectory = phrasesDirectory
        self.fingerprint = [:]
        self.fingerprint = currentFingerprint()
    }

    /// Whether anything changed since the last call (or since watching started).
    public mutating func changed() -> Bool {
        let current = currentFingerprint()
        defer { fingerprint = current }
        return current != fingerprint
    }

    private func currentFingerprint() -> [String: String] {
        var files = (try? DefinitionLoader.definitionFiles(at: definitionsPath)) ?? []
        if let names = try? FileManager.default.contentsOfDirectory(atPath: phrasesDirectory) {
            files += names.filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }.map { phrasesDirectory + "/" + $0 }
        }
        var result: [String: String] = [:]
        for file in files {
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            result[file] = "\(size)@\(modified)"
        }
        return result
    }
}
