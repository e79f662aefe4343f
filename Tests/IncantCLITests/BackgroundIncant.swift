import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An `incant` process left running while a test injects a fault into it (a signal, audio fed
/// slowly, a file rewritten). Its output is drained by threads of their own into buffers (so it
/// never blocks on a full pipe, and is not a file subject to the child's own limits); every wait
/// polls with `Task.sleep`, so nothing blocks the concurrency pool.
final class BackgroundIncant: @unchecked Sendable {
    let process = Process()
    private let output = Drain()
    private let error = Drain()
    /// Where audio for `--stdin` is written, when started with `feedsStandardInput`.
    let standardInput: Pipe?

    /// Starts `command arguments` (by default the `incant` executable) with `cli`'s environment;
    /// `standalone`: `command` is the whole program and its arguments, without `incant`.
    init(
        _ cli: CLIRunner, _ arguments: [String], command: [String] = [], extraEnvironment: [String: String] = [:],
        feedsStandardInput: Bool = false, standalone: Bool = false
    ) throws {
        if standalone {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst()) + arguments
        } else if command.isEmpty {
            process.executableURL = CLIRunner.executable
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst()) + [CLIRunner.executable.path] + arguments
        }
        process.environment = cli.environment.merging(extraEnvironment) { $1 }
        process.standardOutput = output.pipe
        process.standardError = error.pipe
        standardInput = feedsStandardInput ? Pipe() : nil
        process.standardInput = standardInput ?? FileHandle.nullDevice
        try process.run()
        output.start()
        error.start()
    }

    var pid: pid_t { process.processIdentifier }

    /// Everything written to standard output so far.
    var stdout: String { output.text }
    /// Everything written to standard error so far.
    var stderr: String { error.text }

    /// Reads a pipe to its end on a thread of its own, keeping what arrived.
    private final class Drain: @unchecked Sendable {
        let pipe = Pipe()
        private let lock = NSLock()
        private var data = Data()
        private var ended = false

        /// Whether the pipe reached its end (every writer closed it).
        var isFinished: Bool { lock.withLock { ended } }

        func start() {
            let reader = pipe.fileHandleForReading
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    lock.withLock { data += chunk }
                }
                lock.withLock { ended = true }
            }
        }

        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    }

    /// Writes `data` to the process's standard input on a thread of its own (a pipe write
    /// blocks until the process reads, which must not hold a thread of the concurrency pool),
    /// and returns once it is written.
    func feed(_ data: Data) async throws {
        let input = try #require(standardInput).fileHandleForWriting
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                continuation.resume(with: Result { try input.write(contentsOf: data) })
            }
        }
    }

    /// Closes the process's standard input (end of the audio).
    func endInput() throws {
        try standardInput?.fileHandleForWriting.close()
    }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits until `condition` holds (true) or `limit` passes (false).
    static func waitUntil(within limit: Duration, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// Waits for the process to exit; returns its status (128 + signal when killed by one), or
    /// `nil` when it is still running after `limit` (it is then killed). The default only
    /// guards against a hang: a debug `listen` through the denoiser took over 180 s on a 2-core
    /// machine running the whole CLI suite (load average near 30).
    func waitForExit(within limit: Duration = .seconds(600)) async -> Int32? {
        guard await Self.waitUntil(within: limit, { !process.isRunning }) else {
            kill(pid, SIGKILL)
            _ = await Self.waitUntil(within: .seconds(10)) { !process.isRunning }
            return nil
        }
        // The last output may still be in the pipes (or a leftover grandchild holds them).
        _ = await Self.waitUntil(within: .seconds(5)) { output.isFinished && error.isFinished }
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// User plus system CPU time the process has used so far, in seconds (from
    /// `/proc/PID/stat`); `nil` once it is gone.
    var cpuSeconds: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime field 14, stime field 15 (1-based).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Ends the process if a failed expectation left it running.
    func stop() {
        if process.isRunning { kill(pid, SIGKILL) }
        try? standardInput?.fileHandleForWriting.close()
    }
}
