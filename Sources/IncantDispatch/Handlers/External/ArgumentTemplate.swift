import IncantPhrases

/// Filling `{param}` placeholders inside the arguments of a `run` handler.
enum ArgumentTemplate {
    /// `arguments` with `{name}` in every element after the program replaced by the parameter's
    /// text. Each element stays exactly one argument whatever the text contains (spaces, quotes,
    /// `$(...)`, newlines); nothing is split or interpreted. A declared parameter without a value
    /// becomes empty text; braces that name no declared parameter are left as written. The
    /// program itself (`arguments[0]`) is never filled, so what is said cannot choose what runs.
    static func fill(
        _ arguments: [String],
        parameters: [String: ParameterValue],
        declaredParameters: [String]
    ) -> [String] {
        guard let program = arguments.first else { return [] }
        var values: [String: ParameterValue] = [:]
        for name in declaredParameters { values[name] = .text("") }
        values.merge(parameters) { _, given in given }
        return [program] + arguments.dropFirst().map { DialogTemplate($0).render(values) }
    }
}
