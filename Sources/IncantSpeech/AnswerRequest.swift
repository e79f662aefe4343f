import IncantPhrases

/// What a spoken answer is expected to be.
public enum AnswerRequest: Sendable {
    /// Yes or no (a confirmation).
    case yesNo
    /// One of the values `parameter` of `shortcut` takes.
    case value(ParameterDefinition, shortcut: ShortcutDefinition)
    /// Any words (a free-text parameter).
    case dictation
    /// One of these words (the alternatives of a contested word: "on" or "off"), or "cancel" /
    /// "never mind".
    case choice([String])

    /// The request for a missing value of `parameter`: its values, or dictation for text.
    public static func forValue(of parameter: ParameterDefinition, shortcut: ShortcutDefinition) -> AnswerRequest {
        if case .text = parameter.type { return .dictation }
        return .value(parameter, shortcut: shortcut)
    }
}
