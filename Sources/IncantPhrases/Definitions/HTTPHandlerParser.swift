import Foundation
import Yams

/// Reading an `http:` handler: `url`, `method`, `headers`, `json`, the token's source, and how
/// the answer maps to a response code.
extension DefinitionParser {
    static let httpKeys = [
        "url", "method", "headers", "json", "token_file", "token_env", "token_header", "status", "code_from",
        "dialog_from",
    ]
    /// The codes every shortcut may answer without declaring them (`ResponseCode.builtIns`).
    static let builtInResponseCodes: Set<String> = [
        "ready", "success", "failure", "inProgress", "continueInApp", "failureRequiringAppLaunch",
    ]
    /// Headers Incant sets itself from the request.
    static let managedHeaders: Set<String> = ["host", "content-length", "transfer-encoding", "content-type"]

    mutating func parseHTTP(
        _ node: Node, stage: String, timeout: Duration, definition: ShortcutDefinition
    ) -> HTTPRequestSpec? {
        guard let entries = reader.mapping(node, what: "'http'") else { return nil }
        let errorsBefore = reader.diagnostics.filter { $0.severity == .error }.count
        for entry in entries where entry.key == "token" {
            reader.error(
                entry.keyNode,
                "a token is never written in the definition; put it in a file ('token_file') or an environment variable ('token_env')"
            )
        }
        for entry in entries where entry.key == "timeout" {
            reader.error(entry.keyNode, "put 'timeout' beside 'http' (as for 'run'), not inside it")
        }
        reader.checkKeys(
            entries.filter { $0.key != "token" && $0.key != "timeout" }, allowed: Self.httpKeys, what: "'http'")
        func value(_ key: String) -> Node? { entries.first { $0.key == key }?.value }
        var placeholders: [(String, Node)] = []

        guard let urlNode = value("url") else {
            reader.error(node, "'http' needs a 'url', e.g. url: \"http://localhost:8123/api/services/light/turn_on\"")
            return nil
        }
        guard let url = reader.string(urlNode, what: "'url'") else { return nil }
        if let problem = Self.urlProblem(url) {
            reader.error(urlNode, "'url' \(problem)")
        }
        placeholders += DialogTemplate(url).placeholders.map { ($0, urlNode) }
        var request = HTTPRequestSpec(url: url, timeout: timeout)

        if let jsonNode = value("json") {
            request.json = jsonTemplate(jsonNode, placeholders: &placeholders)
        }
        request.method = request.json == nil ? "GET" : "POST"
        if let methodNode = value("method"), let method = reader.string(methodNode, what: "'method'") {
            if HTTPRequestSpec.methods.contains(method.uppercased()) {
                request.method = method.uppercased()
                if request.json != nil, request.method == "GET" || request.method == "HEAD" {
                    reader.error(methodNode, "a \(request.method) request cannot carry a 'json' body")
                }
            } else {
                reader.error(
                    methodNode,
                    "unknown method '\(method)' (use \(HTTPRequestSpec.methods.joined(separator: ", ")))")
            }
        }

        switch (value("token_file"), value("token_env")) {
        case (let fileNode?, _?):
            reader.error(fileNode, "give 'token_file' or 'token_env', not both")
        case (let fileNode?, nil):
            if let path = reader.string(fileNode, what: "'token_file'") {
                if path.isEmpty || path.contains("{") {
                    reader.error(fileNode, "'token_file' must be a path without placeholders")
                } else {
                    request.token = .file(path: path, baseDirectory: baseDirectory)
                }
            }
        case (nil, let variableNode?):
            if let name = reader.string(variableNode, what: "'token_env'") {
                if Self.isEnvironmentName(name) {
                    request.token = .environment(name: name)
                } else {
                    reader.error(variableNode, "'token_env' must name an environment variable, e.g. HA_TOKEN")
                }
            }
        case (nil, nil):
            break
        }
        if let headerNode = value("token_header"), let name = reader.string(headerNode, what: "'token_header'") {
            if !Self.isHeaderName(name) || Self.managedHeaders.contains(name.lowercased()) {
                reader.error(headerNode, "'token_header' must be a header name such as X-Api-Key")
            } else if request.token == nil {
                reader.error(headerNode, "'token_header' needs 'token_file' or 'token_env'")
            } else {
                request.tokenHeader = name
            }
        }

        if let headersNode = value("headers"), let headers = reader.mapping(headersNode, what: "'headers'") {
            for header in headers {
                guard let text = reader.string(header.value, what: "header '\(header.key)'") else { continue }
                let lowered = header.key.lowercased()
                if !Self.isHeaderName(header.key) {
                    reader.error(header.keyNode, "invalid header name '\(header.key)'")
                } else if Self.managedHeaders.contains(lowered) {
                    reader.error(header.keyNode, "header '\(header.key)' is set by Incant itself")
                } else if lowered == "authorization" || lowered == request.tokenHeader.lowercased() {
                    reader.error(
                        header.keyNode,
                        "header '\(header.key)' carries the token: give 'token_file' or 'token_env' (and 'token_header') instead of writing it here"
                    )
                } else if text.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                    reader.error(header.value, "header '\(header.key)' contains a line break")
                } else {
                    request.headers.append(.init(name: header.key, value: DialogTemplate(text)))
                    placeholders += DialogTemplate(text).placeholders.map { ($0, header.value) }
                }
            }
        }

        if let statusNode = value("status"), let mappings = reader.mapping(statusNode, what: "'status'") {
            for mapping in mappings {
                guard let pattern = HTTPStatusPattern(mapping.key) else {
                    reader.error(mapping.keyNode, "'\(mapping.key)' is not an HTTP status (use e.g. 404 or 5xx)")
                    continue
                }
                guard let code = reader.string(mapping.value, what: "the code for status \(mapping.key)") else {
                    continue
                }
                guard Self.builtInResponseCodes.contains(code) || definition.responses[code] != nil else {
                    reader.error(
                        mapping.value,
                        "status \(mapping.key) maps to '\(code)', which is neither a built-in code nor declared in 'responses'"
                    )
                    continue
                }
                request.statusCodes.append(.init(status: pattern, code: code))
            }
        }
        for key in ["code_from", "dialog_from"] {
            guard let pointerNode = value(key), let text = reader.string(pointerNode, what: "'\(key)'") else {
                continue
            }
            guard let pointer = JSONPointer(text) else {
                reader.error(pointerNode, "'\(key)' must be a JSON pointer such as /speech or a top-level key")
                continue
            }
            if key == "code_from" { request.codeFrom = pointer } else { request.dialogFrom = pointer }
        }

        for (name, placeholderNode) in placeholders where definition.parameter(named: name) == nil {
            reader.error(placeholderNode, "'\(stage)' uses unknown parameter {\(name)}" + known(definition))
        }
        let errorsAfter = reader.diagnostics.filter { $0.severity == .error }.count
        return errorsAfter == errorsBefore ? request : nil
    }

    /// What is wrong with a URL template, or `nil`: it must start with `http://` or `https://`
    /// and a literal host (placeholders only after it), and be a valid URL once filled.
    static func urlProblem(_ template: String) -> String? {
        let lowered = template.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else {
            return "must start with http:// or https://"
        }
        let rest = template.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.isEmpty { return "has no host" }
        if authority.contains("{") || authority.contains("}") {
            return "must name its host literally; placeholders may appear only in the path and query"
        }
        if authority.contains("@") { return "must not hold credentials; use 'token_file' or 'token_env'" }
        let sample = DialogTemplate(template).render(
            Dictionary(DialogTemplate(template).placeholders.map { ($0, .text("x")) }) { first, _ in first })
        guard let url = URL(string: sample), url.host != nil else { return "is not a valid URL" }
        return nil
    }

    /// Whether `name` is an HTTP header name (an RFC 9110 token).
    static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
            }
    }

    /// Whether `name` is a portable environment variable name.
    static func isEnvironmentName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
        }
    }

    /// The JSON template a YAML node spells, noting the node of every placeholder.
    mutating func jsonTemplate(_ node: Node, placeholders: inout [(String, Node)]) -> JSONTemplate? {
        switch node {
        case .scalar(let scalar):
            let text = scalar.string
            if scalar.style == .plain || scalar.style == .any {
                if ["", "~", "null", "Null", "NULL"].contains(text) { return .null }
                if let value = YAMLReader.boolean(scalar) { return .boolean(value) }
                if let value = Int(text) { return .integer(value) }
                if let value = Double(text), value.isFinite,
                    text.first.map({ $0.isNumber || "+-.".contains($0) }) == true
                {
                    return .number(value)
                }
            }
            let template = DialogTemplate(text)
            placeholders += template.placeholders.map { ($0, node) }
            return .string(template)
        case .sequence(let sequence):
            var items: [JSONTemplate] = []
            for item in sequence {
                guard let template = jsonTemplate(item, placeholders: &placeholders) else { return nil }
                items.append(template)
            }
            return .array(items)
        case .mapping:
            guard let entries = reader.mapping(node, what: "a 'json' object") else { return nil }
            var members: [JSONTemplate.Member] = []
            for entry in entries {
                guard let value = jsonTemplate(entry.value, placeholders: &placeholders) else { return nil }
                members.append(.init(key: entry.key, value: value))
            }
            return .object(members)
        case .alias:
            reader.error(node, "'json' cannot use YAML aliases")
            return nil
        }
    }
}
