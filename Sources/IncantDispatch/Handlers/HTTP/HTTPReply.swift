import Foundation
import IncantPhrases

/// Reading an `http` handler's answer: its status and JSON become a response code, dialog and
/// parameters.
enum HTTPReply {
    /// The response for an answer with `status` and `body`:
    /// 1. a status listed in the handler's `status:` map gives that code (a failure code's
    ///    reason names the status);
    /// 2. any other status outside 2xx is `failure`, its reason the status and the start of the
    ///    body;
    /// 3. a 2xx answer with `code_from` takes the code (a string) found there; none is `failure`;
    /// 4. a 2xx answer otherwise is `ready` (confirm) or `success` (handle).
    ///
    /// `dialog_from` picks the dialog (a string) from the answer's JSON when it is there. The
    /// answer's top-level members named in the code's declared `parameters` are sent with the
    /// code, for its dialog.
    static func response(
        status: Int, reasonPhrase: String, body: [UInt8], spec: HTTPRequestSpec, stage: DispatchStage,
        responses: [String: ResponseDeclaration]
    ) -> ShortcutResponse {
        let json = body.isEmpty ? nil : try? JSONDecoder().decode(JSONValue.self, from: Data(body))
        let statusText = "HTTP \(status)" + (reasonPhrase.isEmpty ? "" : " \(reasonPhrase)")
        var response: ShortcutResponse
        if let mapped = spec.code(forStatus: status) {
            response = ShortcutResponse(code: ResponseCode(rawValue: mapped))
            if response.code.isFailure { response.reason = statusText }
        } else if !(200..<300).contains(status) {
            let excerpt = self.excerpt(body)
            return .failure(reason: excerpt.isEmpty ? statusText : "\(statusText): \(excerpt)")
        } else if let pointer = spec.codeFrom {
            guard let json else {
                return .failure(reason: "\(statusText) without JSON to read 'code_from' \(pointer) from")
            }
            guard case .string(let code)? = json.value(at: pointer), !code.isEmpty else {
                return .failure(reason: "\(statusText) has no response code (a string) at \(pointer)")
            }
            response = ShortcutResponse(code: ResponseCode(rawValue: code))
        } else {
            response = stage == .confirm ? .ready : .success
        }
        if let pointer = spec.dialogFrom, case .string(let dialog)? = json?.value(at: pointer), !dialog.isEmpty {
            response.dialog = dialog
        }
        if case .object(let members)? = json {
            for name in responses[response.code.rawValue]?.parameters ?? [] {
                if let value = members[name]?.parameterValue { response.parameters[name] = value }
            }
        }
        return response
    }

    /// The start of `body` on one line, for a failure reason.
    static func excerpt(_ body: [UInt8], characters: Int = 200) -> String {
        let text = String(decoding: body.prefix(characters * 4), as: UTF8.self)
            .split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return text.count > characters ? text.prefix(characters) + "…" : text
    }
}
