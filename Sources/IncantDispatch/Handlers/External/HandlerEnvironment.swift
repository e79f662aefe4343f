import IncantPhrases

/// The `INCANT_*` environment variables an external handler receives.
enum HandlerEnvironment {
    /// The variable for parameter `name`: `INCANT_` and the name upper-cased, with `-` (and any
    /// other character that is not a letter, digit or `_`) turned into `_`.
    static func variableName(forParameter name: String) -> String {
        let converted = name.uppercased().unicodeScalars.map { scalar -> String in
            let isWordCharacter =
                scalar.isASCII
                && (("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_")
            return isWordCharacter ? String(scalar) : "_"
        }
        return "INCANT_" + converted.joined()
    }

    /// Changes to the inherited environment for `request`: `INCANT_STAGE`, `INCANT_SHORTCUT`,
    /// `INCANT_QUERY`, `INCANT_SITE` (removed when the query came from no site), and
    /// `INCANT_<NAME>` for each declared parameter (removed when the parameter has no value, so
    /// a stale variable from our own environment cannot leak in). The request variables win
    /// over a parameter whose name maps to the same variable.
    static func variables(
        for request: ShortcutRequest,
        declaredParameters: [String]
    ) -> [String: String?] {
        var variables: [String: String?] = [:]
        for name in Set(declaredParameters).union(request.parameters.keys) {
            variables[variableName(forParameter: name)] = .some(
                request.parameters[name]?.description)
        }
        variables["INCANT_STAGE"] = request.stage.rawValue
        variables["INCANT_SHORTCUT"] = request.shortcut
        variables["INCANT_QUERY"] = request.query
        variables["INCANT_SITE"] = .some(request.site)
        return variables
    }
}
