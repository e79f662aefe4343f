import ArgumentParser
import Dispatch
import Foundation
import IncantCapture
import IncantDispatch
import IncantListening
import IncantPhrases
import IncantRecognition
import IncantSpeech
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `incant listen`: hear phrases from a microphone (or a file, or standard input) and run
/// their shortcuts, asking questions by voice.
struct ListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Listen for phrases and run their shortcuts.",
        discussion: """
            Audio comes from an ALSA device (--device, default "default"), a WAV file (--file) or \
            raw 16 kHz mono s16le on standard input (--stdin), and is cut into utterances at \
            pauses. Each utterance is recognized against your phrases and, when accepted, runs \
            its shortcut exactly like `incant simulate`. Confirmations and missing values are \
            asked by voice: the next utterance is the answer (or a typed line, at a terminal).

            One line is printed per utterance, or with --json one object per line: the \
            `simulate --json` fields plus "transcript", "alternatives", "acousticConfidence", \
            "heard" (start/end times in seconds) and "conversation" (questions and answers).

            A command heard too unclearly to act on is asked about ("Did you say …?") when it \
            followed the wake word or a push-to-talk trigger (--ask-unclear); only yes runs it.

            With --once the first utterance is handled and the exit status is simulate's: 0 \
            success, 1 failure code, 2 nothing matched (or no speech at all). Otherwise it runs \
            until the input ends or SIGINT/SIGTERM, and exits 0. A missing or busy device exits \
            66; a read error 74.

            With `mqtt:` in config.yaml, each decision and outcome is also published on the \
            broker (hermes/intent/<shortcut>, hermes/nlu/intentNotRecognized, \
            incant/<site>/outcome) and text published on incant/<site>/query runs as with \
            `incant simulate`; see README.md, "MQTT".
            """)

    @OptionGroup var audio: AudioSourceOptions
    @OptionGroup var phrasePause: PhrasePauseOption
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var matching: MatchOptionGroup
    @OptionGroup var dispatching: DispatchOptionGroup
    @OptionGroup var speech: SpeechOptions
    @OptionGroup var pushToTalk: ListenControlOptions
    @OptionGroup var wake: WakeOptionGroup

    @Flag(help: "Handle the first utterance, then exit with its status.")
    var once = false

    @Flag(help: "Print one JSON object per utterance.")
    var json = false

    @Flag(
        name: .customLong("speak"), inversion: .prefixedNo,
        help: "Say questions and dialogs aloud with espeak-ng (default: `speak:` in config.yaml, else no).")
    var speakOption: Bool?

    /// `--speak` / `--no-speak`, else the configuration file's `speak:`.
    var speak: Bool { speakOption ?? Settings.configuration.speak ?? false }

    @Option(
        name: .customLong("answer-timeout"),
        help: ArgumentHelp(
            "How long to wait for a spoken or typed answer (default: `answer-timeout:` in config.yaml, else 10).",
            valueName: "seconds"))
    var answerTimeoutOption: Double?

    /// `--answer-timeout`, else the configuration file's, else 10 s.
    var answerTimeout: Double { answerTimeoutOption ?? Settings.configuration.answerTimeout ?? 10 }

    @Flag(
        help: ArgumentHelp(
            "Adapt the acoustic model to the utterances accepted while listening (every 10, from the last 40).",
            discussion: "Needs the sphinxtrain package. The transform lives only as long as the listener."))
    var adaptOnline = false

    @Option(
        name: .customLong("ask-unclear"),
        help: ArgumentHelp(
            "When to ask \"Did you say …?\" about a command heard too unclearly to act on: when-addressed "
                + "(after the wake word or a push-to-talk trigger), always, or never (default: `ask-unclear:` in "
                + "config.yaml, else when-addressed).", valueName: "when"))
    var askUnclearOption: UnclearCommandPolicy?

    /// `--ask-unclear`, else the configuration file's `ask-unclear:`, else when addressed.
    var askUnclear: UnclearCommandPolicy {
        askUnclearOption ?? Settings.configuration.askUnclear.flatMap(UnclearCommandPolicy.init(rawValue:))
            ?? .whenAddressed
    }

    func run() async throws {
        try await withExitStatus {
            let status = try await listen()
            if status != 0 { throw ExitCode(status) }
        }
    }

    /// Configures the listener from the options, then prints its events.
    private func listen() async throws -> Int32 {
        // The controls come first: SIGHUP or SIGUSR1 while the model loads must not end listen.
        let control = ListenerControl(pushToTalk: pushToTalk.pushToTalk, triggerWindow: pushToTalk.window)
        let settings = ReloadableConfiguration()
        let controls = try ListenControls.start(control, configuration: settings)
        defer { controls.stop() }
        let loaded = try catalog.loadCatalog()
        let engine = try speech.makeRecognizer(for: loaded, parallelPhoneLoop: true)
        let online = try adaptOnline ? onlineAdaptation(engine) : nil
        defer { if let online { try? FileManager.default.removeItem(atPath: online.path) } }
        let source = try audio.source(
            reopening: ListenControls.deviceReopening(for: control, device: audio.deviceName))
        let catalog = catalog
        let dispatcher = Dispatcher(
            interaction: TerminalInteraction(
                answers: try dispatching.answerValues(checkedAgainst: loaded.shortcuts), interactive: false),
            history: try dispatching.history(), homeDirectory: Settings.paths.home)
        var configuration = ListenerConfiguration(
            source: source, recognizer: PocketSphinxRecognizer(engine), catalog: loaded,
            frontEnds: try speech.frontEnds(), detector: Endpointer(settings: audio.endpointer),
            matchOptions: try matching.options(),
            dispatcher: dispatcher,
            dispatchOptions: dispatching.options, speaker: speak ? Speaker(command: Settings.paths.speakCommand) : nil,
            typedAnswers: audio.stdin
                ? nil : KeyboardLines.start(onEmptyLine: pushToTalk.pushToTalk ? controls.keyboardTrigger : nil),
            isLive: audio.isLive,
            answerTimeout: .milliseconds(Int(max(0.1, answerTimeout) * 1000)),
            reload: CatalogReload(
                definitionsPath: catalog.shortcutsPath, phrasesDirectory: catalog.phrasesDirectory,
                load: { try catalog.reloaded(with: settings.value).loadCatalog() }),
            learner: online, wakeWord: try wake.settings(speech: speech), maximumTurns: once ? 1 : nil)
        configuration.control = control
        configuration.unclearCommands = askUnclear
        phrasePause.apply(to: &configuration)
        configuration.frontEndBypass = try speech.bypass()
        configuration.highPassCutoff = try speech.highPassCutoff()
        // `mqtt:` in the configuration file: decisions announced, queries taken.
        let mqtt = try MQTTEvents.configured(settings.value.mqtt, site: dispatching.site)
        configuration.announcer = mqtt?.announcer
        let listener = Listener(configuration)
        mqtt?.start { await listener.query($0) }
        let printer = ListenPrinter(json: json, once: once)
        StandardError.print(
            "incant: listening to \(source.description)" + (once ? " for one utterance" : "; Ctrl-C stops")
                + (pushToTalk.pushToTalk ? "; push-to-talk: Enter, SIGUSR1 or `incant trigger` opens a command" : ""))
        let status: Int32
        do {
            status = try await SignalCancellation.run {
                do {
                    try await listener.run { try printer.print($0) }
                } catch let error as CaptureError {
                    throw captureFailure(error)
                }
                if once, let status = printer.exitStatus { return status }
                if once {
                    StandardError.print("incant: no speech was heard")
                    return ExitStatus.noMatch
                }
                return ExitStatus.success
            }.value
        } catch {
            await mqtt?.stop()
            await dispatcher.shutdown()
            throw error
        }
        await mqtt?.stop()
        await dispatcher.shutdown()
        return status
    }

    /// The online adaptation of `--adapt-online`, writing to a private temporary file.
    private func onlineAdaptation(_ recognizer: GrammarRecognizer) throws -> OnlineAdaptation {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "incant-online-\(getpid())-\(UUID().uuidString.prefix(8)).mllr"
        ).path
        do {
            return OnlineAdaptation(
                recognizer: recognizer, tools: try SphinxTrainTools.locate(paths: Settings.paths), path: path)
        } catch {
            throw CommandFailure(message: error.description, status: ExitStatus.noInput)
        }
    }
}

/// Prints a listener's events: one line (or JSON object) per utterance on standard output,
/// questions, answers and problems on standard error.
final class ListenPrinter: Sendable {
    let json: Bool
    let once: Bool
    private let status = Mutex<Int32?>(nil)

    init(json: Bool, once: Bool) {
        self.json = json
        self.once = once
    }

    /// The exit status of the last utterance with `--once`.
    var exitStatus: Int32? { status.withLock { $0 } }

    func print(_ event: ListenerEvent) throws {
        switch event {
        case .started:
            break
        case .wakeWordHeard(let detection, let utterance):
            try WakeLine.heard(detection, in: utterance, json: json)
        case .turn(let turn):
            let line = ListenReport(turn: turn)
            var text = (json ? try JSON.line(line) : line.summary) + "\n"
            if !json, let dialog = turn.report.outcome?.dialog { text += dialog + "\n" }
            // Unbuffered: whoever reads a pipe sees each utterance as it is handled.
            do {
                try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
            } catch {
                throw CommandFailure(message: "cannot write to standard output: \(error)", status: ExitStatus.io)
            }
            status.withLock { $0 = turn.report.exitStatus }
        case .uncertain(let choice, let utterance):
            try UncertainLine.print(choice, in: utterance, json: json)
        case .unconfirmed(let candidate, let confidence, let utterance):
            try UnconfirmedLine.print(candidate, confidence: confidence, in: utterance, json: json)
        case .questionAsked(let question, let hint):
            StandardError.print(question + (hint.map { " (\($0))" } ?? ""))
        case .answered(let exchange) where exchange.newCommand:
            StandardError.print("heard a new command instead of an answer; the question is dropped")
        case .answered(let exchange):
            guard let heard = exchange.heard else { break }
            StandardError.print(
                "heard \"\(heard)\""
                    + (exchange.answer != nil
                        ? "" : String(format: " (not understood, confidence %.2f)", exchange.acousticConfidence ?? 0)))
        case .ignored(let utterance, let reason):
            if json { try WakeLine.ignored(utterance, reason) }
            StandardError.print(String(format: "[%.2fs] ignored: %@", utterance.speechStartTime.inSeconds, "\(reason)"))
        case .reloaded(let count):
            StandardError.print("incant: phrases changed; reloaded \(count) phrases")
        case .reloadFailed(let error as CommandFailure):
            StandardError.print("incant: \(error.message); keeping the previous phrases")
        case .reloadFailed(let error):
            StandardError.print("incant: cannot reload the phrases (\(error)); keeping the previous ones")
        case .adapted(let count):
            StandardError.print("incant: adapted the model to the last \(count) accepted utterances")
        case .problem(.recognitionFailed(_, let error)):
            // One bad utterance does not stop a listener; with --once it is the answer.
            let failure = CommandFailure(message: "cannot recognize speech: \(error)", status: ExitStatus.io)
            if once { throw failure }
            StandardError.print("incant: " + failure.message)
        case .problem(.answerRecognitionFailed(let error)):
            StandardError.print("incant: cannot recognize the answer: \(error)")
        case .problem(.adaptationFailed(let error)):
            StandardError.print("incant: cannot adapt the model: \(error)")
        }
    }
}

/// One line of `incant listen`: the dispatch report plus what was heard and when.
struct ListenReport: Encodable {
    var turn: ListenerTurn

    private var report: QueryReport { turn.report }
    private var recognition: RecognitionResult { turn.understanding.recognition }

    private enum CodingKeys: String, CodingKey {
        case transcript, alternatives, acousticConfidence, heard, conversation, reason, uncertain, unconfirmed
        case resolution, backgroundWords, decision
    }

    /// Times in seconds from the start of the input.
    private struct Heard: Encodable {
        var start: Double
        var end: Double
        var speechStart: Double
        var speechEnd: Double
        var endReason: String
        var decodeSeconds: Double
        /// From the close of the utterance to having its shortcut (decoding mostly happens
        /// before the close, during the trailing silence).
        var latencySeconds: Double
        /// The close as Unix time in seconds.
        var closedAt: Double
    }

    /// An exchange with its confidence rounded.
    private struct Answer: Encodable {
        var question: String
        var heard: String?
        var acousticConfidence: Double?
        var typed: String?
        var answer: String?
        /// True when a new command came instead of an answer (left out otherwise).
        var newCommand: Bool?
    }

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        let utterance = turn.utterance
        try container.encode(recognition.transcript, forKey: .transcript)
        try container.encode(recognition.transcripts, forKey: .alternatives)
        try container.encode(Self.round(recognition.confidence), forKey: .acousticConfidence)
        try container.encode(
            Heard(
                start: Self.seconds(utterance.startTime), end: Self.seconds(utterance.endTime),
                speechStart: Self.seconds(utterance.speechStartTime), speechEnd: Self.seconds(utterance.speechEndTime),
                endReason: "\(utterance.endReason)", decodeSeconds: Self.round(recognition.decodeSeconds),
                latencySeconds: Self.seconds(turn.latency), closedAt: turn.closedAt.timeIntervalSince1970),
            forKey: .heard)
        try container.encode(
            turn.exchanges.map {
                Answer(
                    question: $0.question, heard: $0.heard, acousticConfidence: $0.acousticConfidence.map(Self.round),
                    typed: $0.typed, answer: $0.answer, newCommand: $0.newCommand ? true : nil)
            }, forKey: .conversation)
        if !report.accepted { try container.encode(reason, forKey: .reason) }
        // What was decided on the speech, not only on its words.
        try container.encode(Self.name(of: turn.understanding.decision), forKey: .decision)
        try container.encodeIfPresent(recognition.backgroundWords, forKey: .backgroundWords)
        switch turn.understanding.decision {
        case .uncertain(let choice):
            try container.encode(UncertainLine.Choice(choice), forKey: .uncertain)
            try container.encode(Self.name(of: turn.resolution), forKey: .resolution)
        case .unconfirmed(let candidate):
            try container.encode(
                UnconfirmedLine.Command(candidate, confidence: recognition.confidence), forKey: .unconfirmed)
            try container.encode(Self.name(of: turn.resolution), forKey: .resolution)
        case .accepted, .ambiguous, .rejected:
            break
        }
    }

    /// How the question about a contested word or an unclear command ended: chosen (yes, for an
    /// unclear command), cancelled (no, never mind), unanswered, unresolved.
    static func name(of resolution: ContestResolution?) -> String {
        switch resolution {
        case .chosen: "chosen"
        case .cancelled: "cancelled"
        case .unanswered, nil: "unanswered"
        case .unresolved: "unresolved"
        }
    }

    /// The decision's name in `--json`.
    static func name(of decision: SpeechDecision) -> String {
        switch decision {
        case .accepted: "accepted"
        case .ambiguous: "ambiguous"
        case .uncertain: "uncertain"
        case .unconfirmed: "unconfirmed"
        case .rejected: "rejected"
        }
    }

    /// Why nothing ran, or the matcher's explanation.
    var reason: String {
        switch turn.understanding.decision {
        case .rejected(let rejection): return rejection.description
        case .uncertain(let choice) where turn.resolution?.candidate == nil:
            return (turn.resolution?.rejection(of: choice)?.description ?? choice.description)
        case .unconfirmed:
            return turn.unconfirmedRejection?.description ?? turn.report.match.reason
        default: return turn.report.match.reason
        }
    }

    static func round(_ value: Double) -> Double { JSON.rounded(value) }

    static func seconds(_ duration: Duration) -> Double { round(duration.inSeconds) }

    /// `[0.48–2.31s] "order three four cheese pizzas" → order-pizza count=3 … · handle: success`.
    var summary: String {
        let utterance = turn.utterance
        let when = String(
            format: "[%.2f–%.2fs] ", Self.seconds(utterance.speechStartTime), Self.seconds(utterance.speechEndTime))
        guard report.accepted else {
            return when + "\"\(recognition.transcript)\": no shortcut (\(reason))"
        }
        return when + report.summary + String(format: " · acoustic %.2f", recognition.confidence)
    }
}

extension UnclearCommandPolicy: ExpressibleByArgument {}
