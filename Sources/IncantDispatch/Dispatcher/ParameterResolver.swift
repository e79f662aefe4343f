import IncantPhrases
import Logging

/// Step 1 of a dispatch: complete the parameters with defaults and, for required ones still
/// missing, with answers from the person.
struct ParameterResolver: Sendable {
    /// The outcome of resolving.
    enum Resolution: Sendable {
        /// Every required parameter has a value.
        case resolved([String: ParameterValue])
        /// `parameter` got no (valid) value; `reason` says so.
        case missing(parameter: String, reason: String)
    }

    var interaction: any DispatchInteraction
    var maximumAttempts: Int
    var logger: Logger

    /// `given` restricted to declared parameters, plus defaults, plus asked-for values.
    func resolve(_ given: [String: ParameterValue], for shortcut: ShortcutDefinition) async
        -> Resolution
    {
        var values: [String: ParameterValue] = [:]
        for (name, value) in given {
            if shortcut.parameter(named: name) != nil {
                values[name] = value
            } else {
                logger.warning(
                    "ignoring undeclared parameter",
                    metadata: ["shortcut": "\(shortcut.id)", "parameter": "\(name)"])
            }
        }
        for parameter in shortcut.parameters where values[parameter.name] == nil {
            if let value = parameter.defaultValue {
                values[parameter.name] = value
            } else if parameter.isRequired {
                switch await ask(for: parameter, of: shortcut) {
                case .success(let value): values[parameter.name] = value
                case .failure(let missing):
                    return .missing(parameter: parameter.name, reason: missing.reason)
                }
            }
        }
        return .resolved(values)
    }

    private struct Missing: Error {
        var reason: String
    }

    /// Asks until an answer parses, there is no answer, or the attempts are used up.
    private func ask(
        for parameter: ParameterDefinition,
        of shortcut: ShortcutDefinition
    ) async -> Result<ParameterValue, Missing> {
        var lastError: ParameterValueError?
        var noAnswer: String?
        for _ in 0..<max(1, maximumAttempts) {
            guard let answer = await interaction.askValue(for: parameter, shortcut: shortcut) else {
                noAnswer = await interaction.reasonForNoAnswer()
                break
            }
            do {
                return .success(try parameter.parseValue(answer))
            } catch {
                lastError = error as? ParameterValueError
                if let lastError {
                    await interaction.answerRejected(lastError, for: parameter, shortcut: shortcut)
                }
            }
        }
        var reason = "missing required parameter '\(parameter.name)'"
        if let noAnswer {
            reason += " (\(noAnswer))"
        } else if let lastError {
            reason += " (\(lastError))"
        }
        return .failure(Missing(reason: reason))
    }
}
