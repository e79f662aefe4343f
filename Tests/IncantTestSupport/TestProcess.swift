import Foundation

/// Runs a program the tests need (espeak-ng, sox, the `incant` binary) and waits for it.
public enum TestProcess {
    /// Where program `name` is installed (`/usr/bin`, `/usr/local/bin` or `/bin`); nil when it is
    /// not. An absolute path is returned as it is when it is executable.
    public static func tool(_ name: String) -> String? {
        if name.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs `program` (a name looked up by ``tool(_:)``, or a path) with `arguments`, its
    /// standard error discarded, and returns its standard output.
    ///
    /// - Throws: ``TestProcessError`` naming the command when the program is not installed or
    ///   exits with a status other than 0.
    @discardableResult
    public static func run(_ program: String, _ arguments: [String]) throws -> String {
        guard let executable = tool(program) else {
            throw TestProcessError(message: "\(program) is not installed (scripts/setup.sh installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw TestProcessError(
                message:
                    "\(([program] + arguments).joined(separator: " ")) exited with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// ``run(_:_:)`` on a thread of its own: waiting for a process must not block the Swift
    /// concurrency pool, which other tests' timers need.
    @discardableResult
    public static func output(_ program: String, _ arguments: [String]) async throws -> String {
        try await onThread { try run(program, arguments) }
    }

    /// Runs sox with `arguments` as ``run(_:_:)`` does, the same every run: sox dithers its
    /// 16-bit output with noise seeded from the clock unless told to repeat it (`-R`), so the
    /// same conversion otherwise gives other samples, and a decision near a threshold another
    /// outcome, from run to run.
    @discardableResult
    public static func sox(_ arguments: [String]) throws -> String {
        try run("sox", ["-R"] + arguments)
    }

    /// ``sox(_:)`` on a thread of its own, as ``output(_:_:)`` runs a program.
    @discardableResult
    public static func soxOutput(_ arguments: [String]) async throws -> String {
        try await output("sox", ["-R"] + arguments)
    }

    /// Runs `body` on a new thread and returns its result.
    public static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }
}

/// A program a test needed is missing or failed.
public struct TestProcessError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
