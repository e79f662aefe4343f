/// The two stages of running a shortcut, as in SiriKit: confirm (check that it can be done),
/// then handle (do it).
public enum DispatchStage: String, Sendable, Hashable, Codable, CaseIterable {
    /// Check that the shortcut can run now; answers `ready` or a failure code.
    case confirm
    /// Carry the shortcut out.
    case handle
}
