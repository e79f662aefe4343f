/// Choices for one dispatch.
public struct DispatchOptions: Sendable, Hashable {
    /// Skip the yes/no question of shortcuts that require confirmation, as if answered yes.
    public var assumeYes: Bool
    /// Stop after the confirm stage (and the yes/no question); the handle stage is not run.
    public var dryRun: Bool
    /// How many times a missing parameter is asked for when answers do not parse; at least 1.
    public var maximumAttempts: Int
    /// Where the query came from (a satellite's or this machine's site, `--site`); `nil` for
    /// nowhere in particular. Handlers get it as `INCANT_SITE` and `"site"`, the history records
    /// it, and shortcuts and phrases limited to other sites are refused.
    public var site: String?

    /// Creates options; by default the person is asked, the handler runs, and a missing value
    /// is asked for up to three times.
    public init(assumeYes: Bool = false, dryRun: Bool = false, maximumAttempts: Int = 3, site: String? = nil) {
        self.site = site
        self.assumeYes = assumeYes
        self.dryRun = dryRun
        self.maximumAttempts = maximumAttempts
    }
}
