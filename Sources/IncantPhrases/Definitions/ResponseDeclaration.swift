/// A response code a shortcut declares, with its dialog and the parameters a handler may send
/// with it (Apple's "intent response").
///
/// In YAML a response is either a dialog string (`success: "Ordering {count} {kind}."`) or a
/// map with `dialog` and `parameters` (`failureDelayed: {dialog: "Ready in {minutes}.",
/// parameters: [minutes]}`).
public struct ResponseDeclaration: Sendable, Hashable {
    /// The code, e.g. `success` or `failurePizzeriaClosed`.
    public var code: String
    public var dialog: DialogTemplate?
    /// Names of values the handler sends with this code, beyond the shortcut's parameters.
    public var parameters: [String]
    public var location: SourceLocation

    public init(
        code: String,
        dialog: DialogTemplate?,
        parameters: [String] = [],
        location: SourceLocation = SourceLocation(file: "<code>")
    ) {
        self.code = code
        self.dialog = dialog
        self.parameters = parameters
        self.location = location
    }
}
