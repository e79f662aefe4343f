import Foundation

/// Runs the built `incant` executable as a user would, with its own temporary data folders.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        /// The standard output parsed as one JSON object.
        func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            guard let dictionary = object as? [String: Any] else { throw CocoaError(.propertyListReadCorrupt) }
            return dictionary
        }

        /// The standard output's lines that are JSON objects (`--json` prints one per line),
        /// in order; other lines are left out.
        func jsonLines() -> [[String: Any]] {
            stdout.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
        }
    }

    /// A JSON object's values as text (JSON numbers and strings compare alike on every platform).
    static func texts(_ value: Any?) -> [String: String]? {
        guard let dictionary = value as? [String: Any] else { return nil }
        return dictionary.mapValues { "\($0)" }
    }

    /// Temporary home for XDG folders, removed by `cleanUp()`.
    let home: URL
    var environment: [String: String]
    /// The folder commands run in (the test's own when `nil`).
    var workingDirectory: URL?

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("incant-cli-\(UUID())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        // The listener's control socket, private to this test (never a real session's listener).
        let runtime = home.appendingPathComponent("run")
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        environment["XDG_RUNTIME_DIR"] = runtime.path
        self.environment = environment
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: home)
    }

    /// The repository root (for `phrases/`).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The demo shortcuts shipped in `phrases/demo`.
    static let demo = repository.appendingPathComponent("phrases/demo").path

    /// The `incant` executable built beside the test bundle.
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("incant")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return repository.appendingPathComponent(".build/debug/incant")
    }()

    /// Runs the executable on a thread of its own (waiting for a process must not block the
    /// Swift concurrency pool, which other tests' timers need).
    func run(_ arguments: [String], extraEnvironment: [String: String] = [:], stdin: String? = nil) async throws
        -> Result
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Swift.Result<CLIRunner.Result, any Error> {
                        try runBlocking(arguments, extraEnvironment: extraEnvironment, stdin: stdin)
                    })
            }
        }
    }

    func runBlocking(_ arguments: [String], extraEnvironment: [String: String] = [:], stdin: String? = nil) throws
        -> Result
    {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment.merging(extraEnvironment) { $1 }
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        let output = Pipe()
        let error = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
