import Foundation
import IncantCapture
import IncantDispatch
import IncantListening
import IncantPhrases
import IncantProcess
import NIOCore
import Synchronization

/// Says dialogs and questions on a satellite, as Home Assistant does: a `synthesize` event with
/// the text, then the audio as `audio-start`, `audio-chunk`s and `audio-stop`, which the
/// satellite plays.
///
/// The audio comes from the configured Wyoming text-to-speech service (`tts: {uri}`, such as
/// Piper), forwarded as it arrives; without one, or when it fails, from espeak-ng, run directly
/// with the text as one argument (never through a shell). Nothing is sent when the satellite's
/// pipeline does not end at `tts` (it has no speaker).
final class SatelliteVoice: DialogSpeaker {
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private let pipeline: Mutex<SatellitePipeline?>
    private let textToSpeech: WyomingAddress?
    private let report: @Sendable (SatelliteEvent) -> Void

    /// Samples per `audio-chunk` (1024 at 16 kHz, as the satellite's own microphone sends).
    static let samplesPerChunk = 1024
    /// How long a text-to-speech service may take to send all the audio of one dialog.
    static let textToSpeechTimeout: Duration = .seconds(60)

    init(
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, textToSpeech: WyomingAddress?,
        report: @escaping @Sendable (SatelliteEvent) -> Void
    ) {
        self.outbound = outbound
        self.textToSpeech = textToSpeech
        self.report = report
        pipeline = Mutex(nil)
    }

    /// Notes the satellite's latest `run-pipeline`.
    func use(_ pipeline: SatellitePipeline) {
        self.pipeline.withLock { $0 = pipeline }
    }

    /// Sends an event; a satellite gone away is noticed by the connection's reader.
    func send(_ event: WyomingEvent) async {
        try? await outbound.send(event)
    }

    func say(_ text: String) async {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, pipeline.withLock({ $0?.speaksBack ?? true }) else { return }
        await send(WyomingEvent(type: "synthesize", data: ["text": .string(trimmed)]))
        if let textToSpeech {
            do {
                try await forwardSpeech(of: trimmed, from: textToSpeech)
                return
            } catch {
                report(.textToSpeechFailed(address: textToSpeech, problem: "\(error)"))
            }
        }
        do {
            try await sendAudio(try await Self.espeak(trimmed))
        } catch {
            report(.textToSpeechFailed(address: nil, problem: "\(error)"))
        }
    }

    /// Asks the text-to-speech service at `address` to speak `text` and forwards its audio
    /// events until `audio-stop`.
    private func forwardSpeech(of text: String, from address: WyomingAddress) async throws {
        let connection = try await WyomingClient.connect(to: address)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await connection.executeThenClose { inbound, outbound in
                    try await outbound.send(WyomingEvent(type: "synthesize", data: ["text": .string(text)]))
                    var started = false
                    for try await event in inbound {
                        switch event.type {
                        case "audio-start":
                            started = true
                            try await self.outbound.send(event)
                        case "audio-chunk" where started:
                            try await self.outbound.send(event)
                        case "audio-stop" where started:
                            try await self.outbound.send(event)
                            return
                        case "error":
                            throw SatelliteVoiceError(
                                "the service answered an error: \(event.data["text"]?.string ?? "no text")")
                        default:
                            continue
                        }
                    }
                    throw SatelliteVoiceError(
                        started
                            ? "the service closed the connection in the middle of the audio"
                            : "the service sent no audio")
                }
            }
            group.addTask {
                try await Task.sleep(for: Self.textToSpeechTimeout)
                throw SatelliteVoiceError("no audio-stop within \(Self.textToSpeechTimeout)")
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// Sends 16 kHz mono samples as `audio-start`, `audio-chunk`s and `audio-stop`.
    private func sendAudio(_ samples: [Int16]) async throws {
        let format: [String: JSONValue] = ["rate": .number(Double(AudioFormat.sampleRate)), "width": 2, "channels": 1]
        try await outbound.send(WyomingEvent(type: "audio-start", data: format))
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + Self.samplesPerChunk)
            var bytes: [UInt8] = []
            bytes.reserveCapacity((end - start) * 2)
            for sample in samples[start..<end] {
                let value = UInt16(bitPattern: sample)
                bytes.append(UInt8(value & 0xFF))
                bytes.append(UInt8(value >> 8))
            }
            try await outbound.send(WyomingEvent(type: "audio-chunk", data: format, payload: bytes))
            start = end
        }
        try await outbound.send(WyomingEvent(type: "audio-stop"))
    }

    /// `text` spoken by espeak-ng, as 16 kHz mono samples.
    static func espeak(_ text: String) async throws -> [Int16] {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("incant-satellite-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        // `--` ends options: text starting with "-" is still just text.
        let status = await QuietProcess.run(["espeak-ng", "-v", "en-us", "-w", file, "--", text])
        guard let status else { throw SatelliteVoiceError("cannot run espeak-ng (is it installed?)") }
        guard status == 0 else { throw SatelliteVoiceError("espeak-ng exited with status \(status)") }
        return try WAVFile.readSamples(path: file)
    }
}

/// Why a dialog could not be turned into audio.
struct SatelliteVoiceError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
