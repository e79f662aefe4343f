/// Why an `http` handler could not get an answer: the reason its `failure` response carries.
struct HTTPHandlerFailure: Error, Sendable, CustomStringConvertible {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    var description: String { reason }
}
