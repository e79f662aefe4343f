/// An in-process handler for shortcuts whose stages are `HandlerSpec.swift(name:)`, registered
/// by name in a ``HandlerRegistry``.
///
/// Return a response rather than throwing for expected outcomes (`failurePizzeriaClosed`);
/// a thrown error becomes a `failure` response whose reason describes the error. Custom codes
/// must be declared by the shortcut.
public protocol ShortcutHandler: Sendable {
    /// Checks that the shortcut can run; answer ``ShortcutResponse/ready`` to go on.
    /// The default implementation answers `ready`.
    func confirm(_ request: ShortcutRequest) async throws -> ShortcutResponse

    /// Carries the shortcut out.
    func handle(_ request: ShortcutRequest) async throws -> ShortcutResponse
}

extension ShortcutHandler {
    /// Answers ``ShortcutResponse/ready``.
    public func confirm(_ request: ShortcutRequest) async throws -> ShortcutResponse {
        .ready
    }
}
