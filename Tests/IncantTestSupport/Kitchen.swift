import IncantDispatch
import Synchronization

/// A Swift handler that remembers each request as "shortcut name=value …" (names sorted) and
/// answers success.
public final class Kitchen: ShortcutHandler {
    private let log = Mutex<[String]>([])

    public init() {}

    /// The requests handled so far, in order.
    public var requests: [String] { log.withLock { $0 } }

    public func handle(_ request: ShortcutRequest) async throws -> ShortcutResponse {
        let values = request.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        log.withLock { $0.append(([request.shortcut] + values).joined(separator: " ")) }
        return .success
    }
}
