import Foundation
import IncantPhrases

/// Filling the `{param}` placeholders of an `open` target.
enum OpenTarget {
    /// Whether `template` is a URL: it starts with a scheme (`https:`, `file:`, `mailto:`)
    /// written literally, before any placeholder.
    static func isURL(_ template: String) -> Bool {
        guard let colon = template.firstIndex(of: ":") else { return false }
        let scheme = template[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic
        else { return false }
        return scheme.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || scalar == "+" || scalar == "-" || scalar == ".")
        }
    }

    /// The characters left as they are in a URL component (RFC 3986 "unreserved").
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `template` with placeholders filled: percent-encoded for URLs, as they are for paths. A
    /// path starting with `~/` starts at `homeDirectory`, and one starting with `-` gets `./`
    /// in front so the opener cannot take it for an option.
    static func fill(_ template: String, parameters: [String: ParameterValue], homeDirectory: String) -> String {
        if isURL(template) {
            let encoded = parameters.mapValues { value in
                ParameterValue.text(
                    value.description.addingPercentEncoding(withAllowedCharacters: unreserved)
                        ?? value.description)
            }
            return DialogTemplate(template).render(encoded)
        }
        var path = DialogTemplate(template).render(parameters)
        if path == "~" || path.hasPrefix("~/") {
            path = homeDirectory + path.dropFirst()
        } else if path.hasPrefix("-") {
            path = "./" + path
        }
        return path
    }
}
