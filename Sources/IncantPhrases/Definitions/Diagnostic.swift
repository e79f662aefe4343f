/// One problem found in a definition file, phrase file or phrase template.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Sendable, Hashable {
        /// The file (or the shortcut) cannot be used.
        case error
        /// Usable, but probably not what the author meant.
        case warning
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String

    public init(_ severity: Severity, _ location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// `file:line: error: message`, the format compilers use, so editors can jump to it.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// Thrown when definitions cannot be loaded; carries every problem found, not just the first.
public struct DefinitionError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
