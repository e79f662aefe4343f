/// What a control socket client asks a running listener (`incant trigger`, `mute`, `unmute`,
/// `status`).
public enum ControlCommand: String, Sendable, Codable, CaseIterable {
    case trigger, mute, unmute, status
}

/// A request on the control socket: one JSON object on one line, `{"command":"trigger"}`.
public struct ControlRequest: Sendable, Codable {
    public var command: ControlCommand

    public init(command: ControlCommand) {
        self.command = command
    }
}

/// The listener's answer: one JSON object on one line. `ok` is false when the request was
/// refused (`error` says why); `status` is the listener's state after the request.
public struct ControlReply: Sendable, Codable {
    public var ok: Bool
    /// What was done, for people.
    public var message: String?
    /// Why the request was refused or not understood.
    public var error: String?
    public var status: ListenerStatus?

    public init(ok: Bool, message: String? = nil, error: String? = nil, status: ListenerStatus? = nil) {
        self.ok = ok
        self.message = message
        self.error = error
        self.status = status
    }
}

extension ListenerControl {
    /// Carries out `command` and says what happened.
    public func answer(_ command: ControlCommand) -> ControlReply {
        switch command {
        case .trigger:
            switch trigger() {
            case .opened:
                return ControlReply(ok: true, message: "listening for one command", status: status)
            case .refusedWhileMuted:
                return ControlReply(
                    ok: false, error: "muted: nothing is heard until `incant unmute`", status: status)
            case .notNeeded:
                return ControlReply(
                    ok: true, message: "every utterance is already a command (no push-to-talk, no wake word)",
                    status: status)
            }
        case .mute:
            let changed = mute()
            return ControlReply(
                ok: true, message: changed ? "muted: audio is not processed until `incant unmute`" : "already muted",
                status: status)
        case .unmute:
            let changed = unmute()
            return ControlReply(ok: true, message: changed ? "listening again" : "not muted", status: status)
        case .status:
            return ControlReply(ok: true, status: status)
        }
    }
}
