import Foundation
import IncantTestSupport
import Testing

/// The short soak: `scripts/soak.sh` streams 10 minutes of audio (synthesized commands, the
/// same in kitchen noise, real coffee orders, chit-chat, noise bursts, silence) through the
/// `incant` beside the test bundle (`listen --stdin --json`), and its report is checked.
/// `make soak` runs the same script for 8 hours of audio against a release build.
@Suite("Soak: 10 minutes of audio through incant listen --stdin", .tags(.soak), .skippedWhenFast)
struct SoakTests {
    /// Minutes of audio; the issue asks for at least 10.
    static let minutes = 10.0

    @Test("no crash, flat memory, commands recognized and few false accepts")
    func shortSoak() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("incant-soak-\(UUID())")
        defer { try? FileManager.default.removeItem(at: output) }
        // Rendered pieces are kept between runs (keyed by what they are made of).
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("incant-soak-pieces")
        let script = CLIRunner.repository.appendingPathComponent("scripts/soak.sh").path
        let result = try await Self.run(
            "/bin/bash",
            [
                script, "--minutes", String(Self.minutes), "--incant", CLIRunner.executable.path,
                "--out", output.path, "--cache", cache.path, "--warmup-minutes", "3", "--quiet",
            ])
        let reportURL = output.appendingPathComponent("report.json")
        guard FileManager.default.fileExists(atPath: reportURL.path) else {
            Issue.record("soak.sh wrote no report (status \(result.status)):\n\(result.stderr)\n\(result.stdout)")
            return
        }
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: reportURL)) as? [String: Any])
        let summary = result.stdout
        // The script's own checks: incant exited 0 after the whole input (no crash, no hang),
        // RSS grew at most 5 MB after warm-up (measured: 1.1–2.8 MB; BENCHMARKS.md, "Resident
        // memory"), and utterances aligned with the commands.
        #expect(result.status == 0, "soak.sh failed (status \(result.status)):\n\(summary)\n\(result.stderr)")
        #expect(report["passed"] as? Bool == true, "\(report["failures"] ?? "")")
        #expect(report["crashed"] as? Bool == false)
        #expect((report["audioSeconds"] as? Double ?? 0) >= Self.minutes * 60)

        let commands = try #require(report["commands"] as? [String: Any])
        let expected = commands["expected"] as? Int ?? 0
        let correct = commands["correct"] as? Int ?? 0
        // The programme is fixed by its seed: 44 commands in these 10 minutes.
        #expect(expected >= 40, "only \(expected) commands in 10 minutes")
        // Measured 84–86% (clean synthetic commands 96%, commands in 15–20 dB kitchen noise about
        // 70%); the bound leaves room for other machines.
        #expect(Double(correct) >= 0.7 * Double(expected), "recognized \(correct) of \(expected):\n\(summary)")

        let memory = try #require(report["memory"] as? [String: Any])
        let growth = try #require(memory["growthMB"] as? Double)
        #expect(growth <= 5, "RSS grew \(growth) MB:\n\(summary)")

        // Unrelated speech and noise accepted as a command. Measured: no coffee order or
        // chit-chat, and 1 of 17 kitchen-noise bursts (10–11 before acoustic acceptance required
        // the phone loop to hear speech under the words; 6% of 918 bursts in the 8-hour soak).
        let falseAccepts = try #require(report["falseAccepts"] as? [String: Any])
        let byKind = falseAccepts["byKind"] as? [String: Int] ?? [:]
        let unrelated = falseAccepts["unrelatedSegments"] as? Int ?? 0
        let segments = report["segments"] as? [String: Int] ?? [:]
        #expect(unrelated >= 40)
        let speechAccepted = (byKind["coffee"] ?? 0) + (byKind["chatter"] ?? 0)
        #expect(speechAccepted <= 2, "\(speechAccepted) unrelated utterances accepted:\n\(summary)")
        #expect((byKind["silence"] ?? 0) == 0, "shortcuts fired in silence:\n\(summary)")
        let noiseAccepted = byKind["noise"] ?? 0
        #expect(
            Double(noiseAccepted) <= 0.3 * Double(segments["noise"] ?? 0),
            "\(noiseAccepted) noise bursts accepted:\n\(summary)")
    }

    struct Output: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a program to completion on a thread of its own (not on the concurrency pool).
    static func run(_ program: String, _ arguments: [String]) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result<Output, any Error> {
                        let process = Process()
                        process.executableURL = URL(fileURLWithPath: program)
                        process.arguments = arguments
                        let output = Pipe()
                        let error = Pipe()
                        process.standardOutput = output
                        process.standardError = error
                        process.standardInput = FileHandle.nullDevice
                        try process.run()
                        // Standard error is read on another thread so that neither pipe fills up.
                        let errors = ErrorCollector(handle: error.fileHandleForReading)
                        let out = output.fileHandleForReading.readDataToEndOfFile()
                        process.waitUntilExit()
                        return Output(
                            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                            stderr: errors.wait())
                    })
            }
        }
    }

    /// Reads a pipe to its end on a thread of its own.
    final class ErrorCollector: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()

        init(handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func wait() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
