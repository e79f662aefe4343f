/// A declared shortcut: what it is called, what it takes, how it is said and how it runs
/// (Apple's "intent definition").
public struct ShortcutDefinition: Sendable, Hashable, Identifiable {
    /// Stable identifier, e.g. `order-pizza`: letters, digits, `-`, `_` and `.`.
    public var id: String
    public var title: String
    public var description: String?
    public var parameters: [ParameterDefinition]
    /// Phrase templates, e.g. `order [me] [a] {kind} pizza`.
    public var phrases: [PhraseTemplate]
    /// The confirm stage; `nil` means the shortcut is always ready.
    public var confirm: HandlerSpec?
    /// The handle stage; `nil` for shortcuts that only answer with a dialog.
    public var handle: HandlerSpec?
    /// Ask "Title?" (yes/no) between confirm and handle.
    public var requiresConfirmation: Bool
    /// Declared responses by code (`success`, `failurePizzeriaClosed`, …): their dialogs and
    /// extra parameters. Built-in codes need no declaration; custom codes must be declared.
    public var responses: [String: ResponseDeclaration]
    /// The sites it may be used from (`sites:`); `nil` for every site and for queries from none.
    public var sites: SiteRestriction?
    /// Where the shortcut is declared.
    public var location: SourceLocation

    public init(
        id: String,
        title: String,
        description: String? = nil,
        parameters: [ParameterDefinition] = [],
        phrases: [PhraseTemplate] = [],
        confirm: HandlerSpec? = nil,
        handle: HandlerSpec? = nil,
        requiresConfirmation: Bool = false,
        responses: [String: ResponseDeclaration] = [:],
        sites: SiteRestriction? = nil,
        location: SourceLocation = SourceLocation(file: "<code>")
    ) {
        self.sites = sites
        self.id = id
        self.title = title
        self.description = description
        self.parameters = parameters
        self.phrases = phrases
        self.confirm = confirm
        self.handle = handle
        self.requiresConfirmation = requiresConfirmation
        self.responses = responses
        self.location = location
    }

    /// The parameter with this name, if declared.
    public func parameter(named name: String) -> ParameterDefinition? {
        parameters.first { $0.name == name }
    }

    /// Whether `id` is acceptable as a shortcut identifier (also used as a file name).
    public static func isValidIdentifier(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, id.utf8.count <= 100 else { return false }
        guard first.properties.isAlphabetic || ("0"..."9").contains(first) else { return false }
        return id.unicodeScalars.allSatisfy { scalar in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                || scalar == "-" || scalar == "_" || scalar == "."
        } && !id.contains("..")
    }
}
