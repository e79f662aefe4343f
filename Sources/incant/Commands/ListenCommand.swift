import ArgumentParser
import Dispatch
import Foundation
import IncantCapture
import IncantDispatch
import IncantPhrases
import IncantRecognition

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

            With --once the first utterance is handled and the exit status is simulate's: 0 \
            success, 1 failure code, 2 nothing matched (or no speech at all). Otherwise it runs \
            until the input ends or SIGINT/SIGTERM, and exits 0. A missing or busy device exits \
            66; a read error 74.
            """)

    @OptionGroup var audio: AudioSourceOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var matching: MatchOptionGroup
    @OptionGroup var dispatching: DispatchOptionGroup
    @OptionGroup var speech: SpeechOptions

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

    func run() async throws {
        try await withExitStatus {
            let status = try await listen()
            if status != 0 { throw ExitCode(status) }
        }
    }

    private func listen() async throws -> Int32 {
        let loaded = try catalog.loadCatalog()
        let recognizer = try speech.makeRecognizer(for: loaded, parallelPhoneLoop: true)
        let online = try adaptOnline ? onlineAdaptation(recognizer) : nil
        let adapting = DispatchGroup()
        defer {
            if let online {
                // An estimate under way finishes (it takes seconds) before its file goes.
                adapting.wait()
                try? FileManager.default.removeItem(atPath: online.path)
            }
        }
        let matchOptions = try matching.options()
        let matcher = PhraseMatcher(catalog: loaded, options: matchOptions)
        let source = try audio.source()
        // Each utterance is decoded while its trailing silence is confirmed, so that the shortcut
        // starts as the utterance closes.
        let speculation = SpeculativeDecoding<SpeechRecognition>()
        // A file or pipe is read no faster than utterances are decoded (a device never waits).
        let live = LiveUtterances(
            source: source, settings: audio.endpointer, maximumPending: audio.isLive ? nil : 8
        ) { settled in
            speculation.begin(settled) { try recognizer.recognizeSynchronously($0, cancellation: $1) }
        }
        defer { live.stop() }
        let conversation = Conversation(
            live: live, recognizer: recognizer, speculation: speculation,
            speaker: speak ? Speaker(command: Settings.paths.speakCommand) : nil,
            keyboard: audio.stdin ? nil : KeyboardLines.start(), isLive: audio.isLive,
            timeout: .milliseconds(Int(max(0.1, answerTimeout) * 1000)))
        let interaction = VoiceInteraction(
            answers: TerminalInteraction(
                answers: try dispatching.answerValues(checkedAgainst: loaded.shortcuts), interactive: false),
            conversation: conversation)
        let dispatcher = Dispatcher(
            interaction: interaction, history: try dispatching.history(), homeDirectory: Settings.paths.home)
        let catalog = catalog
        let options = dispatching.options
        let json = json
        let once = once
        StandardError.print(
            "incant: listening to \(source.description)" + (once ? " for one utterance" : "; Ctrl-C stops"))

        return try await SignalCancellation.run {
            var start = 0
            var interpreter = SpeechInterpreter(recognizer: recognizer, matcher: matcher)
            var runner = ShortcutRunner(matcher: matcher, dispatcher: dispatcher)
            var watcher = CatalogWatcher(
                definitionsPath: catalog.shortcutsPath, phrasesDirectory: catalog.phrasesDirectory)
            while !Task.isCancelled {
                let next: Utterance?
                do {
                    next = try await live.next(startingAt: start)
                } catch {
                    throw captureFailure(error)
                }
                guard let utterance = next else { break }
                // Definitions or phrases edited while listening: use them from now on, or keep
                // the previous ones when the new files are invalid.
                if watcher.changed() {
                    do {
                        let reloaded = try catalog.loadCatalog()
                        try recognizer.reload(reloaded)
                        speculation.discard()
                        let newMatcher = PhraseMatcher(catalog: reloaded, options: matchOptions)
                        interpreter = SpeechInterpreter(recognizer: recognizer, matcher: newMatcher)
                        runner = ShortcutRunner(matcher: newMatcher, dispatcher: dispatcher)
                        StandardError.print("incant: phrases changed; reloaded \(reloaded.entries.count) phrases")
                    } catch let failure as CommandFailure {
                        StandardError.print("incant: \(failure.message); keeping the previous phrases")
                    } catch {
                        StandardError.print("incant: cannot reload the phrases (\(error)); keeping the previous ones")
                    }
                }
                let heard: SpeechMatch
                let closed = ContinuousClock.now
                let closedAt = Date()
                do {
                    let (recognition, _) = try await speculation.result(for: utterance) {
                        try recognizer.recognizeSynchronously($0)
                    }
                    heard = interpreter.interpret(recognition)
                } catch {
                    // One bad utterance does not stop a listener; with --once it is the answer.
                    let failure = CommandFailure(message: "cannot recognize speech: \(error)", status: ExitStatus.io)
                    if once { throw failure }
                    StandardError.print("incant: " + failure.message)
                    continue
                }
                let latency = ContinuousClock.now - closed
                let report = await runner.run(
                    match: heard.match, accepted: heard.accepted != nil, fallbackQuery: heard.recognition.transcript,
                    options: options)
                let line = ListenReport(
                    report: report, speech: heard, utterance: utterance, latency: latency, closedAt: closedAt,
                    conversation: conversation.takeExchanges())
                var text = (json ? try JSON.line(line) : line.summary) + "\n"
                if !json, let dialog = report.outcome?.dialog { text += dialog + "\n" }
                // Unbuffered: whoever reads a pipe sees each utterance as it is handled.
                do {
                    try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
                } catch {
                    throw CommandFailure(message: "cannot write to standard output: \(error)", status: ExitStatus.io)
                }
                if let dialog = report.outcome?.dialog {
                    await conversation.say(dialog)
                }
                if once { return report.exitStatus }
                // After the shortcut and its dialog: computing the features must not delay them.
                if let online, heard.accepted != nil {
                    Self.adapt(online, to: utterance.samples, heard: heard.recognition.transcript, group: adapting)
                }
                FreedMemory.release()
                // Utterances said while the shortcut ran are kept, but not the spoken dialog's echo.
                start = conversation.answerStart
            }
            if once {
                StandardError.print("incant: no speech was heard")
                return ExitStatus.noMatch
            }
            return ExitStatus.success
        }.value
    }

    /// The online adaptation of `--adapt-online`, writing to a private temporary file.
    private func onlineAdaptation(_ recognizer: GrammarRecognizer) throws -> OnlineAdaptation {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "incant-online-\(getpid())-\(UUID().uuidString.prefix(8)).mllr"
        ).path
        do {
            return OnlineAdaptation(recognizer: recognizer, tools: try SphinxTrainTools.locate(), path: path)
        } catch {
            throw CommandFailure(message: error.description, status: ExitStatus.noInput)
        }
    }

    /// Where accepted utterances are kept and estimates run for `--adapt-online`, one after the
    /// other: computing an utterance's features waits for the phrase decoder, and SphinxTrain
    /// takes seconds, neither of which the listening task may block on.
    private static let adaptationQueue = DispatchQueue(label: "incant.adaptation", qos: .utility)

    /// Keeps an accepted utterance for the online adaptation and, when an estimate is due,
    /// runs it, on ``adaptationQueue`` (listening goes on).
    static func adapt(
        _ online: OnlineAdaptation, to samples: [Int16], heard transcript: String, group: DispatchGroup
    ) {
        adaptationQueue.async(group: group) {
            do {
                guard try online.record(samples, words: transcript.split(separator: " ").map(String.init)) else {
                    return
                }
            } catch {
                StandardError.print("incant: cannot keep the utterance for adaptation: \(error)")
                return
            }
            do {
                if let estimate = try online.update() {
                    StandardError.print(
                        "incant: adapted the model to the last \(estimate.used.count) accepted utterances")
                }
            } catch {
                StandardError.print("incant: cannot adapt the model: \(error)")
            }
        }
    }
}

/// One line of `incant listen`: the dispatch report plus what was heard and when.
struct ListenReport: Encodable {
    var report: QueryReport
    var speech: SpeechMatch
    var utterance: Utterance
    /// From the utterance's close (its trailing silence heard) to its shortcut and parameters.
    var latency: Duration
    /// The wall-clock time of the close (to compare with when a handler started).
    var closedAt: Date
    var conversation: [Conversation.Exchange]

    private enum CodingKeys: String, CodingKey {
        case transcript, alternatives, acousticConfidence, heard, conversation, reason
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

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(speech.recognition.transcript, forKey: .transcript)
        try container.encode(speech.recognition.alternatives, forKey: .alternatives)
        try container.encode(Self.round(speech.recognition.acousticConfidence), forKey: .acousticConfidence)
        try container.encode(
            Heard(
                start: Self.seconds(utterance.startTime), end: Self.seconds(utterance.endTime),
                speechStart: Self.seconds(utterance.speechStartTime), speechEnd: Self.seconds(utterance.speechEndTime),
                endReason: "\(utterance.endReason)", decodeSeconds: Self.round(speech.recognition.decodeSeconds),
                latencySeconds: Self.seconds(latency), closedAt: closedAt.timeIntervalSince1970),
            forKey: .heard)
        try container.encode(conversation, forKey: .conversation)
        if !report.accepted { try container.encode(speech.reason, forKey: .reason) }
    }

    static func round(_ value: Double) -> Double { JSON.rounded(value) }

    static func seconds(_ duration: Duration) -> Double { round(duration.inSeconds) }

    /// `[0.48–2.31s] "order three four cheese pizzas" → order-pizza count=3 … · handle: success`.
    var summary: String {
        let when = String(
            format: "[%.2f–%.2fs] ", Self.seconds(utterance.speechStartTime), Self.seconds(utterance.speechEndTime))
        guard report.accepted else {
            return when + "\"\(speech.recognition.transcript)\": no shortcut (\(speech.reason))"
        }
        return when + report.summary + String(format: " · acoustic %.2f", speech.recognition.acousticConfidence)
    }
}
