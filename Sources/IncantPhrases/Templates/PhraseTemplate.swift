/// A parsed phrase template such as `order [me] [a] {kind} pizza`, with where it was written.
public struct PhraseTemplate: Sendable, Hashable, CustomStringConvertible {
    /// The template text as the user wrote it.
    public var text: String
    /// The parsed form.
    public var root: TemplateNode
    /// Where the template was written (YAML file and line, or the phrase store).
    public var location: SourceLocation
    /// The sites this phrase may be said from (a phrase written as `{say: …, sites: […]}`);
    /// `nil` for wherever its shortcut may be used.
    public var sites: SiteRestriction?

    /// Parses `text`; throws ``TemplateSyntaxError`` naming the column of the problem.
    public init(
        _ text: String, location: SourceLocation = SourceLocation(file: "<code>"), sites: SiteRestriction? = nil
    ) throws {
        self.text = text
        self.sites = sites
        self.root = try TemplateParser.parse(text)
        self.location = location
    }

    public var description: String { text }

    /// Slot names used by the template, without repeats, in order of first appearance.
    public var slotNames: [String] {
        var seen = Set<String>()
        return root.slotNames.filter { seen.insert($0).inserted }
    }

    /// Every word/slot sequence the template can produce, up to `limit` of them.
    public func expansions(limit: Int = 10_000) -> [[TemplateToken]] {
        TemplateExpander.expand(root, limit: limit)
    }
}
