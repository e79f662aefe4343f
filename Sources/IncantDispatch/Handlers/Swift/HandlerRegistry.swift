/// In-process handlers by name, for stages declared as `HandlerSpec.swift(name:)`.
public struct HandlerRegistry: Sendable {
    private var handlers: [String: any ShortcutHandler]

    /// Creates a registry holding `handlers`, keyed by the names used in definitions.
    public init(_ handlers: [String: any ShortcutHandler] = [:]) {
        self.handlers = handlers
    }

    /// Registers `handler` under `name`, replacing any handler registered under that name.
    public mutating func register(_ handler: any ShortcutHandler, as name: String) {
        handlers[name] = handler
    }

    /// The handler registered under `name`, if any.
    public func handler(named name: String) -> (any ShortcutHandler)? {
        handlers[name]
    }

    /// The registered names, sorted.
    public var names: [String] {
        handlers.keys.sorted()
    }
}
