/// An HTTP status, or a class of them, that a definition maps to a response code: `404`, or
/// `4xx` for every status from 400 to 499.
public enum HTTPStatusPattern: Sendable, Hashable, CustomStringConvertible {
    /// Exactly this status.
    case exact(Int)
    /// Every status whose hundreds digit is this (`4` for `4xx`).
    case statusClass(Int)

    /// Reads `404` or `4xx` (statuses 100–599); `nil` for anything else.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        if lowered.count == 3, lowered.hasSuffix("xx"), let digit = Int(lowered.prefix(1)), (1...5).contains(digit) {
            self = .statusClass(digit)
        } else if let status = Int(text), (100...599).contains(status) {
            self = .exact(status)
        } else {
            return nil
        }
    }

    /// Whether `status` is this status or in this class.
    public func matches(_ status: Int) -> Bool {
        switch self {
        case .exact(let exact): return status == exact
        case .statusClass(let digit): return status / 100 == digit
        }
    }

    public var description: String {
        switch self {
        case .exact(let status): return String(status)
        case .statusClass(let digit): return "\(digit)xx"
        }
    }
}
