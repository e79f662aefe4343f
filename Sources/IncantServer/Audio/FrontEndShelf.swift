import IncantCapture
import Synchronization

/// Front ends of one kind, lent to one user at a time: made when none is free, kept for the
/// next.
public final class FrontEndShelf: Sendable {
    private let make: @Sendable () throws -> any AudioFrontEnd
    private let free: Mutex<[any AudioFrontEnd]>

    /// - Parameters:
    ///   - first: a front end made already (to find out early whether one can be made).
    ///   - make: makes another when every one is lent.
    public init(first: (any AudioFrontEnd)? = nil, make: @escaping @Sendable () throws -> any AudioFrontEnd) {
        self.make = make
        free = Mutex(first.map { [$0] } ?? [])
    }

    /// How many front ends are on the shelf now, not lent.
    public var freeCount: Int { free.withLock { $0.count } }

    /// Runs `work` with a front end no one else uses meanwhile.
    public func withFrontEnd<T>(_ work: (any AudioFrontEnd) throws -> T) throws -> T {
        let frontEnd = try free.withLock { $0.popLast() } ?? make()
        defer { free.withLock { $0.append(frontEnd) } }
        return try work(frontEnd)
    }
}
