import Foundation

/// Runs espeak-ng as a subprocess, directly (no shell): the text is one element of the
/// argument vector, never interpreted.
struct ESpeakProcess: Sendable {
    /// The executable's path.
    var executable: String

    /// Runs `executable arguments…` and returns its standard output.
    ///
    /// - Throws: ``PronunciationError/espeakUnavailable(executable:reason:)`` or
    ///   ``PronunciationError/espeakFailed(executable:status:message:)``.
    func run(_ arguments: [String]) throws(PronunciationError) -> String {
        let outcome: ToolProcess.Outcome
        do {
            outcome = try ToolProcess(executable: executable).run(arguments)
        } catch {
            throw .espeakUnavailable(executable: executable, reason: error.reason)
        }
        guard outcome.succeeded else {
            throw .espeakFailed(
                executable: executable, status: outcome.status,
                message: outcome.errors.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return String(decoding: outcome.output, as: UTF8.self)
    }
}
