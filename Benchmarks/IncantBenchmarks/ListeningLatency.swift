import Foundation
import IncantCapture
import IncantPhrases
import IncantRoomMixing
import IncantSpeech

/// End of speech → handler start, and peak memory, of the real `incant listen` hearing a
/// microphone-like stream: coffee orders between stretches of room tone, written to its standard
/// input in real time (`--stdin`, 20 ms chunks, as `arecord … | incant listen --stdin` delivers a
/// microphone) against the coffee shortcut, whose handler is a program that writes the time it
/// started. (A WAV file played with `--file --real-time` would do the same, but the file's
/// mapped pages count in the listener's resident memory.)
///
/// Latency is the handler's start minus the utterance's close (the end of the trailing-silence
/// window, `heard.closedAt`), so it excludes that window as the target does. `listen` decodes
/// each utterance while the silence is being confirmed (``SpeculativeDecoding``); for
/// comparison the table also gives each utterance's decode time, which is what a listener
/// that decodes after the close would add.
struct ListeningLatency {
    /// The clips spoken, in order.
    let clips: [SpeechClip]
    /// The coffee shortcuts as YAML (converted from `context.yaml`).
    let coffeeYAML: String
    let paths: BenchmarkPaths
    /// `incant listen --speculate-after` (ms); nil keeps `listen`'s default.
    var speculateAfter: Int? = nil
    /// `incant listen --phrase-pause` (ms); nil keeps `listen`'s default.
    var phrasePause: Int? = nil

    struct Result: Sendable {
        var utterances = 0
        /// Utterances whose shortcut and labelled parameters were those of the clip they started in.
        var understood = 0
        var clips = 0
        var handlerStarts = 0
        /// Close → handler start, seconds.
        var handlerLatencies: [Double] = []
        /// Close → shortcut and parameters known (listen's `latencySeconds`).
        var resultLatencies: [Double] = []
        /// Decode time of each utterance (what decoding after the close would add).
        var decodeSeconds: [Double] = []
        var peakResidentBytes: Int?
        var audioSeconds = 0.0
        var streamedSeconds = 0.0
        /// How long after the last speech frame the listener began decoding (`--speculate-after`).
        var speculationDelayMilliseconds = 0
    }

    func run() throws -> Result {
        let directory = NSTemporaryDirectory() + "incant-bench-latency-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        // The stream: 0.8 s of room tone, a clip, 1.2 s of room tone, … (the listener hears
        // each order end, then silence).
        var random = SplitMix64(seed: 0x1A7E_0C1E)
        func roomTone(_ seconds: Double) -> [Int16] {
            (0..<Int(seconds * 16_000)).map { _ in Int16.random(in: -30...30, using: &random) }
        }
        var stream: [Int16] = []
        // Where each clip lies in the stream, in seconds.
        var spans: [(range: Range<Double>, clip: SpeechClip)] = []
        for clip in clips {
            stream += roomTone(0.8)
            let start = Double(stream.count) / 16_000
            stream += clip.samples
            spans.append((start..<Double(stream.count) / 16_000, clip))
            stream += roomTone(1.2)
        }

        let stamps = directory + "/handler-starts.log"
        let handler = directory + "/stamp"
        try "#!/bin/sh\ndate +%s.%N >> \"$1\"\n".write(toFile: handler, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: handler)
        let shortcuts = directory + "/coffee.yaml"
        let marker = "  - id: orderDrink\n"
        guard coffeeYAML.contains(marker) else { throw BenchmarkError("converted coffee context lacks \(marker)") }
        let yaml = coffeeYAML.replacingOccurrences(
            of: marker,
            with: marker + "    handle: { run: [\"\(handler)\", \"\(stamps)\"], timeout: 5 }\n")
        try yaml.write(toFile: shortcuts, atomically: true, encoding: .utf8)

        let incant = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("incant").path
        guard FileManager.default.isExecutableFile(atPath: incant) else {
            throw BenchmarkError("\(incant) is missing: swift build -c release --product incant")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: incant)
        process.arguments =
            [
                "listen", "--stdin", "--json", "--yes", "--no-history", "--shortcuts", shortcuts,
            ] + (speculateAfter.map { ["--speculate-after", "\($0)"] } ?? [])
            + (phrasePause.map { ["--phrase-pause", "\($0)"] } ?? [])
        // Nothing of the user's own phrases or settings.
        let isolated = ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"].map { ($0, directory) }
        process.environment = ProcessInfo.processInfo.environment.merging(
            isolated + [("INCANT_MODELS", paths.root + "/models")]
        ) { $1 }
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        let started = ContinuousClock.now
        try process.run()
        // Read the output meanwhile, and watch the listener's peak resident memory.
        let collected = OutputCollector(output.fileHandleForReading)
        let spoken = stream
        let speaker = Thread { Self.speak(spoken, into: input.fileHandleForWriting) }
        speaker.start()
        var result = Result()
        result.speculationDelayMilliseconds =
            speculateAfter ?? Int(EndpointerSettings().speculationDelay / .milliseconds(1))
        while process.isRunning {
            if let peak = ProcessMemory.field("VmHWM", process: "\(process.processIdentifier)") {
                result.peakResidentBytes = max(result.peakResidentBytes ?? 0, peak)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.waitUntilExit()
        result.streamedSeconds = seconds(since: started)
        result.clips = clips.count
        result.audioSeconds = Double(stream.count) / 16_000
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("incant listen exited \(process.terminationStatus)")
        }

        let starts = ((try? String(contentsOfFile: stamps, encoding: .utf8)) ?? "")
            .split(separator: "\n").compactMap { Double($0) }.sorted()
        for line in collected.lines() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let heard = object["heard"] as? [String: Any],
                let closedAt = heard["closedAt"] as? Double
            else { continue }
            result.utterances += 1
            // The clip the utterance's speech started in; understood when its labels are met.
            if let speechStart = heard["speechStart"] as? Double,
                let span = spans.first(where: { $0.range.contains(speechStart) }), let expected = span.clip.expected,
                object["accepted"] as? Bool == true, object["shortcut"] as? String == expected.shortcutID
            {
                let parameters = (object["parameters"] as? [String: Any]) ?? [:]
                if expected.parameters.allSatisfy({ name, value in
                    (parameters[name]).map { Expectation.trimmed("\($0)") == Expectation.trimmed(value) } ?? false
                }) {
                    result.understood += 1
                }
            }
            if let latency = heard["latencySeconds"] as? Double { result.resultLatencies.append(latency) }
            if let decode = heard["decodeSeconds"] as? Double { result.decodeSeconds.append(decode) }
            // This utterance's handler is the first start after its close (utterances are
            // seconds apart; a handler takes milliseconds).
            if object["accepted"] as? Bool == true,
                let start = starts.first(where: { $0 >= closedAt - 0.001 && $0 < closedAt + 2 })
            {
                result.handlerStarts += 1
                result.handlerLatencies.append(max(0, start - closedAt))
            }
        }
        return result
    }

    /// Writes `samples` as raw s16le in 20 ms chunks, each when its last sample has been
    /// "spoken", then closes the pipe (the listener then ends).
    static func speak(_ samples: [Int16], into handle: FileHandle) {
        var pace = SpeakingPace()
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + 320)
            pace.waitUntilSpoken(end)
            let bytes = samples[start..<end].withUnsafeBytes { Data($0) }
            do { try handle.write(contentsOf: bytes) } catch { break }
            start = end
        }
        try? handle.close()
    }
}

/// Everything a pipe delivers, read on a background thread.
final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while case let chunk = handle.availableData, !chunk.isEmpty {
                lock.withLock { data.append(chunk) }
            }
            done.signal()
        }
    }

    /// The lines read, once the writer has closed the pipe.
    func lines() -> [String] {
        done.wait()
        return lock.withLock { String(decoding: data, as: UTF8.self) }.split(separator: "\n").map(String.init)
    }
}
