import Foundation
import IncantPhrases

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
