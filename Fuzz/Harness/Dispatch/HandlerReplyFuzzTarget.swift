import Foundation
import IncantPhrases
import IncantProcess

@testable import IncantDispatch

/// Fuzz harness for reading an external handler's answer (`HandlerReply`).
///
/// Byte 0 chooses how the process ended and the stage, byte 1 the output limit (the real one or
/// a small one, to exercise truncation), bytes 2…3 where stdout ends; stdout then stderr follow,
/// each fed in chunks as a pipe would deliver them.
///
/// Every answer must have a code; failures built by Incant carry a reason; a timeout is always
/// `failure`/`timeout`; empty output follows the exit status; and a JSON answer survives being
/// encoded and decoded again.
public enum HandlerReplyFuzzTarget {
    /// Runs one input and returns the response (nil: input too short). Traps (a fuzzer finding)
    /// when an invariant does not hold.
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> ShortcutResponse? {
        guard bytes.count >= 4 else { return nil }
        let control = bytes[0]
        let stage: DispatchStage = control & 0x80 == 0 ? .confirm : .handle
        let termination: ProcessResult.Termination
        switch control & 0x0F {
        case 0: termination = .timedOut
        case 1: termination = .signaled(Int32(bytes[1] & 0x3F))
        case 2...7: termination = .exited(Int32(bitPattern: UInt32(bytes[1]) << 24 | UInt32(bytes[1])))
        default: termination = .exited(0)
        }
        let limit = bytes[1] & 1 == 0 ? ExternalHandler.defaultOutputLimit : Int(bytes[1] >> 1)
        let body = Array(bytes[4...])
        let split = min(body.count, Int(bytes[2]) << 8 | Int(bytes[3]))
        let chunk = Int(control >> 4) + 1
        let stdout = collect(body[..<split], limit: limit, keep: .head, chunk: chunk)
        let stderr = collect(body[split...], limit: limit, keep: .tail, chunk: chunk)
        precondition(stdout.bytes.count <= limit && stderr.bytes.count <= limit, "output kept over its limit")

        let result = ProcessResult(termination: termination, standardOutput: stdout, standardError: stderr)
        let response = HandlerReply.response(for: result, stage: stage)
        precondition(!response.code.rawValue.isEmpty, "response without a code")
        let text = stdout.text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch termination {
        case .timedOut:
            precondition(response == .failure(reason: "timeout"), "a timeout answered \(response)")
        case .signaled:
            precondition(response.code == .failure && response.reason != nil, "a killed handler answered \(response)")
        case .exited(let status):
            if text.isEmpty {
                let expected: ResponseCode = status != 0 ? .failure : stage == .confirm ? .ready : .success
                precondition(response.code == expected, "empty output with status \(status) answered \(response)")
            }
        }
        if response.code == .failure, response.reason == nil {
            // Only a handler's own JSON can say `failure` without a reason.
            precondition(!text.isEmpty && !stdout.isTruncated, "failure without a reason: \(response)")
        }
        roundTrip(response)
        return response
    }

    static func collect(_ bytes: ArraySlice<UInt8>, limit: Int, keep: CappedOutput.Keep, chunk: Int) -> CappedOutput {
        var output = CappedOutput(limit: limit, keep: keep)
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = min(bytes.endIndex, start + chunk)
            bytes[start..<end].withUnsafeBytes { output.append($0) }
            start = end
        }
        output.finish()
        let expected = keep == .head ? Array(bytes.prefix(limit)) : Array(bytes.suffix(limit))
        precondition(output.bytes == expected, "kept the wrong \(keep) bytes")
        precondition(output.isTruncated == (bytes.count > limit), "truncation not reported")
        return output
    }

    /// What a handler sent must mean the same after encoding and decoding (history keeps it
    /// as JSON).
    static func roundTrip(_ response: ShortcutResponse) {
        let data: Data
        let decoded: ShortcutResponse
        do {
            data = try JSONEncoder().encode(response)
            decoded = try JSONDecoder().decode(ShortcutResponse.self, from: data)
        } catch {
            preconditionFailure("response \(response) does not survive JSON: \(error)")
        }
        precondition(
            decoded.code == response.code && decoded.dialog == response.dialog && decoded.reason == response.reason,
            "response changed through JSON: \(response) became \(decoded)")
        precondition(
            decoded.parameters.mapValues(\.description) == response.parameters.mapValues(\.description),
            "parameters changed through JSON: \(response.parameters) became \(decoded.parameters)")
    }
}
