/// Turning text (typed, spoken or from `--set name=value`) into a typed parameter value.
extension ParameterDefinition {
    /// Parses `text` as a value of this parameter: enum values by spoken form or value,
    /// integers and numbers as digits or words ("twenty one"), booleans by the parameter's
    /// ``booleanWords`` or as "true"/"false". Throws ``ParameterValueError`` naming the
    /// parameter and the text.
    public func parseValue(_ text: String) throws -> ParameterValue {
        let words = TextNormalizer.words(of: text)
        let joined = words.joined(separator: " ")
        switch type {
        case .enumeration(let values):
            if let match = values.first(where: { TextNormalizer.words(of: $0.spoken).joined(separator: " ") == joined })
                ?? values.first(where: {
                    $0.value == text || TextNormalizer.words(of: $0.value).joined(separator: " ") == joined
                })
            {
                return .text(match.value)
            }
            throw ParameterValueError(
                parameter: name, text: text,
                reason: "expected one of: " + values.map(\.spoken).joined(separator: ", "))
        case .integer(let range):
            return .integer(
                try inRange(SpokenNumber.parseInteger(text), range, text: text, expected: "a whole number"))
        case .number(let range):
            return .number(try inRange(SpokenNumber.parseNumber(text), range, text: text, expected: "a number"))
        case .boolean:
            if let value = booleanWords.value(of: joined) { return .boolean(value) }
            if joined == "true" || joined == "false" { return .boolean(joined == "true") }
            throw ParameterValueError(
                parameter: name, text: text,
                reason: "expected one of: " + booleanWords.allWords.joined(separator: ", "))
        case .text:
            let trimmed = text.trimmingWhitespace()
            guard !trimmed.isEmpty else {
                throw ParameterValueError(parameter: name, text: text, reason: "expected some text")
            }
            return .text(trimmed)
        }
    }

    /// `value` parsed from `text`, when there is one and `range` (if any) holds it.
    private func inRange<Value: Comparable>(
        _ value: Value?, _ range: ClosedRange<Value>?, text: String, expected: String
    ) throws -> Value {
        guard let value else { throw ParameterValueError(parameter: name, text: text, reason: "expected \(expected)") }
        if let range, !range.contains(value) {
            throw ParameterValueError(
                parameter: name, text: text, reason: "expected a number from \(range.lowerBound) to \(range.upperBound)"
            )
        }
        return value
    }
}

/// A value that does not fit its parameter's type.
public struct ParameterValueError: Error, Sendable, Hashable, CustomStringConvertible {
    public var parameter: String
    public var text: String
    public var reason: String

    public var description: String { "invalid value \"\(text)\" for parameter '\(parameter)': \(reason)" }
}

/// The spoken forms of yes and no in an answer to a question ("Shall I?" "Sure."); a boolean
/// slot takes only its parameter's ``BooleanVocabulary``.
public enum BooleanWords {
    public static let trueWords = ["yes", "true", "on", "enable", "enabled", "yeah", "yep", "sure", "okay", "ok"]
    public static let falseWords = ["no", "false", "off", "disable", "disabled", "nope"]

    /// `true`, `false`, or `nil` when the text is neither.
    public static func value(of text: String) -> Bool? {
        let joined = TextNormalizer.words(of: text).joined(separator: " ")
        if trueWords.contains(joined) || joined == "1" { return true }
        if falseWords.contains(joined) || joined == "0" { return false }
        return nil
    }
}
