import AsyncHTTPClient
import Foundation
import IncantPhrases
import NIOCore
import NIOHTTP1

/// A `HandlerSpec.http` handler: sends one HTTP request built from the definition and the
/// request's parameters (no program, no shell), and reads the answer with ``HTTPReply``.
///
/// The token is read from its file or variable for each request. At most ``redirectLimit``
/// redirects are followed; one to another origin (scheme, host or port) drops the token
/// header. The whole exchange, redirects and body included, must end within the spec's timeout,
/// else the answer is `failure` with a reason starting `timeout`. An answer body over
/// ``responseLimit`` is a failure. Every problem is a `failure` response with a reason; the
/// token never appears in one.
public struct HTTPHandler: Sendable {
    /// The request as declared.
    public var spec: HTTPRequestSpec
    /// The client the request goes through.
    public var session: HTTPSession
    /// The shortcut's declared responses (for the parameters a code takes from the answer).
    public var responses: [String: ResponseDeclaration]
    /// The parameters the shortcut declares (unset ones are filled as empty text).
    public var declaredParameters: [String]
    /// What a token file path starting with `~` starts at.
    public var homeDirectory: String
    /// Where `token_env` variables are looked up.
    public var environment: [String: String]

    /// The most an answer's body may hold: 1 MiB.
    public static let responseLimit = 1 << 20
    /// The most redirects followed for one request.
    public static let redirectLimit = 3

    /// Creates a handler for `spec` sending through `session`.
    public init(
        spec: HTTPRequestSpec,
        session: HTTPSession,
        responses: [String: ResponseDeclaration] = [:],
        declaredParameters: [String] = [],
        homeDirectory: String = IncantPaths().home,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.spec = spec
        self.session = session
        self.responses = responses
        self.declaredParameters = declaredParameters
        self.homeDirectory = homeDirectory
        self.environment = environment
    }

    /// Sends the request for `request` and returns the mapped answer; never throws.
    public func respond(to request: ShortcutRequest) async -> ShortcutResponse {
        do {
            var token: String?
            if let source = spec.token {
                token = try TokenReader.token(from: source, environment: environment, homeDirectory: homeDirectory)
            }
            let prepared = try PreparedHTTPRequest.prepare(
                spec, for: request, declaredParameters: declaredParameters, token: token)
            guard let client = session.client() else {
                throw HTTPHandlerFailure("the HTTP client is shut down")
            }
            let answer = try await exchangeWithinTimeout(prepared, client: client)
            return HTTPReply.response(
                status: answer.status, reasonPhrase: answer.reasonPhrase, body: answer.body, spec: spec,
                stage: request.stage, responses: responses)
        } catch let failure as HTTPHandlerFailure {
            return .failure(reason: failure.reason)
        } catch {
            return .failure(reason: "request to \(describeURL()) failed: \(error)")
        }
    }

    /// The final answer after redirects.
    struct Answer: Sendable {
        var status: Int
        var reasonPhrase: String
        var body: [UInt8]
    }

    private func describeURL() -> String {
        let template = spec.url
        let end = template.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? template.endIndex
        return String(template[..<end])
    }

    private var timeoutReason: String {
        let milliseconds = Int(spec.timeout / .milliseconds(1))
        let seconds = milliseconds % 1000 == 0 ? String(milliseconds / 1000) : String(Double(milliseconds) / 1000)
        return "timeout: no complete answer from \(describeURL()) within \(seconds) s"
    }

    /// Runs the exchange, racing it against the timeout.
    private func exchangeWithinTimeout(_ prepared: PreparedHTTPRequest, client: HTTPClient) async throws -> Answer {
        let timeout = spec.timeout
        let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout / .nanoseconds(1)))
        let answer = try await withThrowingTaskGroup(of: Answer?.self) { group in
            group.addTask { try await exchange(prepared, client: client, deadline: deadline) }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        guard let answer else { throw HTTPHandlerFailure(timeoutReason) }
        return answer
    }

    /// Sends `prepared`, following redirects, and collects the final body.
    private func exchange(_ prepared: PreparedHTTPRequest, client: HTTPClient, deadline: NIODeadline) async throws
        -> Answer
    {
        var url = prepared.url
        var method = prepared.method
        var headers = prepared.headers
        var body = prepared.body
        for hop in 0...Self.redirectLimit {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.method = HTTPMethod(rawValue: method)
            request.headers = headers
            if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
            let response: HTTPClientResponse
            do {
                response = try await client.execute(request, deadline: deadline)
            } catch let error as HTTPClientError where error == .deadlineExceeded {
                throw HTTPHandlerFailure(timeoutReason)
            } catch let error as HTTPClientError where error == .cancelled {
                throw CancellationError()
            } catch {
                throw HTTPHandlerFailure("cannot reach \(PreparedHTTPRequest.describe(url)): \(error)")
            }
            let status = Int(response.status.code)
            if [301, 302, 303, 307, 308].contains(status), let location = response.headers.first(name: "Location") {
                _ = try? await response.body.collect(upTo: 64 * 1024)
                guard hop < Self.redirectLimit else {
                    throw HTTPHandlerFailure(
                        "more than \(Self.redirectLimit) redirects from \(PreparedHTTPRequest.describe(prepared.url))")
                }
                guard let next = URL(string: location, relativeTo: url)?.absoluteURL,
                    let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https", next.host != nil
                else {
                    throw HTTPHandlerFailure("HTTP \(status) redirects to an invalid location")
                }
                if !Self.sameOrigin(url, next) {
                    if let tokenHeader = prepared.tokenHeader { headers.remove(name: tokenHeader) }
                    headers.remove(name: "Cookie")
                }
                if status == 303 || ((status == 301 || status == 302) && method == "POST") {
                    if method != "HEAD" { method = "GET" }
                    body = nil
                    headers.remove(name: "Content-Type")
                }
                url = next
                continue
            }
            do {
                let buffer = try await response.body.collect(upTo: Self.responseLimit)
                return Answer(
                    status: status, reasonPhrase: response.status.reasonPhrase, body: Array(buffer.readableBytesView))
            } catch is NIOTooManyBytesError {
                throw HTTPHandlerFailure(
                    "HTTP \(status): the answer is larger than \(Self.responseLimit / (1 << 20)) MiB")
            } catch let error as HTTPClientError where error == .deadlineExceeded {
                throw HTTPHandlerFailure(timeoutReason)
            }
        }
        throw HTTPHandlerFailure("more than \(Self.redirectLimit) redirects")
    }

    /// Whether two URLs share scheme, host and port.
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && port(a) == port(b)
    }
}
