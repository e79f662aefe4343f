import Foundation
import IncantCapture
import IncantDispatch
import IncantEvents
import IncantListening
import IncantPhrases
import IncantSpeech

/// What `incant serve` offers over Wyoming: speech to text against the user's phrases (ASR),
/// text to a shortcut and its parameters (intent), and running a shortcut (handle).
///
/// Shared by every connection; each connection's state is a ``WyomingSession``.
public struct WyomingService: Sendable {
    public let matcher: PhraseMatcher
    public let dispatcher: Dispatcher
    public let pool: RecognizerPool
    /// Options of every dispatch (a dry run, assumed confirmations).
    public let dispatchOptions: DispatchOptions
    /// The longest stream of audio taken; a longer one is answered with an error.
    public let maximumAudioSeconds: Double
    /// The version `info` gives for the programs.
    public let version: String
    /// Announces the decisions of `recognize` and `handle` and the outcomes of `handle` on a
    /// message bus (MQTT); nil announces nothing.
    public var announcer: DecisionAnnouncer?
    /// How the speech in a stream is found (``StreamedSpeech``): what is decoded is the stream
    /// from its first utterance's start to its last one's end.
    public let endpointer: EndpointerSettings
    /// Whether a stream's speech is decoded as soon as it has settled (its post-roll heard),
    /// while the client is still sending audio, instead of only at `audio-stop`. The transcript
    /// is the same either way; only when it is ready differs.
    public let decodesWhileStreaming: Bool
    /// How a stream's audio is heard before it is decoded: a high-pass filter, a front end.
    public let hearing: StreamHearing

    /// The language of every phrase and transcript.
    public static let language = "en"

    public init(
        matcher: PhraseMatcher, dispatcher: Dispatcher, pool: RecognizerPool,
        dispatchOptions: DispatchOptions = DispatchOptions(), maximumAudioSeconds: Double = 30,
        endpointer: EndpointerSettings = EndpointerSettings(), decodesWhileStreaming: Bool = true,
        hearing: StreamHearing = .asItComes, version: String, announcer: DecisionAnnouncer? = nil
    ) {
        self.endpointer = endpointer
        self.hearing = hearing
        self.decodesWhileStreaming = decodesWhileStreaming
        self.matcher = matcher
        self.dispatcher = dispatcher
        self.pool = pool
        self.dispatchOptions = dispatchOptions
        self.maximumAudioSeconds = maximumAudioSeconds
        self.version = version
        self.announcer = announcer
    }

    /// `info`: an ASR program whose models are the phrase sets (one per definitions file), an
    /// intent program and a handle program, all in English.
    public func info() -> WyomingEvent {
        let attribution: JSONValue = ["name": "Incant", "url": ""]
        func artifact(_ name: String, _ description: String, _ extra: [String: JSONValue] = [:]) -> JSONValue {
            var fields: [String: JSONValue] = [
                "name": .string(name), "attribution": attribution, "installed": true,
                "description": .string(description), "version": .string(version),
            ]
            fields.merge(extra) { $1 }
            return .object(fields)
        }
        let languages: JSONValue = [.string(Self.language)]
        let phraseSets = Dictionary(grouping: matcher.catalog.shortcuts) { Self.phraseSetName($0.location.file) }
        let models: [JSONValue] = phraseSets.keys.sorted().map { name in
            let shortcuts = phraseSets[name] ?? []
            return artifact(
                name,
                "\(shortcuts.count) shortcut\(shortcuts.count == 1 ? "" : "s"): "
                    + shortcuts.map(\.id).joined(separator: ", "), ["languages": languages])
        }
        let asr = artifact(
            "incant", "Speech to text of your Incant phrases (grammar-constrained; other speech gives an empty text)",
            ["models": .array(models), "supports_transcript_streaming": false])
        let intent = artifact(
            "incant", "Your Incant shortcuts: intent name = shortcut id, entities = parameters",
            ["models": [artifact("shortcuts", "every shortcut", ["languages": languages])]])
        let handle = artifact(
            "incant", "Runs the Incant shortcut a sentence says and answers with its dialog",
            ["models": [artifact("shortcuts", "every shortcut", ["languages": languages])]])
        return WyomingEvent(
            type: "info",
            data: [
                "asr": [asr], "intent": [intent], "handle": [handle], "tts": [], "wake": [], "mic": [], "snd": [],
            ])
    }

    /// A phrase set's name: its definitions file without folder and extension.
    static func phraseSetName(_ file: String) -> String {
        let base = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        return base.isEmpty ? "phrases" : base
    }

    /// Recognizes 16 kHz mono samples (after the stream's high-pass filter) as ``hearing`` hears
    /// them and decides; the transcript is empty unless a phrase was heard and not rejected.
    ///
    /// - Throws: `CancellationError` when `cancellation` was cancelled before the decision (a
    ///   decoding waiting for a recognizer then never starts).
    public func transcribe(_ samples: [Int16], cancellation: RecognitionCancellation? = nil) async throws -> String {
        try await pool.withRecognizer(transcription(of: samples, cancellation: cancellation))
    }

    /// Begins ``transcribe(_:cancellation:)`` of `samples` if a recognizer is free now; nil when
    /// none is (a decoding ahead of `audio-stop` must not delay the ones waiting for theirs).
    public func transcribeIfFree(_ samples: [Int16], cancellation: RecognitionCancellation) -> Task<String, any Error>?
    {
        pool.withFreeRecognizer(transcription(of: samples, cancellation: cancellation))
    }

    /// The work of transcribing `samples` on a recognizer of the pool.
    private func transcription(of samples: [Int16], cancellation: RecognitionCancellation?)
        -> @Sendable (any SpeechRecognizer) throws -> String
    {
        let matcher = matcher
        let hearing = hearing
        return { recognizer in
            if cancellation?.isCancelled == true { throw CancellationError() }
            // What this stream's decoding allocated goes back to the system, as after a listener's utterance.
            defer { FreedMemory.release() }
            let heard = try hearing.heard(samples)
            if cancellation?.isCancelled == true { throw CancellationError() }
            let understanding = try UtteranceInterpreter(recognizer: recognizer, matcher: matcher).interpret(
                heard, cancellation: cancellation)
            switch understanding.decision {
            case .accepted, .ambiguous: return understanding.recognition.transcript
            // No question can be asked over Wyoming: a contested word sends nothing on.
            case .rejected, .uncertain, .unconfirmed: return ""
            }
        }
    }

    /// `intent` with the accepted shortcut and its parameters, or `not-recognized`.
    public func recognize(_ text: String) -> WyomingEvent {
        let match = matcher.match(text)
        announcer?.announce(
            DecisionAnnouncement(
                input: text, intent: match.accepted, reason: match.accepted == nil ? match.reason : nil, outcome: nil))
        guard let candidate = match.accepted else { return WyomingReplies.notRecognized(text: text) }
        let entities = candidate.parameters.sorted { $0.key < $1.key }.map {
            (name: $0.key, value: Self.json($0.value))
        }
        return WyomingReplies.intent(name: candidate.shortcutID, entities: entities, text: text)
    }

    /// Runs the shortcut `text` says (confirm, then handle): `handled` with its dialog, or
    /// `not-handled` with why nothing ran or what failed. Nobody can be asked over Wyoming: a
    /// shortcut that needs a confirmation or a missing value is not run.
    public func handle(_ text: String) async -> WyomingEvent {
        let report = await run(query: text)
        announcer?.announce(DecisionAnnouncement(report: report))
        guard let outcome = report.outcome else {
            return WyomingReplies.notHandled("no shortcut: \(report.match.reason)")
        }
        switch outcome.status {
        case .completed, .dryRun:
            if !outcome.isFailure { return WyomingReplies.handled(outcome.dialog) }
        case .notConfirmed:
            return WyomingReplies.notHandled(
                "\(outcome.shortcut) needs a yes, which cannot be asked over Wyoming; it did not run")
        case .missingParameter:
            return WyomingReplies.notHandled(
                "\(outcome.shortcut) lacks a value, which cannot be asked over Wyoming; it did not run"
                    + (outcome.reason.map { " (\($0))" } ?? ""))
        case .notAtSite:
            return WyomingReplies.notHandled(outcome.reason ?? "\(outcome.shortcut) is not available here")
        case .stoppedAtConfirm, .interrupted:
            break
        }
        return WyomingReplies.notHandled(
            outcome.dialog ?? outcome.reason.map { "\(outcome.shortcut): \($0)" }
                ?? "\(outcome.shortcut): \(outcome.code)")
    }

    /// Matches `text` and runs the accepted shortcut (confirm, then handle) with the service's
    /// dispatcher and options, as `incant simulate` would; announces nothing.
    public func run(query text: String) async -> QueryReport {
        await ShortcutRunner(matcher: matcher, dispatcher: dispatcher).run(text, options: dispatchOptions)
    }

    /// A parameter value as JSON.
    static func json(_ value: ParameterValue) -> JSONValue {
        switch value {
        case .text(let text): .string(text)
        case .integer(let number): .number(Double(number))
        case .number(let number): .number(number)
        case .boolean(let flag): .bool(flag)
        }
    }
}
