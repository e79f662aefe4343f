import Foundation
import IncantPhrases
import Testing

/// The shipped example shortcuts (`phrases/demo`), as a user's catalog.
public enum DemoPhrases {
    /// The checkout this test support was built from.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The demo shortcuts, loaded as `incant` loads a phrases folder.
    public static func catalog() throws -> PhraseCatalog {
        PhraseCatalog(
            shortcuts: try DefinitionLoader.load(path: repository.appendingPathComponent("phrases/demo").path))
    }
}

extension PhraseCatalog {
    /// The shortcuts of `yaml`, a definitions file a test writes out, as a catalog; its
    /// diagnostics are recorded as a test issue, named after `file`.
    public static func parsed(_ yaml: String, file: String) -> PhraseCatalog {
        let parsed = DefinitionLoader.parse(yaml, file: file)
        #expect(!parsed.hasErrors, "\(parsed.diagnostics)")
        return PhraseCatalog(shortcuts: parsed.shortcuts)
    }
}
