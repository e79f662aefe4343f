/// One Wyoming satellite Incant connects to (`satellites:` in the configuration): a microphone
/// and speaker in a room, such as a Raspberry Pi running `wyoming-satellite`.
public struct SatelliteSettings: Sendable, Hashable {
    /// What messages call it (`name:`); unique among the satellites.
    public var name: String
    /// Where it listens (`uri: tcp://HOST:PORT`).
    public var address: WyomingAddress
    /// The site its queries come from (`site:`): handlers get it as `INCANT_SITE`, shortcuts
    /// limited to other sites are refused.
    public var site: String
    /// Where it is configured.
    public var location: SourceLocation

    public init(name: String, address: WyomingAddress, site: String, location: SourceLocation) {
        self.name = name
        self.address = address
        self.site = site
        self.location = location
    }
}
