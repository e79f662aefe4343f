/// An `http:` handler as declared: the request to send and how its answer becomes a response
/// code and dialog.
///
/// `{param}` placeholders are filled at run time: percent-encoded in the URL's path and query,
/// as text in header values, and as JSON values in the body (see ``JSONTemplate``). The URL's
/// scheme and host are written literally, so what is said can never choose where a request goes.
public struct HTTPRequestSpec: Sendable, Hashable {
    /// The URL template, `http://` or `https://` with a literal host.
    public var url: String
    /// The method in upper case: `GET`, `POST`, `PUT`, `PATCH`, `DELETE` or `HEAD`.
    public var method: String
    /// Header names and value templates, in the order written.
    public var headers: [Header]
    /// The JSON body, sent with `Content-Type: application/json`; `nil` sends no body.
    public var json: JSONTemplate?
    /// Where the token comes from; `nil` sends none.
    public var token: TokenSource?
    /// The header that carries the token: `Authorization` (the default) gets `Bearer <token>`,
    /// any other header the bare token.
    public var tokenHeader: String
    /// How long the whole exchange (redirects and body included) may take.
    public var timeout: Duration
    /// Statuses mapped to response codes, checked in the order written.
    public var statusCodes: [StatusMapping]
    /// Where in the answer's JSON a 2xx answer names its response code.
    public var codeFrom: JSONPointer?
    /// Where in the answer's JSON the dialog to say is.
    public var dialogFrom: JSONPointer?

    /// One header as declared.
    public struct Header: Sendable, Hashable {
        public var name: String
        public var value: DialogTemplate

        public init(name: String, value: DialogTemplate) {
            self.name = name
            self.value = value
        }
    }

    /// One `status: code` entry.
    public struct StatusMapping: Sendable, Hashable {
        public var status: HTTPStatusPattern
        public var code: String

        public init(status: HTTPStatusPattern, code: String) {
            self.status = status
            self.code = code
        }
    }

    /// The methods an `http:` handler may use.
    public static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]

    /// The header that carries the token unless the definition names another.
    public static let defaultTokenHeader = "Authorization"

    public init(
        url: String,
        method: String = "GET",
        headers: [Header] = [],
        json: JSONTemplate? = nil,
        token: TokenSource? = nil,
        tokenHeader: String = HTTPRequestSpec.defaultTokenHeader,
        timeout: Duration = HandlerSpec.defaultTimeout,
        statusCodes: [StatusMapping] = [],
        codeFrom: JSONPointer? = nil,
        dialogFrom: JSONPointer? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.json = json
        self.token = token
        self.tokenHeader = tokenHeader
        self.timeout = timeout
        self.statusCodes = statusCodes
        self.codeFrom = codeFrom
        self.dialogFrom = dialogFrom
    }

    /// The response code mapped to `status`, if any.
    public func code(forStatus status: Int) -> String? {
        statusCodes.first { $0.status.matches(status) }?.code
    }
}
