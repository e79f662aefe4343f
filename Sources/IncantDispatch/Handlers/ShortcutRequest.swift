import IncantPhrases

/// What a handler receives for one stage: the stage, the shortcut, the resolved parameters and
/// the words that were said.
///
/// External handlers receive it as JSON on stdin,
/// `{"stage": "confirm", "shortcut": "order-pizza", "parameters": {...}, "query": "...", "site": "kitchen"}`
/// (`"site"` only when the query came from one), and as `INCANT_*` environment variables.
public struct ShortcutRequest: Sendable, Hashable, Codable {
    /// Which stage is being run.
    public var stage: DispatchStage
    /// The shortcut's identifier.
    public var shortcut: String
    /// Parameter values after defaults were applied and missing values were asked for.
    public var parameters: [String: ParameterValue]
    /// The recognised (or typed) text that selected the shortcut.
    public var query: String
    /// Where the query came from (a satellite's site, `--site`), if anywhere.
    public var site: String?

    /// Creates a request.
    public init(
        stage: DispatchStage,
        shortcut: String,
        parameters: [String: ParameterValue],
        query: String,
        site: String? = nil
    ) {
        self.site = site
        self.stage = stage
        self.shortcut = shortcut
        self.parameters = parameters
        self.query = query
    }
}
