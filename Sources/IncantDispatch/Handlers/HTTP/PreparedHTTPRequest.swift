import Foundation
import IncantPhrases
import NIOHTTP1

/// An `http` handler's request with the parameters and token filled in, ready to send.
struct PreparedHTTPRequest: Sendable {
    var url: URL
    var method: String
    var headers: HTTPHeaders
    var body: [UInt8]?
    /// The header carrying the token, if one is sent (dropped when a redirect leaves the origin).
    var tokenHeader: String?

    /// Fills `spec` for `request`: URL placeholders percent-encoded, header values as text,
    /// the body by ``JSONBody``; a declared parameter without a value is empty text (`null` as
    /// a whole JSON value). Throws when the filled URL is invalid or a header value would hold
    /// a line break.
    static func prepare(
        _ spec: HTTPRequestSpec, for request: ShortcutRequest, declaredParameters: [String], token: String?
    ) throws(HTTPHandlerFailure) -> PreparedHTTPRequest {
        var values: [String: ParameterValue] = [:]
        for name in declaredParameters { values[name] = .text("") }
        values.merge(request.parameters) { _, given in given }

        let encoded = values.mapValues { value in
            ParameterValue.text(
                value.description.addingPercentEncoding(withAllowedCharacters: OpenTarget.unreserved)
                    ?? value.description)
        }
        let urlText = DialogTemplate(spec.url).render(encoded)
        guard let url = URL(string: urlText), url.host != nil else {
            throw HTTPHandlerFailure("the URL is not valid once filled in: \(urlText)")
        }

        var headers = HTTPHeaders()
        headers.add(name: "User-Agent", value: "Incant")
        headers.add(name: "Accept", value: "application/json")
        for header in spec.headers {
            let value = header.value.render(values)
            guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                throw HTTPHandlerFailure("header \(header.name) would hold a line break once filled in")
            }
            headers.replaceOrAdd(name: header.name, value: value)
        }
        var tokenHeader: String?
        if let token {
            let isAuthorization = spec.tokenHeader.lowercased() == "authorization"
            headers.replaceOrAdd(name: spec.tokenHeader, value: isAuthorization ? "Bearer \(token)" : token)
            tokenHeader = spec.tokenHeader
        }
        var body: [UInt8]?
        if let json = spec.json {
            body = Array(JSONBody.render(json, parameters: request.parameters).utf8)
            headers.replaceOrAdd(name: "Content-Type", value: "application/json")
        }
        return PreparedHTTPRequest(
            url: url, method: spec.method, headers: headers, body: body, tokenHeader: tokenHeader)
    }

    /// `url` for reasons and logs: scheme, host, port and path, without the query.
    static func describe(_ url: URL) -> String {
        var text = (url.scheme ?? "http") + "://" + (url.host ?? "")
        if let port = url.port { text += ":\(port)" }
        return text + url.path
    }
}
