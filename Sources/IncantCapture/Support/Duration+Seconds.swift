extension Duration {
    /// This duration in seconds, as a `Double` (what `Thread.sleep`, `DispatchTime` arithmetic and
    /// JSON figures take).
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
