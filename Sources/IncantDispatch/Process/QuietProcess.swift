import Foundation

/// Runs a program found on `PATH` with no input and its output discarded, without blocking a
/// thread while it runs.
public enum QuietProcess {
    /// Runs `arguments` (the program's name first) through `/usr/bin/env` and returns its exit
    /// status, or nil when it could not be started.
    public static func run(_ arguments: [String]) async -> Int32? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return await withCheckedContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: nil)
            }
        }
    }
}
