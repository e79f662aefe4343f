import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Debian's `mosquitto` broker, started by a test on a free port of 127.0.0.1 with a config
/// file of its own in a temporary folder (anonymous clients allowed, nothing persisted, the log
/// on standard error). Installed by `scripts/setup.sh`; without it the test fails, naming it.
public final class MosquittoBroker: @unchecked Sendable {
    public let port: Int
    public let folder: URL
    private let process = Process()
    private let log = Pipe()
    private let lock = NSLock()
    private var logData = Data()

    /// The broker's executable.
    public static let executable = "/usr/sbin/mosquitto"

    /// Certificates made with `openssl` for a TLS listener on 127.0.0.1: an authority and a
    /// server certificate it signed (valid for the address 127.0.0.1).
    public struct Certificates: Sendable {
        public var caFile: String
        public var certificateFile: String
        public var keyFile: String

        /// Makes them in `folder`.
        public static func make(in folder: URL) throws -> Certificates {
            func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
            let openssl = "/usr/bin/openssl"
            guard FileManager.default.isExecutableFile(atPath: openssl) else {
                throw MQTTTestError(message: "no \(openssl): run scripts/setup.sh (it installs openssl)")
            }
            try "subjectAltName=IP:127.0.0.1\n".write(toFile: path("san.cnf"), atomically: true, encoding: .utf8)
            try runBlocking(
                openssl,
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"), "-out", path("ca.pem"),
                    "-subj", "/CN=Incant test authority", "-days", "2",
                ])
            try runBlocking(
                openssl,
                [
                    "req", "-newkey", "rsa:2048", "-nodes", "-keyout", path("server.key"), "-out", path("server.csr"),
                    "-subj", "/CN=127.0.0.1",
                ])
            try runBlocking(
                openssl,
                [
                    "x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                    "-CAcreateserial", "-out", path("server.pem"), "-days", "2", "-extfile", path("san.cnf"),
                ])
            return Certificates(
                caFile: path("ca.pem"), certificateFile: path("server.pem"), keyFile: path("server.key"))
        }
    }

    /// Starts a broker on `port` (a free one when nil) and returns once it takes connections.
    /// With `users` (name: password), only they may connect (a `mosquitto_passwd` file); with
    /// `tls`, it speaks only TLS.
    public static func start(
        port: Int? = nil, users: [String: String] = [:], tls: Certificates? = nil
    ) async throws -> MosquittoBroker {
        let broker = try MosquittoBroker(port: port ?? freePort(), users: users, tls: tls)
        guard await broker.waitUntilListening() else {
            broker.stop()
            throw MQTTTestError(message: "mosquitto did not listen on port \(broker.port): \(broker.output)")
        }
        return broker
    }

    private init(port: Int, users: [String: String], tls: Certificates?) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw MQTTTestError(message: "no \(Self.executable): run scripts/setup.sh (it installs mosquitto)")
        }
        self.port = port
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("incant-mosquitto-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // As root, mosquitto changes to the user `user` names; naming ourselves keeps it as it is.
        let user = getpwuid(geteuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "root"
        let config = folder.appendingPathComponent("mosquitto.conf")
        var access = "allow_anonymous true"
        if !users.isEmpty {
            let passwords = folder.appendingPathComponent("passwords")
            try "".write(to: passwords, atomically: true, encoding: .utf8)
            for (name, password) in users.sorted(by: { $0.key < $1.key }) {
                try Self.runBlocking("/usr/bin/mosquitto_passwd", ["-b", passwords.path, name, password])
            }
            access = "allow_anonymous false\npassword_file \(passwords.path)"
        }
        if let tls {
            access += "\ncafile \(tls.caFile)\ncertfile \(tls.certificateFile)\nkeyfile \(tls.keyFile)"
        }
        try """
        listener \(port) 127.0.0.1
        \(access)
        persistence false
        log_dest stderr
        log_type all
        user \(user)

        """.write(to: config, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["-c", config.path]
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reader = log.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                lock.withLock { logData += chunk }
            }
        }
    }

    /// Runs a tool of the mosquitto package and waits for it (only while setting a broker up).
    static func runBlocking(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MQTTTestError(
                message: "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
    }

    /// What the broker logged so far.
    public var output: String { lock.withLock { String(decoding: logData, as: UTF8.self) } }

    /// Whether the broker process still runs.
    public var isRunning: Bool { process.isRunning }

    private func waitUntilListening() async -> Bool {
        // Checked once more after the deadline: on a loaded machine this task may wake late.
        let deadline = ContinuousClock.now + .seconds(300)
        while true {
            if Self.accepts(port: port) { return true }
            if !process.isRunning || ContinuousClock.now > deadline { return false }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Stops the broker (SIGTERM, then SIGKILL) and removes its folder.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A port of 127.0.0.1 that nothing listens on now.
    public static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw MQTTTestError(message: "socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw MQTTTestError(message: "bind: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether a TCP connection to 127.0.0.1:`port` is accepted.
    static func accepts(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }
}

/// Debian's `mosquitto_pub` and `mosquitto_sub`, the command-line clients, run as subprocesses.
public enum MQTTTools {
    public static let publisher = "/usr/bin/mosquitto_pub"
    public static let subscriber = "/usr/bin/mosquitto_sub"

    /// Publishes `message` on `topic` with `mosquitto_pub`.
    public static func publish(port: Int, topic: String, message: String, retained: Bool = false) async throws {
        let result = try await run(
            publisher,
            ["-h", "127.0.0.1", "-p", "\(port)", "-q", "1", "-t", topic, "-m", message] + (retained ? ["-r"] : []))
        guard result.status == 0 else {
            throw MQTTTestError(message: "mosquitto_pub -t \(topic) exited \(result.status): \(result.error)")
        }
    }

    /// The retained message of `topic`, or nil when there is none (waits up to `wait` seconds).
    public static func retained(port: Int, topic: String, wait: Int = 5) async throws -> String? {
        let result = try await run(
            subscriber,
            ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "--retained-only", "-C", "1", "-W", "\(wait)"])
        guard result.status == 0 else { return nil }
        return result.output.trimmingCharacters(in: .newlines)
    }

    /// Runs `tool arguments` on a thread of its own; returns the exit status and output.
    static func run(_ tool: String, _ arguments: [String]) async throws -> (
        status: Int32, output: String, error: String
    ) {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw MQTTTestError(message: "no \(tool): run scripts/setup.sh (it installs mosquitto-clients)")
        }
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: tool)
                process.arguments = arguments
                let output = Pipe()
                let error = Pipe()
                process.standardOutput = output
                process.standardError = error
                process.standardInput = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let errorData = LockedData()
                let errorRead = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    errorData.append(error.fileHandleForReading.readDataToEndOfFile())
                    errorRead.signal()
                }
                let data = output.fileHandleForReading.readDataToEndOfFile()
                errorRead.wait()
                process.waitUntilExit()
                continuation.resume(
                    returning: (
                        process.terminationStatus, String(decoding: data, as: UTF8.self),
                        String(decoding: errorData.value, as: UTF8.self)
                    ))
            }
        }
    }
}

/// `mosquitto_sub` left running on some topics, collecting `topic payload` lines. Ready once
/// it has received a message of its own on a sentinel topic, so nothing published after
/// ``start(port:topics:)`` returns is missed.
public final class MQTTSubscriber: @unchecked Sendable {
    /// One message received.
    public struct Message: Sendable {
        public var topic: String
        public var payload: String

        /// The payload parsed as a JSON object.
        public var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: Any]
        }
    }

    private let process = Process()
    private let output = Pipe()
    private let lock = NSLock()
    private var buffer = Data()
    private let sentinel = "incant-test/ready/\(UUID().uuidString)"

    public static func start(port: Int, topics: [String]) async throws -> MQTTSubscriber {
        let subscriber = try MQTTSubscriber(port: port, topics: topics)
        var ready = false
        for _ in 0..<200 where !ready {
            try await MQTTTools.publish(port: port, topic: subscriber.sentinel, message: "ready")
            ready = await subscriber.wait(within: .milliseconds(300)) { $0.topic == subscriber.sentinel } != nil
        }
        guard ready else {
            subscriber.stop()
            throw MQTTTestError(message: "mosquitto_sub did not subscribe on port \(port)")
        }
        return subscriber
    }

    private init(port: Int, topics: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: MQTTTools.subscriber) else {
            throw MQTTTestError(
                message: "no \(MQTTTools.subscriber): run scripts/setup.sh (it installs mosquitto-clients)")
        }
        process.executableURL = URL(fileURLWithPath: MQTTTools.subscriber)
        process.arguments =
            ["-h", "127.0.0.1", "-p", "\(port)", "-q", "1", "-v", "-t", sentinel] + topics.flatMap { ["-t", $0] }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reader = output.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                lock.withLock { buffer += chunk }
            }
        }
    }

    /// Every message received so far (the sentinel's left out).
    public var messages: [Message] {
        let text = lock.withLock { String(decoding: buffer, as: UTF8.self) }
        return text.split(separator: "\n").compactMap { line in
            guard let space = line.firstIndex(of: " ") else { return Message(topic: String(line), payload: "") }
            return Message(topic: String(line[..<space]), payload: String(line[line.index(after: space)...]))
        }.filter { $0.topic != sentinel }
    }

    /// The first message that satisfies `condition` within `limit`, or nil.
    public func wait(within limit: Duration = .seconds(120), _ condition: (Message) -> Bool) async -> Message? {
        let deadline = ContinuousClock.now + limit
        while true {
            let text = lock.withLock { String(decoding: buffer, as: UTF8.self) }
            for line in text.split(separator: "\n") {
                let space = line.firstIndex(of: " ") ?? line.endIndex
                let message = Message(
                    topic: String(line[..<space]),
                    payload: space == line.endIndex ? "" : String(line[line.index(after: space)...]))
                if condition(message) { return message }
            }
            if ContinuousClock.now > deadline { return nil }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Ends the subscriber (SIGKILL: a child may inherit SIGTERM blocked from the test's thread).
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// Bytes appended by one thread and read by another.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) { lock.withLock { data += more } }
    var value: Data { lock.withLock { data } }
}

/// Why an MQTT peer could not be used.
public struct MQTTTestError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}
