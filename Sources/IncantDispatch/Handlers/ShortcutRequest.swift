import IncantPhrases

/// What a handler receives for one stage: the stage, the shortcut, the resolved parameters and
/// the words that were said.
///
/// External handlers receive it as JSON on stdin,
/// `{"stage": "confirm", "shortcut": "order-pizza", "parameters": {...}, "query": "..."}`,
/// and as `INCANT_*` environment variables.
public struct ShortcutRequest: Sendable, Hashable, Codable {
    /// Which stage is being run.
    public var stage: DispatchStage
    /// The shortcut's identifier.
    public var shortcut: String
    /// Parameter values after defaults were applied and missing values were asked for.
    public var parameters: [String: ParameterValue]
    /// The recognised (or typed) text that selected the shortcut.
    public var query: String

    /// Creates a request.
    public init(
        stage: DispatchStage,
        shortcut: String,
        parameters: [String: ParameterValue],
        query: String
    ) {
        self.stage = stage
        self.shortcut = shortcut
        self.parameters = parameters
        self.query = query
    }
}
