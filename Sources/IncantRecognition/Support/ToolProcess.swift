import Foundation
import IncantCapture
import Synchronization

/// Runs a program as a child process, directly (no shell), for a caller that must wait without
/// `await`: every argument is one element of the argument vector, never interpreted.
///
/// Every other program Incant starts goes through `ProcessRunner` (IncantProcess, on
/// swift-subprocess). This one stays on Foundation's `Process` for espeak-ng's guesses, which
/// ``GrammarRecognizer``'s synchronous initializer needs: swift-subprocess is async and needs a
/// free thread of Swift's cooperative pool to finish, so blocking pool threads while waiting for
/// it deadlocks once every pool thread waits (two, on a two-core machine).
struct ToolProcess: Sendable {
    /// What a finished run left.
    struct Outcome: Sendable {
        /// The exit status, or the signal's number when ``signalled``.
        var status: Int32
        /// Whether a signal ended the process.
        var signalled: Bool
        /// Everything it wrote to standard output.
        var output: Data
        /// Everything it wrote to standard error, as text.
        var errors: String
        /// It ran past ``ToolProcess/timeout`` and was stopped (`SIGTERM`, then `SIGKILL`).
        var timedOut = false

        /// Exited with status 0.
        var succeeded: Bool { !signalled && status == 0 }
    }

    /// The process could not be started.
    struct LaunchFailure: Error, Sendable {
        var reason: String
    }

    /// The executable's path.
    var executable: String
    /// How long it may run before it is stopped: a program that hangs must not hang Incant
    /// (a listener adapting online waits for its estimate before it exits).
    var timeout: Duration = .seconds(600)

    /// Runs `executable arguments…` in `directory` (the current one when nil) and waits for it.
    ///
    /// Standard input is empty; standard output and standard error are read concurrently so
    /// that neither pipe can fill up and stall the child.
    func run(_ arguments: [String], in directory: String? = nil) throws(LaunchFailure) -> Outcome {
        var attempt = 1
        let retryUntil = ContinuousClock.now + .seconds(5)
        while true {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
            let output = Pipe()
            let errors = Pipe()
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = errors
            do {
                try process.run()
            } catch {
                // "Text file busy": the program was just written, and a process forked while it
                // was open for writing still holds it open. That passes within moments, later on
                // a busy machine; Foundation does not always say ETXTBSY, so an executable that
                // exists is tried again too, for a few seconds.
                let transient =
                    Self.isTextFileBusy(error) || FileManager.default.isExecutableFile(atPath: executable)
                if transient && ContinuousClock.now < retryUntil {
                    Thread.sleep(forTimeInterval: min(0.1, 0.02 * Double(attempt)))
                    attempt += 1
                    continue
                }
                throw LaunchFailure(reason: error.localizedDescription)
            }
            return wait(for: process, output: output, errors: errors)
        }
    }

    /// Whether starting a process failed because its executable is open for writing (`ETXTBSY`).
    static func isTextFileBusy(_ error: any Error) -> Bool {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        return [error as NSError, underlying].contains { $0?.domain == NSPOSIXErrorDomain && $0?.code == Int(ETXTBSY) }
    }

    /// Reads everything `process` writes to `output` and `errors` until it ends, stopping it
    /// after ``timeout``.
    private func wait(for process: Process, output: Pipe, errors: Pipe) -> Outcome {
        let timedOut = Atomic<Bool>(false)
        let watchdog = DispatchWorkItem {
            guard process.isRunning else { return }
            timedOut.store(true, ordering: .relaxed)
            process.terminate()
            // A program that ignores SIGTERM is killed a second later.
            DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.inSeconds, execute: watchdog)
        defer { watchdog.cancel() }
        let errorText = Mutex(Data())
        let errorReader = errors.fileHandleForReading
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let data = errorReader.readDataToEndOfFile()
            errorText.withLock { $0 = data }
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal, output: data,
            errors: errorText.withLock { String(decoding: $0, as: UTF8.self) },
            timedOut: timedOut.load(ordering: .relaxed))
    }

    /// Where programs are looked up when no search path is given.
    static let standardSearchPath = "/usr/local/bin:/usr/bin:/bin"

    /// Finds `name` in the folders of `searchPath` (`IncantPaths.searchPath`, else
    /// ``standardSearchPath``), or takes it as is when it holds a slash.
    static func locate(_ name: String, searchPath: String?) -> String? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? name : nil
        }
        for directory in (searchPath ?? standardSearchPath).split(separator: ":") where !directory.isEmpty {
            let candidate = (String(directory) as NSString).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
