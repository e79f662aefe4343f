import Foundation
import IncantCapture
import IncantListening

#if canImport(Glibc)
    import Glibc
#endif

/// What switches a running `listen` from outside, wired to its ``ListenerControl``: the
/// control socket (`incant trigger`, `mute`, `unmute`, `status`), SIGUSR1 (trigger), SIGHUP
/// (reload the configuration file and the shortcuts), and a capture device's comings and
/// goings.
final class ListenControls: Sendable {
    let control: ListenerControl
    private let socket: ControlSocket?
    private let signals: SignalPipe

    private init(control: ListenerControl, socket: ControlSocket?, signals: SignalPipe) {
        self.control = control
        self.socket = socket
        self.signals = signals
    }

    /// Starts answering on the control socket and catching the signals. A socket that cannot
    /// be opened is a warning: the listener runs, without remote control.
    ///
    /// - Throws: ``CommandFailure`` when the signals cannot be caught.
    static func start(_ control: ListenerControl, configuration: ReloadableConfiguration) throws -> ListenControls {
        let signals = try SignalPipe.start(.control) { number in
            if number == SIGUSR1 {
                report(control.answer(.trigger), from: "SIGUSR1")
            } else if number == SIGHUP, configuration.reread() {
                control.requestReload()
            }
        }
        var socket: ControlSocket?
        do {
            socket = try ControlSocket.open(at: Settings.paths.controlSocket) { command in
                let reply = control.answer(command)
                if command != .status { report(reply, from: "`incant \(command.rawValue)`") }
                return reply
            }
        } catch {
            StandardError.print(
                "incant: warning: \(error); `incant trigger`, `mute`, `unmute` and `status` cannot reach this listener")
        }
        return ListenControls(control: control, socket: socket, signals: signals)
    }

    /// Stops answering and restores the signals' handlers.
    func stop() {
        socket?.close()
        signals.stop()
    }

    /// Enter at the terminal, with push-to-talk.
    func keyboardTrigger() {
        Self.report(control.answer(.trigger), from: "Enter")
    }

    /// Logs what a request did, for whoever watches the listener (a terminal, the journal).
    static func report(_ reply: ControlReply, from origin: String) {
        if let message = reply.message { StandardError.print("incant: \(origin): \(message)") }
        if let error = reply.error { StandardError.print("incant: \(origin): \(error)") }
    }

    /// Reopens a capture device that goes away, telling `control` and the log.
    static func deviceReopening(for control: ListenerControl, device: String) -> DeviceReopening {
        DeviceReopening { state in
            control.deviceChanged(state)
            switch state {
            case .capturing:
                StandardError.print("incant: ALSA device '\(device)' is back; listening again")
            case .waiting(let error, let delay):
                StandardError.print(
                    "incant: \(error.description); waiting for the device, next attempt in "
                        + String(format: "%.1f s", delay.inSeconds))
            }
        }
    }
}
