import Foundation
import IncantTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `incant listen --device X` when the device fails, with no sound card: ALSA's `file` plugin
/// (see `TestSpeech.writeReplayDevice`) with a slave that cannot open, an `infile` that is
/// missing or a FIFO whose writer stalls or goes away, and an output `file` that fails
/// mid-stream (`/dev/full`). A device that cannot be opened ends with a message naming it; one
/// that fails once open is waited for and opened again with backoff; nothing spins a core or
/// hangs past SIGTERM.
@Suite("ALSA device faults", .tags(.slow), .skippedWhenFast)
struct ALSAFaultTests {
    /// Writes `~/.asoundrc` with a capture PCM `name` of type `file`.
    static func writeDevice(
        _ name: String, in cli: CLIRunner, slave: String = "{ type null }",
        output: String = "/dev/null", infile: String
    ) throws {
        let text = """
            pcm.\(name) {
                type file
                slave.pcm \(slave)
                file "\(output)"
                infile "\(infile)"
                format "raw"
            }

            """
        try text.write(to: cli.home.appendingPathComponent(".asoundrc"), atomically: true, encoding: .utf8)
    }

    /// A second of faint noise as raw s16le, a stand-in for a room.
    static func noise(in cli: CLIRunner) throws -> String {
        let path = cli.home.appendingPathComponent("room.raw").path
        var generator = SystemRandomNumberGenerator()
        let samples = (0..<16_000).map { _ in Int16.random(in: -30...30, using: &generator) }
        try samples.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
        return path
    }

    static func listen(_ cli: CLIRunner, device: String) throws -> BackgroundIncant {
        try BackgroundIncant(cli, ["listen", "--device", device, "--dry-run", "--shortcuts", CLIRunner.demo])
    }

    @Test func aSlaveThatCannotOpenIsAnErrorNamingTheDevice() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        try Self.writeDevice("brokenslave", in: cli, slave: "\"hw:17,0\"", infile: try Self.noise(in: cli))
        let run = try Self.listen(cli, device: "brokenslave")
        defer { run.stop() }
        #expect(await run.waitForExit() == 66)
        #expect(run.stderr.contains("cannot open ALSA capture device 'brokenslave'"), "\(run.stderr)")
    }

    @Test func aMissingInfileIsAnErrorNamingTheDeviceAndTheFile() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let missing = cli.home.appendingPathComponent("gone.raw").path
        try Self.writeDevice("noinput", in: cli, infile: missing)
        let run = try Self.listen(cli, device: "noinput")
        defer { run.stop() }
        #expect(await run.waitForExit() == 66)
        #expect(run.stderr.contains("cannot open ALSA capture device 'noinput'"), "\(run.stderr)")
        #expect(run.stderr.contains(missing), "\(run.stderr)")
    }

    /// CPU seconds `run` used in successive 2 s windows, until one used under half a second (at
    /// most ten windows): a busy loop never has one.
    static func quietWindows(_ run: BackgroundIncant) async throws -> [Double] {
        var used: [Double] = []
        for _ in 0..<10 {
            let before = try #require(run.cpuSeconds, "listen ended: \(run.stderr)")
            try await Task.sleep(for: .seconds(2))
            let after = try #require(run.cpuSeconds, "listen ended: \(run.stderr)")
            used.append(after - before)
            if after - before < 0.5 { break }
        }
        return used
    }

    @Test func anErrorMidStreamIsWaitedOutWithBackoffNotASpin() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        // The file plugin copies what it captures to `file`; /dev/full fails that write once the
        // first buffer is flushed, and the plugin's read then fails with EIO: every time the
        // device is opened again.
        try Self.writeDevice("failing", in: cli, output: "/dev/full", infile: try Self.noise(in: cli))
        let run = try Self.listen(cli, device: "failing")
        defer { run.stop() }
        #expect(
            await BackgroundIncant.waitUntil(within: .seconds(180)) { run.stderr.contains("waiting for the device") },
            "\(run.stderr)")
        #expect(run.stderr.contains("reading from ALSA device 'failing' failed"), "\(run.stderr)")
        #expect(run.stderr.contains("Input/output error"), "\(run.stderr)")
        let status = try await ListenControlTests.status(cli)
        #expect(status["activity"] as? String == "waiting for device", "\(status)")
        #expect((status["deviceProblem"] as? String)?.contains("Input/output error") == true, "\(status)")

        // Reopening backs off instead of spinning.
        let used = try await Self.quietWindows(run)
        #expect(used.contains { $0 < 0.5 }, "listen used \(used) s of CPU in successive 2 s windows: a busy loop")
        #expect(run.process.isRunning, "a lost device must not end listen: \(run.stderr)")

        run.send(SIGTERM)
        #expect(await run.waitForExit(within: .seconds(120)) == 0, "SIGTERM must end listen: \(run.stderr)")
    }

    @Test func aDeviceThatComesBackIsListenedToAgain() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let shortcuts = try ListenControlTests.setUp(cli)
        // Speech after a second of quiet, as the raw file the device plays.
        let audio = try await Speech.recording(["open the window"], in: cli.home)
        let speech = cli.home.appendingPathComponent("speech.raw").path
        try await TestProcess.soxOutput([
            audio, "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "16000", speech, "pad", "1", "2",
        ])
        // The plugin's output goes through a link: to /dev/full the device fails (unplugged),
        // to /dev/null it works (plugged back in); each opening follows the link anew.
        let link = cli.home.appendingPathComponent("output").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/full")
        try Self.writeDevice("usbmic", in: cli, output: link, infile: speech)
        let run = try BackgroundIncant(
            cli, ["listen", "--device", "usbmic", "--json", "--dry-run", "--shortcuts", shortcuts])
        defer { run.stop() }
        #expect(
            await BackgroundIncant.waitUntil(within: .seconds(180)) { run.stderr.contains("waiting for the device") },
            "\(run.stderr)")
        #expect(try await ListenControlTests.status(cli)["activity"] as? String == "waiting for device")

        let replugged = cli.home.appendingPathComponent("output.new").path
        try FileManager.default.createSymbolicLink(atPath: replugged, withDestinationPath: "/dev/null")
        #expect(rename(replugged, link) == 0)
        // Once open again, the speech it plays is heard and decided.
        #expect(
            await BackgroundIncant.waitUntil(within: .seconds(240)) { run.stdout.contains("\"shortcut\":\"window\"") },
            "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        #expect(try await ListenControlTests.status(cli)["activity"] as? String == "listening")

        run.send(SIGTERM)
        #expect(await run.waitForExit(within: .seconds(120)) == 0, "SIGTERM must end listen: \(run.stderr)")
    }

    /// Opens `fifo` for writing on a thread of its own (the open waits for the reader, ALSA),
    /// writes `bytes`, and then either closes it or keeps it open until `release` is called.
    final class FIFOWriter: @unchecked Sendable {
        private let lock = NSLock()
        private var descriptor: Int32 = -1
        private(set) var opened = false

        init(fifo: String, bytes: Data, keepOpen: Bool) {
            Thread.detachNewThread { [self] in
                let descriptor = open(fifo, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { return }
                bytes.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
                lock.withLock {
                    opened = true
                    if keepOpen { self.descriptor = descriptor } else { close(descriptor) }
                }
            }
        }

        var hasWritten: Bool { lock.withLock { opened } }

        func release() {
            lock.withLock {
                if descriptor >= 0 { close(descriptor) }
                descriptor = -1
            }
        }
    }

    @Test(arguments: [true, false])
    func aFIFOWhoseWriterStallsOrLeavesNeitherSpinsNorHangs(writerStalls: Bool) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let fifo = cli.home.appendingPathComponent("mic.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        try Self.writeDevice("fifo", in: cli, infile: fifo)
        // Half a second of audio, then the writer stalls (keeps the FIFO open, writes nothing)
        // or goes away (end of file: the plugin then returns stale periods, unpaced).
        let writer = FIFOWriter(
            fifo: fifo, bytes: try Data(contentsOf: URL(fileURLWithPath: try Self.noise(in: cli))).prefix(16_000),
            keepOpen: writerStalls)
        defer { writer.release() }
        let run = try Self.listen(cli, device: "fifo")
        defer { run.stop() }
        #expect(await BackgroundIncant.waitUntil(within: .seconds(180)) { writer.hasWritten })
        #expect(await BackgroundIncant.waitUntil(within: .seconds(180)) { run.stderr.contains("listening to") })
        // Past start-up and the first seconds a device may deliver ahead of real time (which take
        // longer on a loaded machine), some window must use well under one core: a busy loop
        // never does. Each window's CPU time is divided by the time that window really lasted,
        // which on a loaded machine can be far longer than the 2 s asked for.
        try await Task.sleep(for: .seconds(3))
        var shares: [Double] = []
        for _ in 0..<10 {
            let started = Date()
            let before = try #require(run.cpuSeconds, "listen ended: \(run.stderr)")
            try await Task.sleep(for: .seconds(2))
            let after = try #require(run.cpuSeconds, "listen ended: \(run.stderr)")
            let lasted = Date().timeIntervalSince(started)
            shares.append((after - before) / lasted)
            if shares.last! < 0.5 { break }
        }
        #expect(
            shares.contains { $0 < 0.5 },
            "listen used \(shares) of a core in successive windows of at least 2 s: a busy loop")

        run.send(SIGTERM)
        #expect(await run.waitForExit(within: .seconds(120)) == 0, "SIGTERM must end listen: \(run.stderr)")
    }
}
