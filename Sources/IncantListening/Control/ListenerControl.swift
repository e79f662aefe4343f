import Foundation
import IncantCapture
import IncantSpeech
import Synchronization

/// Switches a running ``Listener`` from outside and tells what it is doing: push-to-talk
/// triggers, mute (a privacy switch), the capture device's state, configuration reloads, and
/// the last utterance decided.
///
/// Give one to ``ListenerConfiguration/control``. Every method may be called from any thread
/// (a signal's, a control socket's, the keyboard's).
///
/// - While muted, audio is dropped as it arrives: it reaches no front end, no utterance
///   detector and no recognizer, and an utterance that was being said is discarded.
/// - With ``pushToTalk``, utterances are ignored unless a ``trigger()`` opened a command: the
///   first utterance that starts within ``triggerWindow`` after it (or just before it) is
///   recognized, without a wake word. Questions its shortcut asks are answered as usual.
/// - An utterance during which the device was lost is ignored (see ``deviceChanged(_:)``).
public final class ListenerControl: Sendable {
    /// Nothing is recognized until a trigger; each trigger opens one command.
    public let pushToTalk: Bool
    /// How long after a trigger its command may start.
    public let triggerWindow: Duration

    private let state: Mutex<State>

    /// Speech that started this shortly before a trigger still counts as its command (a key
    /// pressed just after starting to speak).
    static let triggerLead = AudioFormat.sampleRate / 2

    public init(pushToTalk: Bool = false, triggerWindow: Duration = .seconds(5)) {
        self.pushToTalk = pushToTalk
        self.triggerWindow = triggerWindow
        self.state = Mutex(State())
    }

    private struct State {
        var running = false
        var started = false
        var source = ""
        var wakeWord: String?
        var position: (@Sendable () -> Int)?
        var muted = false
        /// The stream position at which the current mute began.
        var mutedAt = 0
        /// The stream positions where audio stopped (muted, device lost); chunks are dropped
        /// meanwhile, so each is a single position.
        var interruptions: [(position: Int, reason: DecisionRejection)] = []
        /// How many interruptions the listener was told about.
        var interruptionsSeen = 0
        var interruptionCount = 0
        var trigger: Int?
        var deviceProblem: String?
        var reloadRequested = false
        var last: LastUtterance?

        var now: Int { position?() ?? 0 }

        /// Whether `utterance` starts after a trigger pressed at `trigger` (or just before it).
        static func starts(_ utterance: Utterance, after trigger: Int) -> Bool {
            utterance.speechStartSample + ListenerControl.triggerLead >= trigger
        }

        /// Whether the trigger pressed at `pressed` (the waiting one by default) opens `utterance`:
        /// it starts after the trigger and within `window` samples of it.
        func triggerOpens(_ utterance: Utterance, window: Int, pressed: Int? = nil) -> Bool {
            guard let trigger = pressed ?? trigger else { return false }
            return Self.starts(utterance, after: trigger) && utterance.speechStartSample <= trigger + window
        }

        mutating func interrupt(_ reason: DecisionRejection) {
            interruptions.append((now, reason))
            if interruptions.count > 64 { interruptions.removeFirst(interruptions.count - 64) }
            interruptionCount += 1
            trigger = nil
        }
    }

    // MARK: Switches

    /// Opens one command (push-to-talk), or lets the next utterance through without the wake
    /// word.
    @discardableResult
    public func trigger() -> TriggerOutcome {
        state.withLock { state in
            if state.muted { return .refusedWhileMuted }
            guard pushToTalk || state.wakeWord != nil else { return .notNeeded }
            state.trigger = state.now
            return .opened
        }
    }

    /// Stops processing audio until ``unmute()``. Returns false when already muted.
    @discardableResult
    public func mute() -> Bool {
        state.withLock { state in
            guard !state.muted else { return false }
            state.muted = true
            state.mutedAt = state.now
            state.interrupt(.muted)
            return true
        }
    }

    /// Processes audio again. Returns false when not muted.
    @discardableResult
    public func unmute() -> Bool {
        state.withLock { state in
            guard state.muted else { return false }
            state.muted = false
            return true
        }
    }

    /// Whether audio is being dropped.
    public var isMuted: Bool { state.withLock { $0.muted } }

    /// Reports the capture device's state (a ``IncantCapture/DeviceReopening``'s `onChange`).
    public func deviceChanged(_ device: CaptureDeviceState) {
        state.withLock { state in
            switch device {
            case .capturing:
                state.deviceProblem = nil
            case .waiting(let error, _):
                if state.deviceProblem == nil { state.interrupt(.deviceInterrupted) }
                state.deviceProblem = error.description
            }
        }
    }

    /// Asks the listener to load its shortcuts and phrases again before the next utterance.
    public func requestReload() {
        state.withLock { $0.reloadRequested = true }
    }

    /// What the listener is doing now.
    public var status: ListenerStatus {
        state.withLock { state in
            let activity: ListenerActivity
            if !state.running {
                activity = state.started ? .stopped : .starting
            } else if state.deviceProblem != nil {
                activity = .waitingForDevice
            } else if state.muted {
                activity = .muted
            } else if let trigger = state.trigger,
                state.now <= trigger + AudioFormat.sampleCount(for: triggerWindow)
            {
                activity = .triggered
            } else {
                activity = pushToTalk ? .waitingForTrigger : .listening
            }
            return ListenerStatus(
                activity: activity, source: state.source, wakeWord: state.wakeWord, pushToTalk: pushToTalk,
                deviceProblem: state.deviceProblem, lastUtterance: state.last)
        }
    }

    // MARK: Used by the listener

    /// The listener started reading `source`; `position` is its stream position now.
    func attach(source: String, wakeWord: String?, position: @escaping @Sendable () -> Int) {
        state.withLock { state in
            state.running = true
            state.started = true
            state.source = source
            state.wakeWord = wakeWord
            state.position = position
        }
    }

    /// The listener stopped.
    func detach() {
        state.withLock { state in
            state.running = false
            state.position = nil
        }
    }

    /// Whether a reload was asked for since the last call.
    func takeReloadRequest() -> Bool {
        state.withLock { state in
            defer { state.reloadRequested = false }
            return state.reloadRequested
        }
    }

    /// Whether a trigger waits to open `utterance` as its command, as ``admission(of:)`` would
    /// find, without taking the trigger.
    func isTriggered(for utterance: Utterance) -> Bool {
        let window = AudioFormat.sampleCount(for: triggerWindow)
        return state.withLock { !$0.muted && $0.triggerOpens(utterance, window: window) }
    }

    /// Takes the trigger waiting to open `utterance`, when there is one: it was pressed to answer
    /// a question, and opens no later command.
    func takeTrigger(for utterance: Utterance) {
        let window = AudioFormat.sampleCount(for: triggerWindow)
        state.withLock { state in
            if state.triggerOpens(utterance, window: window) { state.trigger = nil }
        }
    }

    /// What to do with `utterance`, taking the trigger it uses.
    func admission(of utterance: Utterance) -> CommandAdmission {
        let window = AudioFormat.sampleCount(for: triggerWindow)
        return state.withLock { state in
            if state.muted { return .ignored(.muted) }
            // Interruptions before this utterance matter to no later one either.
            state.interruptions.removeAll { $0.position <= utterance.startSample }
            if let cut = state.interruptions.first(where: { $0.position < utterance.endSample }) {
                return .ignored(cut.reason)
            }
            let interrupted = state.interruptionsSeen != state.interruptionCount
            state.interruptionsSeen = state.interruptionCount
            // A trigger is used up by the first utterance that starts after it, in its window or not.
            if let trigger = state.trigger, State.starts(utterance, after: trigger) {
                state.trigger = nil
                if state.triggerOpens(utterance, window: window, pressed: trigger) { return .command }
            }
            return pushToTalk ? .ignored(.notTriggered) : .listen(interrupted: interrupted)
        }
    }

    /// Keeps what the status reports about `event`.
    func note(_ event: ListenerEvent) {
        let last: LastUtterance
        switch event {
        case .turn(let turn):
            let decision = turn.understanding.decision
            var outcome = UtteranceOutcome.rejected
            var shortcut: String?
            var reason: String?
            switch decision {
            case .accepted(let candidate):
                outcome = .accepted
                shortcut = candidate.shortcutID
            case .ambiguous:
                outcome = .ambiguous
                reason = turn.report.match.reason
            case .uncertain(let choice):
                if let candidate = turn.resolution?.candidate {
                    outcome = .accepted
                    shortcut = candidate.shortcutID
                } else {
                    outcome = .uncertain
                    reason =
                        (turn.resolution?.rejection(of: choice) ?? .uncertain(heard: choice.heard, or: ""))
                        .description
                }
            case .unconfirmed:
                if let candidate = turn.resolution?.candidate {
                    outcome = .accepted
                    shortcut = candidate.shortcutID
                } else {
                    reason = turn.unconfirmedRejection?.description
                }
            case .rejected(let rejection):
                reason = rejection.description
            }
            last = LastUtterance(
                transcript: turn.understanding.recognition.transcript, outcome: outcome, shortcut: shortcut,
                reason: reason, time: turn.closedAt.timeIntervalSince1970)
        case .ignored(_, let reason):
            last = LastUtterance(
                transcript: nil, outcome: .ignored, shortcut: nil, reason: reason.description,
                time: Date().timeIntervalSince1970)
        default:
            return
        }
        state.withLock { $0.last = last }
    }
}
