import Foundation
import IncantPhrases
import IncantProcess

/// Reading an external handler's answer from how its process ended.
enum HandlerReply {
    /// The response for `result`:
    /// - timeout: `failure`, reason `timeout`;
    /// - killed by a signal: `failure`, reason naming the signal, with the stderr tail;
    /// - empty stdout: exit 0 is `ready` (confirm) or `success` (handle); otherwise `failure`
    ///   with the exit status and the stderr tail;
    /// - stdout holding one JSON object with a non-empty string `code`: that response (it wins
    ///   over the exit status);
    /// - anything else on stdout (or more than the output cap): `failure` with the start of the
    ///   output and the stderr tail.
    static func response(for result: ProcessResult, stage: DispatchStage) -> ShortcutResponse {
        let errorTail = tail(of: result.standardError.text)
        func failure(_ reason: String) -> ShortcutResponse {
            .failure(reason: errorTail.isEmpty ? reason : "\(reason): \(errorTail)")
        }

        let status: Int32
        switch result.termination {
        case .timedOut:
            return .failure(reason: "timeout")
        case .signaled(let signal):
            return failure("handler killed by \(SignalName.of(signal))")
        case .exited(let code):
            status = code
        }

        let output = result.standardOutput
        let text = output.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty {
            if status == 0 { return ShortcutResponse(code: stage == .confirm ? .ready : .success) }
            return failure("exit status \(status)")
        }
        if output.isTruncated {
            return failure("handler output exceeds \(output.limit / 1024) KiB")
        }
        if let response = try? JSONDecoder().decode(
            ShortcutResponse.self, from: Data(output.bytes)),
            !response.code.rawValue.isEmpty
        {
            return response
        }
        let excerpt = text.count > 80 ? text.prefix(80) + "…" : Substring(text)
        return failure(
            "invalid handler output (expected one JSON object with a string \"code\"): \"\(excerpt)\""
        )
    }

    /// The last few lines of `text` (at most 1000 characters), trimmed.
    static func tail(of text: String, lines: Int = 10, characters: Int = 1000) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lastLines = trimmed.split(separator: "\n", omittingEmptySubsequences: false)
            .suffix(lines)
            .joined(separator: "\n")
        return lastLines.count > characters ? "…" + String(lastLines.suffix(characters)) : lastLines
    }
}
