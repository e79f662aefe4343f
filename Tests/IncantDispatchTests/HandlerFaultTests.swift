import Foundation
import IncantDispatch
import IncantPhrases
import Testing

/// Handlers that misbehave in the ways the existing external handler tests do not cover: a
/// child that ignores SIGTERM, closed stdout, binary garbage, invalid UTF-8, a gigantic single
/// line. Each ends as a `failure` (or its honest answer) with a bounded reason, promptly.
@Suite("Handler faults", .timeLimit(.minutes(10)))
final class HandlerFaultTests {
    let directory: ScratchDirectory

    init() throws {
        directory = try ScratchDirectory()
    }

    deinit {
        directory.remove()
    }

    private func run(_ script: String, timeout: Duration = .seconds(600)) async throws -> ShortcutResponse {
        try directory.script("handler.sh", script)
        let handler = ExternalHandler(arguments: ["./handler.sh"], timeout: timeout, workingDirectory: directory.path)
        return await handler.respond(
            to: ShortcutRequest(stage: .handle, shortcut: "test", parameters: [:], query: "test it"))
    }

    private func pid(in name: String) throws -> pid_t {
        let text = try #require(directory.contents(of: name), "\(name) was not written")
        return try #require(
            pid_t(String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test("a handler and a child that both ignore SIGTERM are killed at the timeout")
    func ignoresTerm() async throws {
        let response = try await run(
            """
            trap '' TERM
            sh -c 'trap "" TERM; exec sleep 3600' &
            echo $! > child.pid
            sleep 3600
            """, timeout: .seconds(1))
        #expect(response == .failure(reason: "timeout"))
        let child = try pid(in: "child.pid")
        defer { kill(child, SIGKILL) }
        #expect(await waitForDeath(of: child), "the child ignoring SIGTERM (pid \(child)) survived")
    }

    @Test("closing stdout early does not make a handler wait for its timeout")
    func closesStdoutThenFinishes() async throws {
        let response = try await run("exec >&-\nsleep 1\necho 'done, quietly' >&2\nexit 0")
        #expect(response == .success)
    }

    @Test("closing stdout but keeping stderr open and running past the timeout is a timeout")
    func closesStdoutKeepsRunning() async throws {
        let response = try await run("exec >&-\necho 'still here' >&2\nsleep 3600", timeout: .seconds(1))
        #expect(response == .failure(reason: "timeout"))
    }

    @Test("binary garbage on stdout is a failure quoting a bounded, readable excerpt")
    func binaryGarbage() async throws {
        let response = try await run(
            #"printf '\377\376\000\001\002garbage\033[31m\200\201'; head -c 4000 /dev/urandom"#)
        #expect(response.code == .failure)
        let reason = try #require(response.reason)
        #expect(reason.hasPrefix("invalid handler output (expected one JSON object with a string \"code\")"))
        #expect(reason.contains("\u{FFFD}"), "invalid bytes are shown as replacement characters")
        #expect(reason.count < 200, "\(reason.count) characters")
    }

    @Test("a JSON answer with invalid UTF-8 is a failure, not a crash or a garbled success")
    func invalidUTF8InJSON() async throws {
        let response = try await run(#"printf '{"code": "success", "dialog": "caf\351 \377"}'"#)
        #expect(response.code == .failure)
        #expect(response.reason?.hasPrefix("invalid handler output") == true, "\(response)")
    }

    @Test("a gigantic single line on stdout is capped and answered promptly")
    func giganticStdoutLine() async throws {
        let response = try await run("head -c 3000000 /dev/zero | tr '\\000' 'x'")
        #expect(response.code == .failure)
        let reason = try #require(response.reason)
        #expect(reason == "handler output exceeds 64 KiB", "\(reason.prefix(200))")
    }

    @Test("a gigantic single line on stderr is cut to its tail in the reason")
    func giganticStderrLine() async throws {
        let response = try await run("head -c 3000000 /dev/zero | tr '\\000' 'y' >&2\necho ' the end' >&2\nexit 4")
        #expect(response.code == .failure)
        let reason = try #require(response.reason)
        #expect(reason.hasPrefix("exit status 4: …yyy"), "\(reason.prefix(100))")
        #expect(reason.hasSuffix("yyy the end"))
        #expect(reason.count < 1100, "\(reason.count) characters")
    }

    @Test("a valid answer followed by a crash is the crash")
    func answerThenCrash() async throws {
        let response = try await run("echo '{\"code\": \"success\"}'\nkill -ABRT $$")
        #expect(response == .failure(reason: "handler killed by SIGABRT"))
    }

    @Test("a script still open for writing somewhere (Text file busy) runs once it is closed")
    func textFileBusyIsRetried() async throws {
        let path = try directory.script("busy.sh", "echo '{\"code\": \"success\"}'")
        // Hold the script open for writing, as a process forked while it was being written
        // would, and let go after 50 ms: exec fails with ETXTBSY until then.
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        let closer = Task.detached {
            try? await Task.sleep(for: .milliseconds(50))
            close(descriptor)
        }
        let handler = ExternalHandler(
            arguments: ["./busy.sh"], timeout: .seconds(600), workingDirectory: directory.path)
        let response = await handler.respond(
            to: ShortcutRequest(stage: .handle, shortcut: "test", parameters: [:], query: "test it"))
        await closer.value
        #expect(response == .success)
    }
}
