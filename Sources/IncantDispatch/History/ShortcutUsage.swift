import Foundation

/// How often a shortcut was dispatched, for suggestions and `incant history --stats`.
public struct ShortcutUsage: Sendable, Hashable, Codable {
    /// The shortcut's identifier.
    public var shortcut: String
    /// How many dispatches were recorded.
    public var count: Int
    /// How many of them ran the handle stage and did not fail.
    public var successCount: Int
    /// When it was last dispatched.
    public var lastUsed: Date

    /// Creates a usage summary.
    public init(shortcut: String, count: Int, successCount: Int, lastUsed: Date) {
        self.shortcut = shortcut
        self.count = count
        self.successCount = successCount
        self.lastUsed = lastUsed
    }
}
