/// The sites (rooms, satellites) a shortcut or a phrase may be used from: `sites: [kitchen,
/// bedroom]` in a definition.
///
/// A query from a site not listed, or from no site at all (`incant simulate` without `--site`,
/// a local microphone without `site:` in the configuration), is refused: the shortcut does not
/// run, and the outcome says why.
public struct SiteRestriction: Sendable, Hashable, CustomStringConvertible {
    /// The sites allowed, in the order written, without repeats.
    public let sites: [String]

    /// - Precondition: `sites` is not empty and every name is ``isValidName(_:)``.
    public init(_ sites: [String]) {
        var seen = Set<String>()
        self.sites = sites.filter { seen.insert($0).inserted }
    }

    /// Whether a query from `site` (nil: from no site) may use what this restricts.
    public func allows(_ site: String?) -> Bool {
        guard let site else { return false }
        return sites.contains(site)
    }

    /// `kitchen, bedroom`.
    public var description: String { sites.joined(separator: ", ") }

    /// Whether `name` can name a site: letters, digits, `-`, `_` and `.`, starting with a letter
    /// or digit, at most 100 bytes (it becomes part of MQTT topics and file names).
    public static func isValidName(_ name: String) -> Bool {
        ShortcutDefinition.isValidIdentifier(name)
    }

    /// Why `name` is not a site name, for error messages.
    public static func invalidNameMessage(_ name: String) -> String {
        "invalid site name '\(name)': use letters, digits, '-', '_' and '.', starting with a letter or digit"
    }
}
