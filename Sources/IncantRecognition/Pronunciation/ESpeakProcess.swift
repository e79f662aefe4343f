import Foundation
import Synchronization

/// Runs espeak-ng as a subprocess, directly (no shell): the text is one element of the
/// argument vector, never interpreted.
struct ESpeakProcess: Sendable {
    /// The executable's path.
    var executable: String

    /// Runs `executable arguments…` and returns its standard output.
    ///
    /// Standard input is empty; standard output and standard error are read concurrently so
    /// that neither pipe can fill up and stall the child.
    ///
    /// - Throws: ``PronunciationError/espeakUnavailable(executable:reason:)`` or
    ///   ``PronunciationError/espeakFailed(executable:status:message:)``.
    func run(_ arguments: [String]) throws(PronunciationError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .espeakUnavailable(executable: executable, reason: error.localizedDescription)
        }
        let errorText = CollectedOutput()
        let errorReader = errors.fileHandleForReading
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            errorText.data.withLock { $0 = errorReader.readDataToEndOfFile() }
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let message = errorText.data.withLock { String(decoding: $0, as: UTF8.self) }
            throw .espeakFailed(
                executable: executable, status: process.terminationStatus,
                message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Finds `name` on `PATH` (or takes it as is when it holds a slash).
    static func locate(_ name: String, environment: [String: String]) -> String? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? name : nil
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = (String(directory) as NSString).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Standard error collected on another thread.
private final class CollectedOutput: Sendable {
    let data = Mutex(Data())
}
