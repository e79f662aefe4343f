/// A declared parameter of a shortcut (Apple's "intent parameter").
public struct ParameterDefinition: Sendable, Hashable {
    /// Name used in `{name}` slots, dialogs, JSON and `INCANT_NAME` environment variables.
    public var name: String
    public var type: ParameterType
    /// The words of a boolean parameter (unused for other types).
    public var booleanWords: BooleanVocabulary
    /// Used when a phrase does not fill the parameter.
    public var defaultValue: ParameterValue?
    /// Whether dispatch must ask for the value when neither a phrase nor a default gives one.
    /// Defaults to `true` when there is no default value.
    public var isRequired: Bool
    /// The question asked when the value is missing, e.g. "Which pizza?".
    public var prompt: String?
    public var location: SourceLocation

    public init(
        name: String,
        type: ParameterType,
        defaultValue: ParameterValue? = nil,
        isRequired: Bool? = nil,
        prompt: String? = nil,
        booleanWords: BooleanVocabulary = .standard,
        location: SourceLocation = SourceLocation(file: "<code>")
    ) {
        self.name = name
        self.type = type
        self.booleanWords = booleanWords
        self.defaultValue = defaultValue
        self.isRequired = isRequired ?? (defaultValue == nil)
        self.prompt = prompt
        self.location = location
    }

    /// The question to ask for a missing value.
    public var question: String {
        prompt ?? "What \(name)?"
    }
}
