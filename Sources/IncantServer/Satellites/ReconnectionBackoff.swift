/// How long to wait before connecting to a satellite again: 1 s after a connection that worked,
/// doubling after each failed try up to 30 s, so a satellite that is away for long is tried
/// twice a minute and one that restarts is back within seconds.
public struct ReconnectionBackoff: Sendable, Hashable {
    public var first: Duration
    public var maximum: Duration
    private var failures = 0

    public init(first: Duration = .seconds(1), maximum: Duration = .seconds(30)) {
        self.first = first
        self.maximum = maximum
    }

    /// The wait before the next try, counting this failure.
    public mutating func next() -> Duration {
        let delay = min(maximum, first * (1 << min(failures, 16)))
        failures += 1
        return delay
    }

    /// A connection worked: the next wait is the first one again.
    public mutating func reset() {
        failures = 0
    }
}
