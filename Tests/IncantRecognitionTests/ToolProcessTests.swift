import Foundation
import Testing

@testable import IncantRecognition

@Suite("Running tools (espeak-ng, SphinxTrain)")
struct ToolProcessTests {
    @Test("a program still open for writing somewhere (Text file busy) runs once it is closed")
    func textFileBusyIsRetried() throws {
        let folder = try ScriptFolder("incant-tool")
        defer { folder.remove() }
        let path = try folder.program("busy", "echo ran \"$1\"")
        // Hold the program open for writing, as a process forked while it was being written
        // would, and let go after 50 ms: exec fails with ETXTBSY until then.
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        let closed = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
            close(descriptor)
            closed.signal()
        }
        let outcome = try ToolProcess(executable: path).run(["x y"])
        closed.wait()
        #expect(outcome.succeeded)
        #expect(String(decoding: outcome.output, as: UTF8.self) == "ran x y\n")
    }

    @Test("a program that cannot start is a launch failure with the reason")
    func missingProgram() {
        let error = #expect(throws: ToolProcess.LaunchFailure.self) {
            try ToolProcess(executable: "/nonexistent/tool").run([])
        }
        #expect(error?.reason.isEmpty == false)
    }
}
