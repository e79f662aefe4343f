/// One connection's conversation: the audio stream being received and whether the connection
/// has presented the token. Each request is answered with the events to send and whether to
/// close the connection after them.
public struct WyomingSession: Sendable {
    /// What to send back, and whether the connection ends after it.
    public struct Answer: Sendable {
        public var events: [WyomingEvent]
        public var closes: Bool

        public init(_ events: [WyomingEvent] = [], closes: Bool = false) {
            self.events = events
            self.closes = closes
        }
    }

    public let service: WyomingService
    /// The token the connection must present first; `nil` when none is required.
    private let token: String?
    private var authenticated: Bool
    /// The stream of audio being received, if one is.
    private var stream: StreamTranscription?

    public init(service: WyomingService, token: String? = nil) {
        self.service = service
        self.token = token
        authenticated = token == nil
    }

    /// Answers one event.
    public mutating func respond(to event: WyomingEvent) async -> Answer {
        let request = WyomingRequest(event)
        if !authenticated {
            guard case .authenticate(let presented) = request, let token, Self.same(presented, token) else {
                return Answer(
                    [
                        WyomingReplies.error(
                            "this server needs an \"auth\" event with its token first", code: .unauthorized)
                    ],
                    closes: true)
            }
            authenticated = true
            return Answer()
        }
        switch request {
        case .describe:
            return Answer([service.info()])
        case .ping(let text):
            return Answer([WyomingReplies.pong(text)])
        case .transcribe, .authenticate, .unsupported:
            // Recognition is always against every phrase; other events are dropped, as
            // Wyoming servers do.
            return Answer()
        case .malformed(let type, let problem):
            return Answer([WyomingReplies.error("\(type): \(problem)", code: .badRequest)])
        case .audioStart(.failure(let error)):
            stream?.abandon()
            stream = nil
            return Answer([WyomingReplies.error("audio-start: \(error)", code: .badRequest)])
        case .audioStart(.success(let format)):
            stream?.abandon()
            stream = StreamTranscription(format: format, service: service)
            return Answer()
        case .audioChunk(let format, let payload):
            return receive(payload, format: format)
        case .audioStop:
            guard var current = stream else { return Answer() }
            stream = nil
            guard !current.failed else { return Answer() }
            do {
                let text = try await current.finish(service: service)
                return Answer([WyomingReplies.transcript(text, language: WyomingService.language)])
            } catch {
                return Answer([WyomingReplies.error("cannot recognize the audio: \(error)", code: .recognitionFailed)])
            }
        case .recognize(let text):
            return Answer([service.recognize(text)])
        case .handle(let text):
            return Answer([await service.handle(text)])
        }
    }

    /// Stops the decoding of a stream in flight, if any: the connection has ended.
    public mutating func close() {
        stream?.abandon()
        stream = nil
    }

    /// Converts a chunk of the current stream; a chunk without a stream is dropped.
    private mutating func receive(_ payload: [UInt8], format: Result<PCMFormat, PCMFormatError>?) -> Answer {
        guard var current = stream, !current.failed else { return Answer() }
        defer { stream = current }
        if let format {
            switch format {
            case .failure(let error):
                current.failed = true
                current.abandon()
                return Answer([WyomingReplies.error("audio-chunk: \(error)", code: .badRequest)])
            case .success(let announced) where announced != current.converter.format:
                current.failed = true
                current.abandon()
                return Answer([
                    WyomingReplies.error(
                        "audio-chunk is \(announced), but audio-start announced \(current.converter.format)",
                        code: .badRequest)
                ])
            case .success:
                break
            }
        }
        current.receive(payload, service: service)
        if current.converter.inputSeconds > service.maximumAudioSeconds {
            current.failed = true
            current.abandon()
            return Answer([
                WyomingReplies.error(
                    "audio longer than \(Int(service.maximumAudioSeconds)) s; the rest of this stream is ignored",
                    code: .audioTooLong)
            ])
        }
        return Answer()
    }

    /// Compares tokens in time that does not depend on where they differ.
    static func same(_ presented: String, _ expected: String) -> Bool {
        let left = Array(presented.utf8)
        let right = Array(expected.utf8)
        var difference = left.count ^ right.count
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            difference |= Int(a ^ b)
        }
        return difference == 0
    }
}
