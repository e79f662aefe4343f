import Foundation
import IncantCapture
import IncantDispatch
import IncantEvents
import IncantPhrases
import IncantSpeech
import Synchronization

/// Listens for phrases and runs their shortcuts: source → front ends → utterance detector →
/// (wake word) → recognizer → matcher → runner, reporting each step as a ``ListenerEvent``.
///
/// ```swift
/// let listener = Listener(ListenerConfiguration(source: source, recognizer: recognizer, catalog: catalog))
/// for try await event in listener.events() {
///     if case .turn(let turn) = event { print(turn.report.summary) }
/// }
/// ```
///
/// Questions a shortcut asks (a missing value, a yes/no confirmation) are answered by the next
/// utterance of the same stream, recognized against the possible answers, or by a typed line.
/// Each utterance is decoded while its trailing silence is being confirmed
/// (``ListenerConfiguration/speculates``), edited phrases are reloaded between utterances, and
/// accepted utterances teach the ``ListenerConfiguration/learner`` in the background.
public final class Listener: Sendable {
    public let configuration: ListenerConfiguration
    /// Matches against the shortcuts in use: the configuration's, or the last ones reloaded.
    private let matcher: Mutex<PhraseMatcher>

    public init(_ configuration: ListenerConfiguration) {
        self.configuration = configuration
        matcher = Mutex(PhraseMatcher(catalog: configuration.catalog, options: configuration.matchOptions))
    }

    /// Runs a typed query (one received from the bus) as `incant simulate` would: matched
    /// against the shortcuts in use, then confirm and handle through the configuration's
    /// dispatcher and options. Its questions go to that dispatcher's interaction, never to
    /// the voice.
    public func query(_ text: String) async -> QueryReport {
        let runner = ShortcutRunner(
            matcher: matcher.withLock { $0 },
            dispatcher: configuration.dispatcher)
        return await runner.run(text, options: configuration.dispatchOptions)
    }

    /// The events of one listening session; listening stops when iteration stops. Throws what
    /// the source throws (a ``IncantCapture/CaptureError``).
    public func events() -> AsyncThrowingStream<ListenerEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await self.run { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Listens until the input ends, ``ListenerConfiguration/maximumTurns`` utterances were
    /// decided, or the calling task is cancelled (a running shortcut is then stopped, and
    /// recorded as interrupted), handing each event to `handle` in order. Background
    /// adaptation has finished when it returns.
    ///
    /// - Throws: the source's error, or what `handle` throws (which stops listening).
    public func run(_ handle: @escaping @Sendable (ListenerEvent) async throws -> Void) async throws {
        let config = configuration
        let control = config.control
        // What the status reports comes from the events themselves.
        let announcer = config.announcer
        let handle: @Sendable (ListenerEvent) async throws -> Void = { event in
            control?.note(event)
            if let announcer, case .turn(let turn) = event { announcer.announce(DecisionAnnouncement(turn: turn)) }
            try await handle(event)
        }
        let named: any AudioSource =
            config.frontEnds.isEmpty
            ? config.source : FrontEndSource(source: config.source, frontEnds: config.frontEnds)
        // The wake word is looked for in the audio before the front ends too, when they change it.
        let changes = config.frontEnds.contains { !($0 is IdentityFrontEnd) }
        let wakeHearsUnprocessed = config.wakeWord?.hearsUnprocessed == true
        // The audio as it came is kept for the wake word, and for utterances heard as they came.
        let tap =
            changes && (wakeHearsUnprocessed || config.frontEndBypass != nil)
            ? UnprocessedAudioTap(
                capacity: wakeHearsUnprocessed ? UnprocessedAudioTap.standardCapacity : Self.heardCapacity)
            : nil
        let wakeTap = wakeHearsUnprocessed ? tap : nil
        let heard = HeardAudio(bypass: config.frontEndBypass, unprocessed: tap)
        // Muted audio is dropped before any other front end hears it; the lowest frequencies
        // (a DC offset, mains hum) go before anything measures the audio, the tap included.
        let highPass: [any AudioFrontEnd] = config.highPassCutoff.map { [HighPassFilter(cutoff: $0)] } ?? []
        let frontEnds =
            (control.map { [MuteGate(control: $0)] } ?? []) + highPass + (tap.map { [$0] } ?? []) + config.frontEnds
        let source: any AudioSource =
            frontEnds.isEmpty ? config.source : FrontEndSource(source: config.source, frontEnds: frontEnds)
        let recognizer = config.recognizer
        // Utterances that may be ignored (no wake word, no trigger) are not decoded ahead.
        let speculation: SpeculativeDecoding<RecognitionResult>? =
            config.speculates && config.wakeWord == nil && control?.pushToTalk != true ? SpeculativeDecoding() : nil
        // A file or pipe is read no faster than utterances are decoded (a device never waits).
        var onSettled: (@Sendable (Utterance) -> Void)?
        if let speculation {
            onSettled = { settled in
                speculation.begin(heard.of(settled)) { samples, cancellation in
                    try recognizer.recognize(samples, cancellation: cancellation)
                }
            }
        }
        let live = LiveUtterances(
            source: source, detector: config.detector, maximumPending: config.isLive ? nil : 8, onSettled: onSettled)
        defer { live.stop() }
        let newCommands = NewCommandCheck(
            wake: config.wakeWord.map { WakeGate(settings: $0, detector: config.detector, unprocessed: wakeTap) },
            control: control,
            recognizer: control?.pushToTalk == true ? nil : recognizer,
            matcher: { [self] in self.matcher.withLock { $0 } }, heard: heard)
        let conversation = Conversation(
            live: live, recognizer: recognizer, speculation: speculation, speaker: config.speaker,
            typed: config.typedAnswers, isLive: config.isLive, timeout: config.answerTimeout,
            attempts: config.questionAttempts, newCommands: newCommands, heard: heard, emit: { try? await handle($0) })
        var dispatcher = config.dispatcher
        let voice = VoiceInteraction(answers: config.dispatcher.interaction, conversation: conversation)
        dispatcher.interaction = voice
        let learning = LearningQueue(learner: config.learner)
        var runner = ShortcutRunner(matcher: matcher.withLock { $0 }, dispatcher: dispatcher)
        var watcher = config.reload.map {
            CatalogWatcher(definitionsPath: $0.definitionsPath, phrasesDirectory: $0.phrasesDirectory)
        }
        var wake = WakeGate(settings: config.wakeWord, detector: config.detector, unprocessed: wakeTap)
        let continuation = config.phrasePause.map {
            PhraseContinuation(pause: $0, recognizer: recognizer, speculation: speculation, heard: heard)
        }
        // An utterance recognized while looking for the rest of the command before it.
        var recognizedAhead: (utterance: Utterance, recognition: RecognitionResult)?
        // The last utterance, when it was rejected: a command right after it may be its rest.
        var rejectedBefore: (utterance: Utterance, recognition: RecognitionResult)?
        var start = 0
        var turns = 0
        var commands = 0

        control?.attach(source: named.description, wakeWord: config.wakeWord?.detector.phrase) { live.position }
        defer { control?.detach() }
        try await handle(.started(source: named.description))
        do {
            while !Task.isCancelled {
                for event in learning.takeEvents() { try await handle(event) }
                // A new command said instead of an answer comes first.
                let interruption = conversation.takeInterruption()
                var next = interruption?.utterance
                if next == nil { next = try await live.next(startingAt: start) }
                guard var utterance = next else { break }
                // What this utterance allocated goes back to the system once it is dealt with.
                defer { FreedMemory.release() }
                // Definitions or phrases edited while listening: used from now on, or the
                // previous ones kept when the new files are invalid.
                let requested = control?.takeReloadRequest() == true
                var reloaded = false
                if let reload = config.reload, watcher?.changed() == true || requested {
                    do {
                        let catalog = try reload.load()
                        try recognizer.reload(catalog)
                        let fresh = PhraseMatcher(catalog: catalog, options: config.matchOptions)
                        matcher.withLock { $0 = fresh }
                        speculation?.discard()
                        runner = ShortcutRunner(matcher: fresh, dispatcher: dispatcher)
                        reloaded = true
                        try await handle(.reloaded(phraseCount: catalog.entries.count))
                    } catch {
                        try await handle(.reloadFailed(error))
                    }
                }
                var triggered = false
                switch control?.admission(of: utterance) {
                case .ignored(let reason):
                    try await handle(.ignored(utterance, reason))
                    continue
                case .command:
                    triggered = true
                case .listen(interrupted: true):
                    // A wake word said before the audio stopped does not open a command after it.
                    wake = WakeGate(settings: config.wakeWord, detector: config.detector, unprocessed: wakeTap)
                case .listen(interrupted: false), nil:
                    break
                }
                if wake.isEnabled && !triggered {
                    switch await wake.command(in: utterance, known: interruption?.wakeWord) {
                    case .command(let command):
                        utterance = command
                    case .awaitingCommand(let detection):
                        try await handle(.wakeWordHeard(detection, in: utterance))
                        let earcon = config.wakeWord?.earcon
                        let reply = config.wakeWord?.reply
                        if earcon != nil || reply != nil {
                            await earcon?.play()
                            if let reply { await conversation.say(reply) }
                            // The command comes after the earcon and the reply, not in their echo.
                            start = earcon != nil && config.isLive ? live.position : conversation.answerStart
                            wake.awaitCommand(from: start)
                        }
                        continue
                    case .ignored(let reason):
                        try await handle(.ignored(utterance, reason))
                        continue
                    case .failed(let error):
                        try await handle(.problem(.recognitionFailed(utterance, error)))
                        continue
                    }
                }
                conversation.heard(utterance)
                // What the recognizer hears of it, and what the learner learns from.
                var spoken = heard.of(utterance)
                let closed = ContinuousClock.now
                let closedAt = Date()
                var recognition: RecognitionResult
                do {
                    let ahead = recognizedAhead.take()
                    if let known = interruption?.recognition, !reloaded {
                        recognition = known
                    } else if let ahead, ahead.utterance.startSample == utterance.startSample,
                        ahead.utterance.endSample == utterance.endSample, !reloaded
                    {
                        recognition = ahead.recognition
                    } else {
                        recognition = try await Self.recognize(spoken, with: recognizer, speculation: speculation)
                    }
                } catch {
                    if Task.isCancelled { break }
                    // One bad utterance does not stop a listener.
                    try await handle(.problem(.recognitionFailed(utterance, error)))
                    continue
                }
                // A command that followed the wake word or a trigger was meant for the listener.
                let addressed = triggered || wake.isEnabled
                let interpreter = UtteranceInterpreter(recognizer: recognizer, matcher: runner.matcher)
                let confirming = config.unclearCommands.asks(addressed: addressed)
                var understanding = interpreter.interpret(recognition, confirming: confirming)
                // Two utterances heard as one command from now on.
                func adopt(_ joined: Utterance, heard joinedHeard: Utterance, _ whole: Understanding) {
                    utterance = joined
                    spoken = joinedHeard
                    recognition = whole.recognition
                    understanding = whole
                    conversation.heard(joined)
                }
                // A command said right after speech that was rejected may be the rest of it.
                if let previous = rejectedBefore.take(), interruption == nil,
                    let (joined, joinedHeard, whole) = await continuation?.beginning(
                        of: utterance, understanding: understanding, after: previous.utterance,
                        recognized: previous.recognition, interpreter: interpreter, confirming: confirming)
                {
                    adopt(joined, heard: joinedHeard, whole)
                }
                // A command whose phrase goes on may be said with a pause in it: the rest
                // follows as the next utterance, and the two are one command.
                switch await continuation?.rest(
                    of: utterance, understanding: understanding, interpreter: interpreter, confirming: confirming,
                    live: live)
                {
                case .whole(let joined, let joinedHeard, let whole)?:
                    adopt(joined, heard: joinedHeard, whole)
                case .apart(let follower, let alone)?:
                    // Heard next (or as an answer), as it was recognized when it is that utterance.
                    await live.putBack(follower)
                    recognizedAhead = alone.map { (follower, $0) }
                case nil:
                    break
                }
                let latency = ContinuousClock.now - closed
                // A contested word, or a command heard too unclearly, is asked about before anything runs.
                var resolution: ContestResolution?
                switch understanding.decision {
                case .uncertain(let choice):
                    try await handle(.uncertain(choice, in: utterance))
                    resolution = await voice.resolve(choice, matcher: runner.matcher)
                case .unconfirmed(let candidate):
                    try await handle(.unconfirmed(candidate, confidence: recognition.confidence, in: utterance))
                    resolution = await voice.confirm(candidate)
                case .accepted, .ambiguous, .rejected:
                    break
                }
                let report =
                    config.runsShortcuts
                    ? await runner.run(understanding, resolved: resolution?.candidate, options: config.dispatchOptions)
                    : QueryReport(
                        query: understanding.match.best?.transcript ?? recognition.transcript,
                        match: understanding.match, outcome: nil)
                turns += 1
                rejectedBefore =
                    understanding.decision.isRejected && resolution == nil && interruption == nil
                    ? (utterance, recognition) : nil
                try await handle(
                    .turn(
                        ListenerTurn(
                            utterance: utterance, understanding: understanding, report: report, latency: latency,
                            closedAt: closedAt, exchanges: conversation.takeExchanges(), resolution: resolution)))
                if let dialog = report.outcome?.dialog { await conversation.say(dialog) }
                if let maximum = config.maximumTurns, turns >= maximum { break }
                if understanding.decision.accepted != nil { commands += 1 }
                if let maximum = config.maximumCommands, commands >= maximum { break }
                // After the shortcut and its dialog: learning must not delay them.
                if understanding.decision.accepted != nil {
                    learning.learn(from: spoken.samples, transcript: recognition.transcript)
                } else if let settled = resolution?.candidate {
                    // What the person said it was.
                    learning.learn(from: spoken.samples, transcript: settled.transcript)
                }
                // Utterances said while the shortcut ran are kept, but not the spoken dialog's echo.
                start = conversation.answerStart
            }
        } catch {
            await learning.drain()
            throw error
        }
        await learning.drain()
        for event in learning.takeEvents() { try await handle(event) }
    }

    /// The recognition of `utterance`: its speculation's when one decoded these samples.
    /// Samples of audio as it came kept for utterances heard as they came, when the wake word
    /// does not keep more: the longest utterance and those cut ahead of it (a file is read ahead).
    static let heardCapacity = AudioFormat.sampleRate * 60

    static func recognize(
        _ utterance: Utterance, with recognizer: any SpeechRecognizer,
        speculation: SpeculativeDecoding<RecognitionResult>?
    ) async throws -> RecognitionResult {
        if let speculation {
            return try await speculation.result(for: utterance) { try recognizer.recognize($0, cancellation: nil) }
                .output
        }
        let samples = utterance.samples
        return try await DecodingQueue.run { try recognizer.recognize(samples, cancellation: nil) }
    }
}

extension ShortcutRunner {
    /// Runs the shortcut of an accepted decision, or of an uncertain or unconfirmed one that the
    /// person settled (`resolved`); anything else runs nothing.
    public func run(
        _ understanding: Understanding, resolved: MatchCandidate? = nil, options: DispatchOptions = DispatchOptions()
    ) async -> QueryReport {
        let match = understanding.match
        var query = match.best?.transcript ?? understanding.recognition.transcript
        let chosen: MatchCandidate?
        switch understanding.decision {
        case .accepted(let candidate): chosen = candidate
        case .uncertain, .unconfirmed: chosen = resolved
        case .ambiguous, .rejected: chosen = nil
        }
        guard let candidate = chosen, let shortcut = matcher.catalog.shortcut(candidate.shortcutID) else {
            return QueryReport(query: query, match: match, outcome: nil)
        }
        if case .uncertain = understanding.decision { query = candidate.transcript }
        let outcome = await dispatcher.dispatch(
            shortcut, parameters: candidate.parameters, query: query, options: options)
        return QueryReport(query: query, match: match, outcome: outcome)
    }
}
