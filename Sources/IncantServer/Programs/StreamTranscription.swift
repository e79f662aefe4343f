import IncantCapture
import IncantSpeech

/// One audio stream being transcribed: its chunks converted to 16 kHz and passed through the
/// service's high-pass filter (``StreamHearing``) as they arrive, its speech found by a
/// ``StreamedSpeech``, and (when the service decodes while streaming) the
/// decoding of its settled span begun on the ``RecognizerPool`` before `audio-stop`.
///
/// At most one decoding per stream is in flight: when the settled span changes (speech
/// resumed), the decoding of the old one is cancelled and one of the new span begun, on a
/// recognizer that is free at that moment only (never in line before a stream's final
/// decoding; with every recognizer busy, a later chunk tries again). At
/// `audio-stop` the decoding is used only if it was of exactly the final span, so the
/// transcript is always the one decoding the whole stream at its end would give; otherwise, or
/// when the service decodes at the stop only, the final span is decoded then.
struct StreamTranscription: Sendable {
    var converter: AudioStreamConverter
    /// The stream's high-pass filter (``StreamHearing/highPassCutoff``), before the endpointer.
    private let highPass: HighPassFilter?
    private var speech: StreamedSpeech
    private var speculation: Speculation?
    /// Set when the stream broke (a chunk of another format, too long): the rest of it is
    /// dropped and `audio-stop` answers nothing more.
    var failed = false

    private struct Speculation {
        var span: Range<Int>
        var task: Task<String, any Error>
        var cancellation: RecognitionCancellation
    }

    init(format: PCMFormat, service: WyomingService) {
        converter = AudioStreamConverter(format: format)
        speech = StreamedSpeech(settings: service.endpointer)
        highPass = service.hearing.makeHighPass()
    }

    /// The next converted samples through the high-pass filter, into the stream's speech.
    private mutating func take(_ converted: [Int16]) {
        speech.append(highPass?.process(converted) ?? converted)
    }

    /// Converts and takes in the next chunk; begins decoding the settled span when it is new.
    mutating func receive(_ payload: [UInt8], service: WyomingService) {
        take(converter.convert(payload))
        guard service.decodesWhileStreaming, let settled = speech.settledSpan, settled != speculation?.span else {
            return
        }
        // Only on a recognizer free now: when every one is busy, the next chunk tries again, and
        // a machine with more streams than it decodes in time decodes each at its stop instead of
        // queueing decodings that speech resuming may make useless.
        let cancellation = RecognitionCancellation()
        guard let task = service.transcribeIfFree(speech.samples(in: settled), cancellation: cancellation) else {
            return
        }
        speculation?.cancellation.cancel()
        speculation = Speculation(span: settled, task: task, cancellation: cancellation)
    }

    /// Stops any decoding in flight (the stream broke or the connection closed).
    mutating func abandon() {
        speculation?.cancellation.cancel()
        speculation = nil
    }

    /// Ends the stream and returns its transcript: the decoding begun early when it was of the
    /// final span, else a decoding of the final span now.
    mutating func finish(service: WyomingService) async throws -> String {
        take(converter.finish())
        speech.finish()
        let span = speech.span
        if let speculation, speculation.span == span {
            self.speculation = nil
            return try await speculation.task.value
        }
        abandon()
        return try await service.transcribe(speech.samples(in: span), cancellation: nil)
    }
}
