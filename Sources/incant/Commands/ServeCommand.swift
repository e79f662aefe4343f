import ArgumentParser
import Foundation
import IncantCapture
import IncantDispatch
import IncantListening
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

            It also connects to the Wyoming satellites listed under `satellites:` in \
            config.yaml (--no-satellites: not), as Home Assistant does: it sends each \
            "run-satellite", listens to the audio it streams (after the satellite's own wake \
            word; or, from a satellite that streams all the time, after --wake when one is set), \
            runs the shortcut heard with the satellite's `site` (INCANT_SITE), answers with a \
            "transcript", and speaks the dialog on the satellite: the audio of the Wyoming \
            text-to-speech service of `tts: {uri}`, else of espeak-ng. A satellite that cannot \
            be reached or goes away is tried again, after 1 s and then up to every 30 s.

            With `mqtt:` in config.yaml, the decisions of "recognize" and "transcript" events and \
            the outcomes of the latter are published on the broker, and text published on \
            incant/<site>/query runs as with `incant simulate`; see README.md, "MQTT".

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

    @Flag(help: "Do not connect to the satellites of config.yaml.")
    var noSatellites = false

    @OptionGroup var wake: WakeOptionGroup

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
            // `mqtt:` in the configuration file: decisions announced, queries taken.
            let mqtt = try MQTTEvents.configured(Settings.configuration.mqtt, site: Settings.configuration.site)
            let dispatcher = Dispatcher(history: history(), homeDirectory: Settings.paths.home)
            var service = WyomingService(
                matcher: PhraseMatcher(catalog: loaded, options: try matching.options()),
                dispatcher: dispatcher,
                pool: RecognizerPool(recognizers), dispatchOptions: DispatchOptions(dryRun: dryRun),
                decodesWhileStreaming: !decodeAtStop, hearing: try hearing(), version: Incant.configuration.version)
            service.announcer = mqtt?.announcer
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
            let queries = service
            mqtt?.start { await queries.run(query: $0) }
            let links = noSatellites ? [] : try satelliteLinks(catalog: loaded, history: service.dispatcher.history)
            do {
                _ = try await SignalCancellation.run {
                    try await withThrowingDiscardingTaskGroup { group in
                        // SIGINT or SIGTERM cancels both: the server closes its connections, each
                        // satellite link its connection (a running shortcut is interrupted).
                        group.addTask { await SatelliteLink.run(links) }
                        group.addTask {
                            do {
                                try await server.run()
                            } catch is CancellationError {
                                // The server closed its connections.
                            }
                        }
                    }
                }
            } catch {
                await mqtt?.stop()
                await dispatcher.shutdown()
                throw error
            }
            await mqtt?.stop()
            await dispatcher.shutdown()
            StandardError.print("incant: stopped serving")
        }
    }

    /// A link to each satellite of the configuration, with a listener (and recognizer) of its
    /// own per connection; each prints what happens on standard error.
    private func satelliteLinks(catalog loaded: PhraseCatalog, history: HistoryStore?) throws -> [SatelliteLink] {
        let configuration = Settings.configuration
        guard !configuration.satellites.isEmpty else { return [] }
        let speech = speech
        let wake = wake
        let matchOptions = try matching.options()
        let dispatchOptions = DispatchOptions(dryRun: dryRun)
        let home = Settings.paths.home
        // Made now, so that a wake word that cannot be built is told at once.
        _ = try wake.settings(speech: speech)
        var endpointer = EndpointerSettings()
        if let milliseconds = configuration.trailingSilence { endpointer.trailingSilence = .milliseconds(milliseconds) }
        endpointer.postRoll = min(endpointer.postRoll, endpointer.trailingSilence)
        let detector = endpointer
        for satellite in configuration.satellites {
            StandardError.print(
                "incant: satellite \(satellite.name) (site \(satellite.site)): connecting to \(satellite.address)")
        }
        return configuration.satellites.map { satellite in
            SatelliteLink(
                satellite: satellite, textToSpeech: configuration.textToSpeech,
                makeListener: { parts in
                    let recognizer = PocketSphinxRecognizer(try speech.makeRecognizer(for: loaded))
                    var listener = ListenerConfiguration(
                        source: parts.source, recognizer: recognizer, catalog: loaded,
                        detector: Endpointer(settings: detector), matchOptions: matchOptions,
                        dispatcher: Dispatcher(history: history, homeDirectory: home),
                        dispatchOptions: dispatchOptions, speaker: parts.speaker, isLive: true,
                        wakeWord: parts.pipeline.streamsBeforeWakeWord ? try wake.settings(speech: speech) : nil)
                    // No denoiser: a satellite that streams all the time would be denoised all the
                    // time, for every room at once.
                    listener.highPassCutoff = try speech.highPassCutoff()
                    PhrasePauseOption.apply(configuration.phrasePause, to: &listener)
                    listener.unclearCommands = Self.unclearCommands(
                        streamsBeforeWakeWord: parts.pipeline.streamsBeforeWakeWord)
                    return listener
                },
                report: { SatellitePrinter.print($0, satellite: satellite) })
        }
    }

    /// How the Wyoming ASR program hears a stream, as `listen` and `recognize` hear audio: the
    /// high-pass filter, then `--front-end` unless the stretch decoded comes from a quiet room.
    /// A denoiser asked for by name that cannot be made is an error now, not at the first stream.
    private func hearing() throws -> StreamHearing {
        let first = try speech.makeFrontEnd()
        let speech = speech
        return StreamHearing(
            highPassCutoff: try speech.highPassCutoff(), bypass: try speech.bypass(),
            frontEnds: first is IdentityFrontEnd
                ? nil : FrontEndShelf(first: first) { try speech.makeFrontEnd(warns: false) })
    }

    /// When a satellite's listener asks "Did you say …?" (`ask-unclear:`, else when addressed):
    /// a satellite that listens for its own wake word streams only commands meant for Incant.
    static func unclearCommands(streamsBeforeWakeWord: Bool) -> UnclearCommandPolicy {
        let configured =
            Settings.configuration.askUnclear.flatMap(UnclearCommandPolicy.init(rawValue:)) ?? .whenAddressed
        return streamsBeforeWakeWord ? configured : configured.forStreamOfCommands
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
        do {
            let address = try WyomingAddress(uri: uri, anyPort: true)
            host = address.host
            port = address.port
        } catch {
            throw CommandFailure(message: "--uri \(uri): \(error)", status: ExitStatus.usage)
        }
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
