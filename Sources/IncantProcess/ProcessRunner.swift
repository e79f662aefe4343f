internal import Subprocess

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(System)
    internal import System
#else
    internal import SystemPackage
#endif

/// Runs one child process to completion on swift-subprocess: no shell, its own session and
/// process group, stdin fed from memory, capped stdout and stderr read concurrently, and a
/// timeout that stops the whole group. Incant starts every program this way (handlers,
/// openers, espeak-ng, SphinxTrain, systemctl).
public enum ProcessRunner {
    /// How long a program that cannot start because it is still open for writing somewhere
    /// (`ETXTBSY`) is tried again.
    static let busyRetryPeriod = Duration.seconds(5)

    /// Runs `launch` and returns how it ended. Throws only when the process cannot be started
    /// (including an argument or variable holding a NUL byte or too long to pass).
    ///
    /// Cancelling the calling task kills the process group at once (Subprocess's teardown,
    /// and the supervision below), so an interrupted `incant` leaves no child behind.
    public static func run(_ launch: ProcessLaunch) async throws(ProcessLaunchError) -> ProcessResult {
        try ArgumentLimits.check(launch)
        let input = try RequestPipe(containing: launch.standardInput)
        defer { input.close() }
        var options = PlatformOptions()
        // A new session makes the child a process-group leader, so killing the group reaches
        // everything it forked (unless a grandchild started its own session on purpose).
        options.createSession = true
        // If our task is cancelled, kill the whole group too.
        options.teardownSequence = [
            .send(
                signal: .kill, toProcessGroup: true, allowedDurationToNextStep: .milliseconds(100))
        ]
        var environment: [Environment.Key: String?] = [:]
        for (name, value) in launch.environment {
            guard let key = Environment.Key(rawValue: name) else { continue }
            environment[key] = value
        }

        let deadline = ContinuousClock.now + launch.timeout
        let limit = launch.outputLimit
        let grace = launch.terminationGrace
        func spawn() async throws -> ProcessResult {
            let result = try await Subprocess.run(
                .path(FilePath(launch.executablePath)),
                arguments: Arguments(launch.arguments),
                environment: .inherit.updating(environment),
                workingDirectory: launch.workingDirectory.map { FilePath($0) },
                platformOptions: options,
                input: .fileDescriptor(
                    FileDescriptor(rawValue: input.readEnd), closeAfterSpawningProcess: false),
                output: .sequence,
                error: .sequence
            ) { execution in
                await supervise(execution, until: deadline, outputLimit: limit, grace: grace)
            }
            let supervision = result.closureResult
            let termination: ProcessResult.Termination
            switch result.terminationStatus {
            case _ where supervision.timedOut: termination = .timedOut
            case .exited(let status): termination = .exited(status)
            case .signaled(let signal): termination = .signaled(signal)
            }
            return ProcessResult(
                termination: termination,
                standardOutput: supervision.standardOutput,
                standardError: supervision.standardError
            )
        }
        do {
            var attempt = 1
            let retryUntil = ContinuousClock.now + busyRetryPeriod
            while true {
                do {
                    return try await spawn()
                } catch let error as SubprocessError
                    where error.underlyingError?.rawValue == ETXTBSY && ContinuousClock.now < retryUntil
                {
                    // "Text file busy": the program was just written, and a process forked while
                    // it was open for writing still holds it open. That passes within moments,
                    // later on a busy machine.
                    try? await Task.sleep(for: min(.milliseconds(100), .milliseconds(20 * attempt)))
                    attempt += 1
                }
            }
        } catch {
            throw ProcessLaunchError("cannot run '\(launch.executablePath)': \(error)")
        }
    }

    /// What the supervision of a running process found.
    private struct Supervision: Sendable {
        var standardOutput: CappedOutput
        var standardError: CappedOutput
        var timedOut: Bool
    }

    private enum Event: Sendable {
        case standardOutput(CappedOutput)
        case standardError(CappedOutput)
        case deadlineReached
        case timerStopped
    }

    /// Reads stdout and stderr until they close while a timer runs; at the deadline the process
    /// group is killed, which closes the pipes of everything in it, so this returns promptly.
    private static func supervise(
        _ execution: Execution<FileDescriptorInput, SequenceOutput, SequenceOutput>,
        until deadline: ContinuousClock.Instant,
        outputLimit: Int,
        grace: Duration?
    ) async -> Supervision {
        await withTaskGroup(of: Event.self) { group in
            group.addTask {
                .standardOutput(
                    await CappedOutput.collect(
                        execution.standardOutput, limit: outputLimit, keeping: .head))
            }
            group.addTask {
                .standardError(
                    await CappedOutput.collect(
                        execution.standardError, limit: outputLimit, keeping: .tail))
            }
            group.addTask {
                do {
                    try await Task.sleep(until: deadline, clock: .continuous)
                    return .deadlineReached
                } catch {
                    return .timerStopped
                }
            }

            var standardOutput: CappedOutput?
            var standardError: CappedOutput?
            var timedOut = false
            var exitChecked = false
            while let event = await group.next() {
                switch event {
                case .standardOutput(let output): standardOutput = output
                case .standardError(let output): standardError = output
                case .timerStopped: break
                case .deadlineReached:
                    // A process that already exited is not late, even if its output events
                    // are still queued behind this one (e.g. on a busy executor).
                    let pid = execution.processIdentifier.value
                    if !timedOut, !ProcessExitWatch.hasExited(pid) {
                        timedOut = true
                        await stopProcessGroup(of: execution, grace: grace)
                    }
                }
                if standardOutput != nil, standardError != nil, !exitChecked {
                    exitChecked = true
                    // Both pipes are closed; the process has almost always exited already.
                    let pid = execution.processIdentifier.value
                    if !timedOut, await !ProcessExitWatch.waitForExit(of: pid, until: deadline) {
                        timedOut = true
                        await stopProcessGroup(of: execution, grace: grace)
                    }
                    group.cancelAll()
                }
            }
            return Supervision(
                standardOutput: standardOutput ?? CappedOutput(limit: outputLimit, keep: .head),
                standardError: standardError ?? CappedOutput(limit: outputLimit, keep: .tail),
                timedOut: timedOut
            )
        }
    }

    /// Stops a late process group: with a `grace`, `SIGTERM` first and `SIGKILL` once the
    /// leader has exited or `grace` has passed; without, `SIGKILL` at once.
    private static func stopProcessGroup(
        of execution: Execution<FileDescriptorInput, SequenceOutput, SequenceOutput>, grace: Duration?
    ) async {
        if let grace {
            try? execution.send(signal: .terminate, toProcessGroup: true)
            try? execution.send(signal: .terminate)
            let pid = execution.processIdentifier.value
            _ = await ProcessExitWatch.waitForExit(of: pid, until: ContinuousClock.now + grace)
        }
        killProcessGroup(of: execution)
    }

    /// Sends `SIGKILL` to the process group led by the child, and to the child itself in case
    /// it is not a group leader. The child is not reaped yet, so its id cannot have been reused.
    private static func killProcessGroup(
        of execution: Execution<FileDescriptorInput, SequenceOutput, SequenceOutput>
    ) {
        try? execution.send(signal: .kill, toProcessGroup: true)
        try? execution.send(signal: .kill)
    }
}
