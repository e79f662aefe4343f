/// One phrase that can trigger a shortcut: a template from a definition file, or a phrase the
/// user recorded, possibly with parameter values fixed (as in Siri's voice shortcuts).
public struct PhraseEntry: Sendable, Hashable {
    /// Where the phrase comes from.
    public enum Origin: Sendable, Hashable {
        /// A `phrases:` template in a shortcut definition.
        case definition
        /// A phrase in the user's phrase store, with its identifier.
        case user(id: String)
    }

    public var shortcutID: String
    public var template: PhraseTemplate
    /// Parameter values bound by the phrase itself (`--set kind=margherita`).
    public var fixedParameters: [String: ParameterValue]
    public var origin: Origin

    public init(
        shortcutID: String,
        template: PhraseTemplate,
        fixedParameters: [String: ParameterValue] = [:],
        origin: Origin = .definition
    ) {
        self.shortcutID = shortcutID
        self.template = template
        self.fixedParameters = fixedParameters
        self.origin = origin
    }

    /// Where the phrase is written, for messages.
    public var location: SourceLocation { template.location }

    /// `"order [me] [a] {kind} pizza" (order-pizza, phrases/pizza.yaml:14)`.
    public var label: String {
        var text = "\"\(template.text)\""
        if !fixedParameters.isEmpty {
            let values = fixedParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            text += " [" + values.joined(separator: ", ") + "]"
        }
        return text + " (\(shortcutID), \(location))"
    }
}
