import Foundation
import IncantCapture

/// Real synthesized speech for tests: espeak-ng (or flite), converted by sox. Both are
/// installed by `scripts/setup.sh`; without them a test that needs them fails, naming the
/// program.
public enum Speech {
    /// Whether espeak-ng and sox are installed.
    public static let canSynthesize = TestProcess.tool("espeak-ng") != nil && TestProcess.tool("sox") != nil

    /// `sentence` spoken by espeak-ng, as 16 kHz mono samples with 0.3 s of silence at both ends.
    public static func synthesize(_ sentence: String, voice: String = "en-us", wordsPerMinute: Int = 160) throws
        -> [Int16]
    {
        try converted { raw in
            try TestProcess.run("espeak-ng", ["-v", voice, "-s", String(wordsPerMinute), "-w", raw, sentence])
        }
    }

    /// `sentence` spoken by flite's `voice` (`slt`, `rms`, `kal`), like
    /// ``synthesize(_:voice:wordsPerMinute:)``.
    public static func synthesizeWithFlite(_ sentence: String, voice: String = "slt") throws -> [Int16] {
        try converted { raw in try TestProcess.run("flite", ["-voice", voice, "-t", sentence, "-o", raw]) }
    }

    /// `samples` as a far microphone in a small room hears them: band-limited to 200–5000 Hz
    /// with reverb (sox `sinc 200-5000 reverb 50 50 100`).
    public static func inReverberantRoom(_ samples: [Int16]) throws -> [Int16] {
        try throughSox(samples, effects: ["sinc", "200-5000", "reverb", "50", "50", "100"])
    }

    /// `samples` spoken at `tempo` times the pace, the pitch kept (sox `tempo -s`): below 1 a
    /// slower, more deliberate talker.
    public static func atTempo(_ samples: [Int16], _ tempo: Double) throws -> [Int16] {
        try throughSox(samples, effects: ["tempo", "-s", String(tempo)])
    }

    /// `samples` through sox's `effects` (argv, no shell), the same every run: sox dithers its
    /// 16-bit output with noise seeded from the clock unless told to repeat it (`-R`).
    public static func throughSox(_ samples: [Int16], effects: [String]) throws -> [Int16] {
        try inScratchFolder("sox") { directory in
            let dry = directory.appendingPathComponent("dry.wav").path
            let wet = directory.appendingPathComponent("wet.wav").path
            try WAVFile.write(samples, to: dry)
            try TestProcess.sox([dry, wet] + effects)
            return try WAVFile.readSamples(path: wet)
        }
    }

    /// Speaks `text` into a 16 kHz mono 16-bit WAV at `path`, with leading and trailing silence
    /// trimmed so that the speech starts at the first sample and ends at the last.
    public static func speakTrimmed(_ text: String, to path: String) throws {
        let raw = path + ".espeak.wav"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try TestProcess.run("espeak-ng", ["-w", raw, text])
        try TestProcess.sox([
            raw, "-r", "16000", "-c", "1", "-b", "16", path,
            "silence", "1", "0.01", "0.3%", "reverse", "silence", "1", "0.01", "0.3%", "reverse",
        ])
    }

    /// Speaks `text` into a WAV at `path` as espeak-ng writes it (22,050 Hz mono 16-bit): for
    /// tests that hand audio to a peer in a format of its own.
    public static func speakAsSynthesized(_ text: String, to path: String) throws {
        try TestProcess.run("espeak-ng", ["-w", path, text])
    }

    /// Says `texts` one after another at `speed` words per minute (0.5 s of silence before
    /// each, 1 s after) over quiet white noise, into a 16 kHz WAV in `directory`; returns its
    /// path. The noise is the same every run (`sox -R`), and so are results.
    public static func recording(_ texts: [String], in directory: URL, speed: Int = 175) async throws -> String {
        let name = "speech-\(UUID().uuidString.prefix(8))"
        var parts: [String] = []
        for (index, text) in texts.enumerated() {
            let voice = directory.appendingPathComponent("\(name)-\(index).espeak.wav").path
            let part = directory.appendingPathComponent("\(name)-\(index).wav").path
            try await TestProcess.output("espeak-ng", ["-v", "en-us", "-s", "\(speed)", "-w", voice, text])
            try await TestProcess.soxOutput([voice, "-r", "16000", "-c", "1", "-b", "16", part, "pad", "0.5", "1.0"])
            parts.append(part)
        }
        let clean = directory.appendingPathComponent("\(name)-clean.wav").path
        try await TestProcess.soxOutput(parts.count == 1 ? [parts[0], clean] : parts + [clean])
        let noise = directory.appendingPathComponent("\(name)-noise.wav").path
        let seconds = try await TestProcess.output("soxi", ["-D", clean]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        try await TestProcess.soxOutput([
            "-n", "-r", "16000", "-c", "1", "-b", "16", noise, "synth", seconds, "whitenoise", "vol", "0.003",
        ])
        let path = directory.appendingPathComponent("\(name).wav").path
        try await TestProcess.soxOutput(["-m", clean, noise, path])
        return path
    }

    /// `recording` as a poor microphone gives it, in `directory`: with a DC offset of 10% of
    /// full scale, and with 50 Hz mains hum at -26 dBFS.
    public static func withOffsetAndHum(_ recording: String, in directory: URL) throws -> (offset: String, hum: String)
    {
        let offset = directory.appendingPathComponent("offset.wav").path
        let hum = directory.appendingPathComponent("hum.wav").path
        let tone = directory.appendingPathComponent("tone.wav").path
        try TestProcess.sox([recording, offset, "dcshift", "0.1"])
        try TestProcess.sox([recording, tone, "synth", "sine", "50", "vol", "0.05"])
        try TestProcess.sox(["-m", "-v", "1", recording, "-v", "1", tone, hum])
        return (offset, hum)
    }

    /// The WAV file `write` makes at the path it is given, as 16 kHz mono samples with 0.3 s of
    /// silence at both ends.
    private static func converted(_ write: (String) throws -> Void) throws -> [Int16] {
        try inScratchFolder("speech") { directory in
            let raw = directory.appendingPathComponent("synthesized.wav").path
            let converted = directory.appendingPathComponent("speech.wav").path
            try write(raw)
            try TestProcess.sox([raw, "-r", "16000", "-c", "1", "-b", "16", converted, "pad", "0.3", "0.3"])
            return try WAVFile.readSamples(path: converted)
        }
    }

    /// Runs `body` with a new temporary folder, removed afterwards.
    private static func inScratchFolder<T>(_ kind: String, _ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "incant-\(kind)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }
}
