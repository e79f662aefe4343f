import Foundation

/// A real HTTP server on 127.0.0.1 (scripts/http-test-server.py) for one test, on a free port,
/// logging every request it receives.
final class LocalHTTPServer {
    let port: Int
    let logPath: String
    private let process: Process
    private let input: Pipe

    /// The request the server logged: method, path, lower-cased headers, body text.
    struct Received: Decodable {
        var method: String
        var path: String
        var headers: [String: String]
        var body: String
    }

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/http-test-server.py").path

    /// Starts the server, logging into `directory`, and waits for its port.
    init(in directory: ScratchDirectory) throws {
        logPath = directory.path + "/requests.jsonl"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script, "--log", logPath]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let text = String(data: line, encoding: .utf8),
            let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.terminate()
            throw ServerError(
                message: "the test HTTP server did not print its port: \(String(decoding: line, as: UTF8.self))")
        }
        self.port = port
    }

    /// `http://127.0.0.1:<port>` followed by `path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Every request received so far, oldest first.
    func received() throws -> [Received] {
        let text = try String(contentsOfFile: logPath, encoding: .utf8)
        return try text.split(separator: "\n").map {
            try JSONDecoder().decode(Received.self, from: Data($0.utf8))
        }
    }

    /// Stops the server (it exits when its stdin closes).
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    struct ServerError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
