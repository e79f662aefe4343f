import IncantPhrases

extension ResponseCode {
    /// What is said for a built-in code when neither the handler nor the shortcut gives a
    /// dialog; `nil` for custom codes that do not report a failure.
    public var defaultDialog: String? {
        switch self {
        case .ready: return "Ready."
        case .success: return "Done."
        case .inProgress: return "Working on it."
        case .continueInApp: return "Continuing in the app."
        case .failureRequiringAppLaunch:
            return "Sorry, that didn't work. Please open the app to continue."
        case .failure: return "Sorry, that didn't work."
        case .custom: return isFailure ? "Sorry, that didn't work." : nil
        }
    }
}

extension ShortcutDefinition {
    /// The dialog for `response`: the handler's own dialog if it sent one; else this shortcut's
    /// declared dialog for the code, rendered with `parameters` overlaid by the response's
    /// parameters, when every placeholder has a value (a `{minutes}` the handler did not send
    /// is never spoken as written), an enum value said in its spoken form ("new-york" → "new
    /// york") and a boolean as its word ("on", not "true"); else, when `useDefault` is true, the code's ``ResponseCode/defaultDialog``.
    public func dialog(
        for response: ShortcutResponse,
        parameters: [String: ParameterValue],
        useDefault: Bool = true
    ) -> String? {
        if let dialog = response.dialog {
            return dialog
        }
        if let template = responses[response.code.rawValue]?.dialog {
            let values = parameters.merging(response.parameters) { _, fromResponse in fromResponse }
            if template.placeholders.allSatisfy({ values[$0] != nil }) {
                return template.render(spokenForms(of: values))
            }
        }
        return useDefault ? response.code.defaultDialog : nil
    }

    /// `values` with each enum parameter's value replaced by the spoken form declared for it,
    /// and each boolean by its first declared word ("on" / "off" unless the shortcut declares
    /// its own), never "true" or "false".
    public func spokenForms(of values: [String: ParameterValue]) -> [String: ParameterValue] {
        var spoken = values
        for parameter in parameters {
            switch (parameter.type, values[parameter.name]) {
            case (.enumeration(let choices), .text(let value)?):
                guard let choice = choices.first(where: { $0.value == value }) else { continue }
                spoken[parameter.name] = .text(choice.spoken)
            case (.boolean, .boolean(let value)?):
                let words = value ? parameter.booleanWords.trueWords : parameter.booleanWords.falseWords
                guard let word = words.first else { continue }
                spoken[parameter.name] = .text(word)
            default:
                continue
            }
        }
        return spoken
    }
}
