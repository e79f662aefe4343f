import Foundation
import Yams

/// Reads shortcut definitions from the text of one YAML file, collecting every problem with
/// its line instead of stopping at the first.
struct DefinitionParser {
    static let shortcutKeys = [
        "id", "title", "description", "parameters", "phrases", "confirm", "handle",
        "requires-confirmation", "responses", "sites",
    ]
    /// The keys of a phrase written as a map, `{phrase: "…", sites: [kitchen]}`.
    static let phraseKeys = ["phrase", "sites"]
    static let parameterKeys = ["name", "type", "values", "range", "default", "required", "prompt"]
    static let handlerKeys = ["run", "timeout", "open", "swift", "http"]
    /// Names that would collide with the request's own `INCANT_STAGE`, `INCANT_SHORTCUT`,
    /// `INCANT_QUERY` and `INCANT_SITE` environment variables.
    static let reservedParameterNames: Set<String> = ["stage", "shortcut", "query", "site"]

    var reader: YAMLReader
    /// Folder that relative `run` paths resolve against.
    let baseDirectory: String

    init(file: String, baseDirectory: String) {
        self.reader = YAMLReader(file: file)
        self.baseDirectory = baseDirectory
    }

    mutating func parse(_ text: String) -> [ShortcutDefinition] {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, YAMLReader.resolver)
        } catch let error as YamlError {
            reader.diagnostics.append(Self.diagnostic(for: error, file: reader.file))
            return []
        } catch {
            reader.error(nil, "cannot read YAML: \(error)")
            return []
        }
        guard let root else {
            reader.warning(nil, "file is empty")
            return []
        }
        guard let entries = reader.mapping(root, what: "the file") else { return [] }
        reader.checkKeys(entries, allowed: ["shortcuts"], what: "the file")
        guard let list = entries.first(where: { $0.key == "shortcuts" }) else {
            reader.error(root, "missing 'shortcuts:' list")
            return []
        }
        guard let items = reader.sequence(list.value, what: "'shortcuts'") else { return [] }
        return items.compactMap { parseShortcut($0) }
    }

    static func diagnostic(for error: YamlError, file: String) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var message = "malformed YAML: \(problem)"
            if let context { message += " (\(context.text))" }
            return Diagnostic(.error, SourceLocation(file: file, line: mark.line, column: mark.column), message)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return Diagnostic(
                .error, SourceLocation(file: file, line: context.mark.line, column: context.mark.column),
                "malformed YAML: duplicate keys \(duplicates.joined(separator: ", "))")
        default:
            return Diagnostic(.error, SourceLocation(file: file), "malformed YAML: \(error)")
        }
    }

    mutating func parseShortcut(_ node: Node) -> ShortcutDefinition? {
        guard let entries = reader.mapping(node, what: "a shortcut") else { return nil }
        reader.checkKeys(entries, allowed: Self.shortcutKeys, what: "a shortcut")
        func value(_ key: String) -> Node? { entries.first { $0.key == key }?.value }

        guard let idNode = value("id") else {
            reader.error(node, "shortcut has no 'id'")
            return nil
        }
        guard let id = reader.string(idNode, what: "'id'") else { return nil }
        guard ShortcutDefinition.isValidIdentifier(id) else {
            reader.error(idNode, "invalid shortcut id '\(id)': use letters, digits, '-', '_' and '.'")
            return nil
        }
        let errorsBefore = reader.diagnostics.filter { $0.severity == .error }.count
        var definition = ShortcutDefinition(id: id, title: id, location: reader.location(node))
        if let titleNode = value("title"), let title = reader.string(titleNode, what: "'title'") {
            definition.title = title
        }
        if let descriptionNode = value("description") {
            definition.description = reader.string(descriptionNode, what: "'description'")
        }
        if let parametersNode = value("parameters"), let items = reader.sequence(parametersNode, what: "'parameters'") {
            var names: [String: Node] = [:]
            for item in items {
                guard let parameter = parseParameter(item) else { continue }
                if let first = names[parameter.name] {
                    reader.error(
                        item, "parameter '\(parameter.name)' is declared twice (first at line \(first.mark?.line ?? 0))"
                    )
                    continue
                }
                names[parameter.name] = item
                definition.parameters.append(parameter)
            }
        }
        if let requiresNode = value("requires-confirmation") {
            definition.requiresConfirmation = reader.bool(requiresNode, what: "'requires-confirmation'") ?? false
        }
        if let responsesNode = value("responses") {
            definition.responses = parseResponses(responsesNode, definition: definition)
        }
        if let confirmNode = value("confirm") {
            definition.confirm = parseHandler(confirmNode, stage: "confirm", definition: definition)
        }
        if let handleNode = value("handle") {
            definition.handle = parseHandler(handleNode, stage: "handle", definition: definition)
        }
        if let sitesNode = value("sites") {
            definition.sites = parseSites(sitesNode)
        }
        if let phrasesNode = value("phrases"), let items = reader.sequence(phrasesNode, what: "'phrases'") {
            for item in items {
                guard let (text, textNode, sites) = parsePhraseItem(item, definition: definition) else { continue }
                do {
                    let template = try PhraseTemplate(text, location: reader.location(textNode), sites: sites)
                    for name in template.slotNames where definition.parameter(named: name) == nil {
                        reader.error(item, "phrase \"\(text)\" uses unknown parameter {\(name)}" + known(definition))
                    }
                    definition.phrases.append(template)
                } catch let error as TemplateSyntaxError {
                    reader.error(item, "phrase template: \(error)")
                } catch {
                    reader.error(item, "phrase template: \(error)")
                }
            }
        }
        if definition.phrases.isEmpty && value("phrases") == nil {
            reader.warning(node, "shortcut '\(id)' has no phrases; it can only be triggered by user phrases")
        }
        if definition.handle == nil && definition.responses["success"] == nil {
            reader.warning(node, "shortcut '\(id)' has no 'handle' and no 'success' response")
        }
        let errorsAfter = reader.diagnostics.filter { $0.severity == .error }.count
        return errorsAfter == errorsBefore ? definition : nil
    }

    /// `sites: [kitchen, bedroom]`: a non-empty list of site names.
    mutating func parseSites(_ node: Node) -> SiteRestriction? {
        guard let items = reader.sequence(node, what: "'sites'") else { return nil }
        guard !items.isEmpty else {
            reader.error(node, "'sites' must list at least one site, e.g. sites: [kitchen, bedroom]")
            return nil
        }
        var names: [String] = []
        for item in items {
            guard let name = reader.string(item, what: "a site") else { return nil }
            guard SiteRestriction.isValidName(name) else {
                reader.error(item, SiteRestriction.invalidNameMessage(name))
                return nil
            }
            names.append(name)
        }
        return SiteRestriction(names)
    }

    /// One item of `phrases:`: a template, or `{phrase: template, sites: [...]}`; returns the
    /// text, the node it was written at and the phrase's sites.
    mutating func parsePhraseItem(_ item: Node, definition: ShortcutDefinition) -> (String, Node, SiteRestriction?)? {
        guard case .mapping = item else {
            return reader.string(item, what: "a phrase").map { ($0, item, nil) }
        }
        guard let entries = reader.mapping(item, what: "a phrase") else { return nil }
        reader.checkKeys(entries, allowed: Self.phraseKeys, what: "a phrase")
        guard let textNode = entries.first(where: { $0.key == "phrase" })?.value else {
            reader.error(
                item, "a phrase written as a map needs 'phrase:', e.g. {phrase: \"preheat the oven\", sites: [kitchen]}"
            )
            return nil
        }
        guard let text = reader.string(textNode, what: "'phrase'") else { return nil }
        var sites: SiteRestriction?
        if let sitesNode = entries.first(where: { $0.key == "sites" })?.value {
            guard let parsed = parseSites(sitesNode) else { return nil }
            if let allowed = definition.sites {
                let outside = parsed.sites.filter { !allowed.sites.contains($0) }
                if !outside.isEmpty {
                    reader.error(
                        sitesNode,
                        "phrase \"\(text)\" is for \(outside.joined(separator: ", ")), where shortcut '\(definition.id)' is not available (its sites: \(allowed))"
                    )
                    return nil
                }
            }
            sites = parsed
        }
        return (text, textNode, sites)
    }

    func known(_ definition: ShortcutDefinition) -> String {
        definition.parameters.isEmpty
            ? " (shortcut '\(definition.id)' declares no parameters)"
            : " (declared: \(definition.parameters.map(\.name).joined(separator: ", ")))"
    }

    mutating func parseParameter(_ node: Node) -> ParameterDefinition? {
        guard let entries = reader.mapping(node, what: "a parameter") else { return nil }
        reader.checkKeys(entries, allowed: Self.parameterKeys, what: "a parameter")
        func value(_ key: String) -> Node? { entries.first { $0.key == key }?.value }
        guard let nameNode = value("name"), let name = reader.string(nameNode, what: "parameter 'name'") else {
            if value("name") == nil { reader.error(node, "parameter has no 'name'") }
            return nil
        }
        guard name.first?.isLetter == true,
            name.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" || $0 == "-" })
        else {
            reader.error(nameNode, "invalid parameter name '\(name)': use letters, digits, '_' and '-'")
            return nil
        }
        guard !Self.reservedParameterNames.contains(name.lowercased()) else {
            reader.error(
                nameNode,
                "parameter name '\(name)' is reserved (handlers get INCANT_\(name.uppercased()) for the request itself); choose another"
            )
            return nil
        }
        let typeName = value("type").flatMap { reader.string($0, what: "parameter 'type'") } ?? "text"
        var type: ParameterType
        var booleanWords = BooleanVocabulary.standard
        switch typeName {
        case "enum":
            guard let valuesNode = value("values") else {
                reader.error(node, "enum parameter '\(name)' needs 'values'")
                return nil
            }
            guard let values = parseEnumValues(valuesNode, parameter: name) else { return nil }
            type = .enumeration(values)
        case "integer":
            type = .integer(nil)
        case "number":
            type = .number(nil)
        case "boolean":
            type = .boolean
            if let valuesNode = value("values") {
                guard let words = parseBooleanWords(valuesNode, parameter: name) else { return nil }
                booleanWords = words
            }
        case "text":
            type = .text
        default:
            reader.error(
                value("type"),
                "unknown parameter type '\(typeName)' for '\(name)' (use enum, integer, number, boolean or text)")
            return nil
        }
        if let valuesNode = value("values"), typeName != "enum", typeName != "boolean" {
            reader.error(valuesNode, "'values' is only for enum and boolean parameters ('\(name)' is \(typeName))")
        }
        if let rangeNode = value("range") {
            guard let items = reader.sequence(rangeNode, what: "'range'"), items.count == 2,
                let low = reader.number(items[0], what: "range start"),
                let high = reader.number(items[1], what: "range end")
            else {
                reader.error(rangeNode, "'range' must be a list of two numbers, e.g. [1, 10]")
                return nil
            }
            guard low <= high else {
                reader.error(rangeNode, "range start \(low) is above range end \(high)")
                return nil
            }
            switch type {
            case .integer:
                guard low.rounded() == low, high.rounded() == high, abs(low) < 1e15, abs(high) < 1e15 else {
                    reader.error(rangeNode, "integer range needs whole numbers")
                    return nil
                }
                type = .integer(Int(low)...Int(high))
            case .number: type = .number(low...high)
            default: reader.error(rangeNode, "'range' is only for integer and number parameters")
            }
        }
        var parameter = ParameterDefinition(
            name: name, type: type, booleanWords: booleanWords, location: reader.location(node))
        if let defaultNode = value("default") {
            guard let text = defaultNode.string else {
                reader.error(defaultNode, "default of '\(name)' must be a single value")
                return nil
            }
            do {
                parameter.defaultValue = try parameter.parseValue(text)
                parameter.isRequired = false
            } catch {
                reader.error(defaultNode, "default of '\(name)': \(error)")
            }
        }
        if let requiredNode = value("required"), let required = reader.bool(requiredNode, what: "'required'") {
            parameter.isRequired = required
        }
        if let promptNode = value("prompt") {
            parameter.prompt = reader.string(promptNode, what: "'prompt'")
        }
        return parameter
    }

    /// A boolean's declared words: a map of spoken form to true or false, e.g. `{lit: true, dark: false}`.
    mutating func parseBooleanWords(_ node: Node, parameter: String) -> BooleanVocabulary? {
        guard case .mapping = node else {
            reader.error(node, "'values' of boolean '\(parameter)' must be a map of spoken form: true or false")
            return nil
        }
        guard let values = parseEnumValues(node, parameter: parameter) else { return nil }
        var words = BooleanVocabulary(trueWords: [], falseWords: [])
        for value in values {
            switch value.value.lowercased() {
            case "true": words.trueWords.append(value.spoken)
            case "false": words.falseWords.append(value.spoken)
            default:
                reader.error(
                    node,
                    "boolean word \"\(value.spoken)\" of '\(parameter)' must map to true or false, not \"\(value.value)\""
                )
                return nil
            }
        }
        guard !words.trueWords.isEmpty, !words.falseWords.isEmpty else {
            reader.error(node, "boolean '\(parameter)' needs at least one word for true and one for false")
            return nil
        }
        return words
    }

    mutating func parseEnumValues(_ node: Node, parameter: String) -> [EnumValue]? {
        var values: [EnumValue] = []
        switch node {
        case .sequence(let sequence):
            for item in sequence {
                if case .mapping = item, let entries = reader.mapping(item, what: "an enum value") {
                    for entry in entries {
                        guard let value = reader.string(entry.value, what: "enum value") else { continue }
                        values.append(EnumValue(spoken: entry.key, value: value))
                    }
                } else if let spoken = reader.string(item, what: "an enum value") {
                    values.append(EnumValue(spoken: spoken))
                }
            }
        case .mapping:
            guard let entries = reader.mapping(node, what: "'values'") else { return nil }
            for entry in entries {
                guard let value = reader.string(entry.value, what: "enum value") else { continue }
                values.append(EnumValue(spoken: entry.key, value: value))
            }
        default:
            reader.error(node, "'values' of '\(parameter)' must be a list or a map of spoken form: value")
            return nil
        }
        guard !values.isEmpty else {
            reader.error(node, "enum parameter '\(parameter)' has no values")
            return nil
        }
        var seen: [String: String] = [:]
        for value in values {
            let key = TextNormalizer().tokens(value.spoken).joined(separator: " ")
            if key.isEmpty {
                reader.error(node, "enum value \"\(value.spoken)\" of '\(parameter)' has no words")
                return nil
            }
            if let other = seen[key] {
                reader.error(node, "enum values \"\(other)\" and \"\(value.spoken)\" of '\(parameter)' sound the same")
                return nil
            }
            seen[key] = value.spoken
        }
        return values
    }

    mutating func parseHandler(_ node: Node, stage: String, definition: ShortcutDefinition) -> HandlerSpec? {
        guard let entries = reader.mapping(node, what: "'\(stage)'") else { return nil }
        reader.checkKeys(entries, allowed: Self.handlerKeys, what: "'\(stage)'")
        func value(_ key: String) -> Node? { entries.first { $0.key == key }?.value }
        let kinds = ["run", "open", "swift", "http"].filter { value($0) != nil }
        guard kinds.count == 1 else {
            reader.error(
                node,
                "'\(stage)' needs exactly one of run, open, swift or http"
                    + (kinds.isEmpty ? "" : " (found \(kinds.joined(separator: ", ")))"))
            return nil
        }
        var placeholders: [(String, Node)] = []
        let spec: HandlerSpec
        switch kinds[0] {
        case "run":
            let runNode = value("run")!
            var arguments: [String] = []
            if case .scalar = runNode, let text = runNode.string {
                arguments = [text]
            } else if let items = reader.sequence(runNode, what: "'run'") {
                for item in items {
                    guard let argument = reader.string(item, what: "a 'run' argument") else { return nil }
                    arguments.append(argument)
                    placeholders += DialogTemplate(argument).placeholders.map { ($0, item) }
                }
            }
            guard let program = arguments.first, !program.isEmpty else {
                reader.error(runNode, "'run' needs a program, e.g. run: [\"./handler\", \"\(stage)\"]")
                return nil
            }
            guard let timeout = parseTimeout(value("timeout")) else { return nil }
            spec = .run(arguments: arguments, timeout: timeout, workingDirectory: baseDirectory)
        case "open":
            guard let target = reader.string(value("open")!, what: "'open'"), !target.isEmpty else { return nil }
            placeholders += DialogTemplate(target).placeholders.map { ($0, value("open")!) }
            if value("timeout") != nil {
                reader.error(value("timeout"), "'timeout' applies to 'run' and 'http' handlers only")
            }
            spec = .open(target: target)
        case "http":
            guard let timeout = parseTimeout(value("timeout")),
                let request = parseHTTP(value("http")!, stage: stage, timeout: timeout, definition: definition)
            else { return nil }
            spec = .http(request)
        default:
            guard let name = reader.string(value("swift")!, what: "'swift'"), !name.isEmpty else { return nil }
            spec = .swift(name: name)
        }
        for (name, placeholderNode) in placeholders where definition.parameter(named: name) == nil {
            reader.error(placeholderNode, "'\(stage)' uses unknown parameter {\(name)}" + known(definition))
        }
        return spec
    }

    /// A handler's `timeout` in seconds (0 < t ≤ 86400), or the default without one; `nil`
    /// after reporting a bad value.
    mutating func parseTimeout(_ node: Node?) -> Duration? {
        guard let node else { return HandlerSpec.defaultTimeout }
        guard let seconds = reader.number(node, what: "'timeout'") else { return nil }
        guard seconds > 0, seconds <= 86_400 else {
            reader.error(node, "'timeout' must be between 0 and 86400 seconds")
            return nil
        }
        return .milliseconds(Int64(seconds * 1_000))
    }

    mutating func parseResponses(_ node: Node, definition: ShortcutDefinition) -> [String: ResponseDeclaration] {
        guard let entries = reader.mapping(node, what: "'responses'") else { return [:] }
        var responses: [String: ResponseDeclaration] = [:]
        for entry in entries {
            let code = entry.key
            guard code.first?.isLetter == true, code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                reader.error(
                    entry.keyNode, "invalid response code '\(code)': use letters and digits, e.g. failurePizzeriaClosed"
                )
                continue
            }
            var declaration = ResponseDeclaration(code: code, dialog: nil, location: reader.location(entry.keyNode))
            switch entry.value {
            case .scalar:
                declaration.dialog = entry.value.string.map { DialogTemplate($0) }
            case .mapping:
                guard let fields = reader.mapping(entry.value, what: "response '\(code)'") else { continue }
                reader.checkKeys(fields, allowed: ["dialog", "parameters"], what: "response '\(code)'")
                for field in fields {
                    if field.key == "dialog" {
                        declaration.dialog = reader.string(field.value, what: "'dialog'").map { DialogTemplate($0) }
                    } else if field.key == "parameters", let items = reader.sequence(field.value, what: "'parameters'")
                    {
                        declaration.parameters = items.compactMap { reader.string($0, what: "a response parameter") }
                    }
                }
            default:
                reader.error(entry.value, "response '\(code)' must be a dialog text or a map with 'dialog'")
                continue
            }
            let known = Set(definition.parameters.map(\.name)).union(declaration.parameters)
            for name in declaration.dialog?.placeholders ?? [] where !known.contains(name) {
                reader.error(
                    entry.value,
                    "dialog of '\(code)' uses unknown parameter {\(name)}; declare it as a shortcut parameter or in the response's 'parameters'"
                )
            }
            responses[code] = declaration
        }
        return responses
    }
}
