import ArgumentParser
import Foundation
import IncantListening

/// Sends one control request to the running listener and prints its reply.
enum ControlRequestRunner {
    /// Sends `command`; a refusal exits 1, no listener 69 (EX_UNAVAILABLE).
    static func run(_ command: ControlCommand, json: Bool) throws {
        let path = Settings.paths.controlSocket
        let reply: ControlReply
        do {
            reply = try ControlClient.send(command, to: path)
        } catch .noListener(let path) {
            throw CommandFailure(
                message: ControlSocketError.noListener(path: path).description, status: ExitStatus.unavailable)
        } catch {
            throw CommandFailure(message: error.description, status: ExitStatus.io)
        }
        if json {
            try FileHandle.standardOutput.write(contentsOf: Data((try JSON.line(reply) + "\n").utf8))
        } else if command == .status, let status = reply.status {
            print(StatusText(status: status).text)
        } else if let message = reply.message {
            print(message)
        }
        if let error = reply.error {
            throw CommandFailure(message: error, status: ExitStatus.failure)
        }
    }
}

/// `incant trigger`: opens one command in a push-to-talk listener.
struct TriggerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trigger",
        abstract: "Open one command in the running listener (push-to-talk).",
        discussion: """
            Bind it to a desktop hotkey: the next thing you say (within --trigger-window of \
            `incant listen --push-to-talk`) is recognized as a command. With a wake word, it \
            stands in for the wake word. Exits 69 when no listener runs.
            """)

    @Flag(help: "Print the listener's reply as JSON.")
    var json = false

    func run() throws {
        try withExitStatusSync { try ControlRequestRunner.run(.trigger, json: json) }
    }
}

/// `incant mute`: the privacy switch.
struct MuteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mute",
        abstract: "Stop the running listener from processing audio until `incant unmute`.",
        discussion: """
            While muted, audio is dropped as it is read: nothing reaches a denoiser, the \
            utterance detector or the recognizer, and what was being said is discarded.
            """)

    @Flag(help: "Print the listener's reply as JSON.")
    var json = false

    func run() throws {
        try withExitStatusSync { try ControlRequestRunner.run(.mute, json: json) }
    }
}

/// `incant unmute`.
struct UnmuteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unmute", abstract: "Let the running listener hear again after `incant mute`.")

    @Flag(help: "Print the listener's reply as JSON.")
    var json = false

    func run() throws {
        try withExitStatusSync { try ControlRequestRunner.run(.unmute, json: json) }
    }
}

/// `incant status`.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what the running listener is doing.",
        discussion: """
            Listening, waiting for a trigger, muted or waiting for the device; the device, the \
            wake word, and the last utterance with its decision. --json prints \
            {"ok", "status": {"activity", "source", "wakeWord", "pushToTalk", "deviceProblem", \
            "lastUtterance": {"transcript", "outcome", "shortcut", "reason", "time"}}}. Exits 69 \
            when no listener runs.
            """)

    @Flag(help: "Print the status as JSON.")
    var json = false

    func run() throws {
        try withExitStatusSync { try ControlRequestRunner.run(.status, json: json) }
    }
}

/// A listener's status as lines for people.
struct StatusText {
    var status: ListenerStatus

    var text: String {
        var lines = ["state: \(status.activity.rawValue)", "audio: \(status.source)"]
        if let problem = status.deviceProblem { lines.append("device problem: \(problem)") }
        lines.append("wake word: " + (status.wakeWord.map { "\"\($0)\"" } ?? "none"))
        lines.append("push-to-talk: " + (status.pushToTalk ? "on" : "off"))
        if let last = status.lastUtterance {
            let when = Date(timeIntervalSince1970: last.time).formatted(date: .omitted, time: .standard)
            var line = "last utterance: "
            line += last.transcript.map { "\"\($0)\" " } ?? ""
            line += last.outcome.rawValue
            if let shortcut = last.shortcut { line += " (\(shortcut))" }
            if let reason = last.reason { line += ": \(reason)" }
            lines.append(line + " at \(when)")
        } else {
            lines.append("last utterance: none yet")
        }
        return lines.joined(separator: "\n")
    }
}

/// ``withExitStatus(_:)`` for commands that do not wait on anything.
func withExitStatusSync(_ body: () throws -> Void) throws {
    LoggingSetup.once
    do {
        try body()
    } catch let failure as CommandFailure {
        exit(with: failure)
    }
}
