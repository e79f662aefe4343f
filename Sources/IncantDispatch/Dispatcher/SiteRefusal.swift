import IncantPhrases

/// Why a shortcut may not run for a query from this site: the shortcut, or the phrase said, is
/// limited to other sites.
public struct SiteRefusal: Sendable, Hashable, CustomStringConvertible {
    /// The shortcut refused.
    public var shortcut: String
    /// Its title, for the dialog.
    public var title: String
    /// The sites allowed.
    public var allowed: SiteRestriction
    /// Whether the limit is the phrase's (not the whole shortcut's).
    public var isPhraseLimit: Bool
    /// Where the query came from; `nil` when from no site.
    public var site: String?

    /// The refusal of `shortcut` (said with a phrase limited to `phraseSites`) for a query from
    /// `site`, or `nil` when it may run there.
    public init?(shortcut: ShortcutDefinition, phraseSites: SiteRestriction?, site: String?) {
        let limit: (SiteRestriction, Bool)? =
            if let sites = shortcut.sites, !sites.allows(site) {
                (sites, false)
            } else if let sites = phraseSites, !sites.allows(site) {
                (sites, true)
            } else {
                nil
            }
        guard let (allowed, isPhraseLimit) = limit else { return nil }
        self.shortcut = shortcut.id
        self.title = shortcut.title
        self.allowed = allowed
        self.isPhraseLimit = isPhraseLimit
        self.site = site
    }

    /// `shortcut 'oven' is limited to sites kitchen; this query came from bedroom`.
    public var description: String {
        let what = isPhraseLimit ? "the phrase said for shortcut '\(shortcut)'" : "shortcut '\(shortcut)'"
        let origin =
            site.map { "this query came from \($0)" }
            ?? "this query came from no site (give --site, or site: in the configuration)"
        return "\(what) is limited to site\(allowed.sites.count == 1 ? "" : "s") \(allowed); \(origin)"
    }

    /// What to say: `Sorry, Preheat the oven is not available here.`
    public var dialog: String { "Sorry, \(title) is not available here." }
}
