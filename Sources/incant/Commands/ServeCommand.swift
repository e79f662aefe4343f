import ArgumentParser
import Foundation
import IncantDispatch
import IncantPhrases
import IncantRecognition
import IncantServer
import IncantSpeech

#if canImport(Glibc)
    import Glibc
#endif

/// `incant serve`: a Wyoming server, so that Home Assistant (or any Wyoming client) can use
/// Incant for speech to text of its phrases, for intents and for running shortcuts.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve your phrases and shortcuts over the Wyoming protocol (Home Assistant).",
        discussion: """
            Offers three Wyoming programs: ASR (audio in any PCM format → the phrase heard, \
            an empty text when it was none of yours), intent ("recognize" text → the shortcut \
            and its parameters) and handle (a "transcript" → the shortcut runs, confirm then \
            handle, and its dialog is the answer). Nobody can be asked anything over Wyoming: a \
            shortcut that requires confirmation or lacks a value is not run.

            Binds 127.0.0.1:10700 by default. Another address (such as 0.0.0.0, for Home \
            Assistant on another machine) needs --token-file: every connection must then send \
            {"type": "auth", "data": {"token": "…"}} first, or it is closed. Home Assistant's \
            Wyoming integration sends no token, so reach a remote Incant through an SSH tunnel \
            or keep both on one machine.

            Runs until SIGINT or SIGTERM, then closes every connection and exits 0.
            """)

    @Option(
        help: ArgumentHelp(
            "Where to listen: tcp://HOST:PORT (port 0: any free port, printed on standard error).", valueName: "uri"))
    var uri = "tcp://127.0.0.1:10700"

    @Option(
        name: .customLong("token-file"),
        help: ArgumentHelp(
            "A file holding the token every connection must present first (needed to listen beyond loopback).",
            valueName: "file"))
    var tokenFile: String?

    @Option(help: ArgumentHelp("Utterances decoded at once (default: the number of cores).", valueName: "count"))
    var decoders: Int?

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var matching: MatchOptionGroup
    @OptionGroup var speech: SpeechOptions

    @Flag(
        help: ArgumentHelp(
            "Decode a stream only at audio-stop, not as soon as its speech has settled (the same transcript, later; for comparison)."
        ))
    var decodeAtStop = false

    @Flag(help: "Run the confirm stage only; do not run the handle stage.")
    var dryRun = false

    @Flag(help: "Do not record dispatches in the history.")
    var noHistory = false

    func validate() throws {
        if let decoders, !(1...64).contains(decoders) { throw ValidationError("--decoders must be between 1 and 64") }
    }

    func run() async throws {
        try await withExitStatus {
            let endpoint = try ServeEndpoint(uri: uri)
            let token = try tokenFile.map(Self.readToken)
            guard endpoint.isLoopback || token != nil else {
                throw CommandFailure(
                    message:
                        "--uri \(uri) listens beyond this machine; give --token-file FILE (clients must then send the token first) or listen on 127.0.0.1",
                    status: ExitStatus.usage)
            }
            let loaded = try catalog.loadCatalog()
            let count = decoders ?? ProcessInfo.processInfo.activeProcessorCount
            let recognizers: [any SpeechRecognizer] = try (0..<count).map { _ in
                PocketSphinxRecognizer(try speech.makeRecognizer(for: loaded))
            }
            let service = WyomingService(
                matcher: PhraseMatcher(catalog: loaded, options: try matching.options()),
                dispatcher: Dispatcher(history: history(), homeDirectory: Settings.paths.home),
                pool: RecognizerPool(recognizers), dispatchOptions: DispatchOptions(dryRun: dryRun),
                decodesWhileStreaming: !decodeAtStop, version: Incant.configuration.version)
            let server: WyomingServer
            do {
                server = try await WyomingServer.bind(
                    host: endpoint.host, port: endpoint.port, service: service, token: token,
                    report: { StandardError.print("incant: \($0)") })
            } catch {
                throw CommandFailure(message: "cannot listen on \(uri): \(error)", status: ExitStatus.io)
            }
            let shown = server.host.contains(":") ? "[\(server.host)]" : server.host
            StandardError.print(
                "incant: serving Wyoming on tcp://\(shown):\(server.port) (\(count) decoder\(count == 1 ? "" : "s"), "
                    + "\(loaded.shortcuts.count) shortcuts); Ctrl-C stops")
            _ = try await SignalCancellation.run {
                do {
                    try await server.run()
                } catch is CancellationError {
                    // SIGINT or SIGTERM: the server closed its connections.
                }
            }
            StandardError.print("incant: stopped serving")
        }
    }

    /// The token in `path`, without surrounding whitespace.
    static func readToken(_ path: String) throws -> String {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CommandFailure(message: "cannot read the token file \(path): \(error)", status: ExitStatus.noInput)
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.count >= 16 else {
            throw CommandFailure(
                message: "the token in \(path) has \(token.count) characters; use 16 or more", status: ExitStatus.usage)
        }
        return token
    }

    /// The history to record in, unless `--no-history`; one that cannot be opened is a warning.
    private func history() -> HistoryStore? {
        if noHistory { return nil }
        let location = Settings.paths.history
        do {
            return try HistoryStore(path: location)
        } catch {
            StandardError.print(
                "incant: warning: cannot open the history at \(location) (\(error)); running without it; "
                    + HistoryStore.repairAdvice(location))
            return nil
        }
    }
}

/// A `tcp://HOST:PORT` address as Wyoming writes it.
struct ServeEndpoint: Equatable {
    var host: String
    var port: Int

    init(uri: String) throws {
        func failure(_ problem: String) -> CommandFailure {
            CommandFailure(message: "--uri \(uri): \(problem)", status: ExitStatus.usage)
        }
        guard uri.hasPrefix("tcp://") else { throw failure("only tcp://HOST:PORT is served") }
        let rest = uri.dropFirst("tcp://".count)
        let hostPart: Substring
        let portPart: Substring
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            hostPart = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            guard after.hasPrefix(":") else { throw failure("no port after the address") }
            portPart = after.dropFirst()
        } else {
            guard let colon = rest.lastIndex(of: ":") else { throw failure("no port (tcp://HOST:PORT)") }
            hostPart = rest[..<colon]
            portPart = rest[rest.index(after: colon)...]
        }
        guard !hostPart.isEmpty else { throw failure("no host") }
        guard let port = Int(portPart), (0...65_535).contains(port) else {
            throw failure("port \"\(portPart)\" is not a number from 0 to 65535")
        }
        host = String(hostPart)
        self.port = port
    }

    /// Whether the address is this machine's own: `localhost`, an IPv4 address in 127.0.0.0/8
    /// or the IPv6 `::1` (names other than `localhost` are not resolved, so they count as remote).
    var isLoopback: Bool {
        if host == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 { return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127 }
        var ipv6 = in6_addr()
        if inet_pton(AF_INET6, host, &ipv6) == 1 {
            return withUnsafeBytes(of: &ipv6) { $0.elementsEqual([UInt8](repeating: 0, count: 15) + [1]) }
        }
        return false
    }
}
