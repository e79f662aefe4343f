import IncantPhrases

/// How a listener notices edited shortcuts or phrases and loads them again.
public struct CatalogReload: Sendable {
    /// The definitions file or folder watched.
    public var definitionsPath: String
    /// The phrase store folder watched.
    public var phrasesDirectory: String
    /// Loads the catalog anew; a throw keeps the previous one.
    public var load: @Sendable () throws -> PhraseCatalog

    public init(
        definitionsPath: String, phrasesDirectory: String, load: @escaping @Sendable () throws -> PhraseCatalog
    ) {
        self.definitionsPath = definitionsPath
        self.phrasesDirectory = phrasesDirectory
        self.load = load
    }
}
