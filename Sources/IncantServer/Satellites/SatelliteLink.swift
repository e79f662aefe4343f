import IncantCapture
import IncantListening
import IncantPhrases
import NIOCore

/// Incant's side of one Wyoming satellite, as Home Assistant's: connects, sends
/// `run-satellite`, and listens to the audio the satellite streams after its `run-pipeline`
/// with a ``IncantListening/Listener`` of its own, whose shortcuts run with the satellite's
/// site; each decided utterance is answered with a `transcript`, and dialogs are spoken on the
/// satellite (``SatelliteVoice``).
///
/// The satellite's `audio-chunk`s may come in any ``PCMFormat`` (each chunk names its own, as
/// `wyoming-satellite` sends them, or `audio-start` does); `audio-stop` (a satellite giving up
/// on a command) is followed by silence, so an utterance in progress ends. When the satellite
/// cannot be reached or goes away, the link tries again after a ``ReconnectionBackoff``;
/// nothing a satellite sends stops the link, and one link never stops another.
public struct SatelliteLink: Sendable {
    /// What a satellite's listener is made of, for ``SatelliteLink/makeListener``.
    public struct ListenerParts: Sendable {
        /// The satellite's audio, converted to 16 kHz mono.
        public var source: any AudioSource
        /// Speaks on the satellite.
        public var speaker: any DialogSpeaker
        public var satellite: SatelliteSettings
        /// The satellite's first `run-pipeline` of this connection.
        public var pipeline: SatellitePipeline
    }

    public let satellite: SatelliteSettings
    /// Speaks dialogs when set (`tts:`); otherwise espeak-ng does.
    public let textToSpeech: WyomingAddress?
    /// Makes the listener of one connection (a recognizer of its own, the dispatcher, a wake
    /// word when the pipeline starts at `wake`); the link sets its source, speaker, live mode and
    /// the site of its dispatches.
    public let makeListener: @Sendable (ListenerParts) throws -> ListenerConfiguration
    public let report: @Sendable (SatelliteEvent) -> Void
    public var limits: WyomingLimits
    public var backoff: ReconnectionBackoff

    /// Seconds of silence appended after a satellite's `audio-stop`.
    static let silenceAfterStop = 2.0

    public init(
        satellite: SatelliteSettings, textToSpeech: WyomingAddress?,
        limits: WyomingLimits = WyomingLimits(), backoff: ReconnectionBackoff = ReconnectionBackoff(),
        makeListener: @escaping @Sendable (ListenerParts) throws -> ListenerConfiguration,
        report: @escaping @Sendable (SatelliteEvent) -> Void
    ) {
        self.satellite = satellite
        self.textToSpeech = textToSpeech
        self.limits = limits
        self.backoff = backoff
        self.makeListener = makeListener
        self.report = report
    }

    /// Runs every link until the calling task is cancelled.
    public static func run(_ links: [SatelliteLink]) async {
        await withDiscardingTaskGroup { group in
            for link in links { group.addTask { await link.run() } }
        }
    }

    /// Connects, serves, and connects again, until the calling task is cancelled.
    public func run() async {
        var backoff = backoff
        while !Task.isCancelled {
            let connection: WyomingClient.Connection
            do {
                connection = try await WyomingClient.connect(to: satellite.address, limits: limits)
            } catch {
                if Task.isCancelled { return }
                let delay = backoff.next()
                report(.unreachable(problem: "\(error)", retry: delay))
                try? await Task.sleep(for: delay)
                continue
            }
            report(.connected)
            let (problem, worked) = await serve(connection)
            if Task.isCancelled { return }
            if worked { backoff.reset() }
            let delay = backoff.next()
            report(.disconnected(problem: problem, retry: delay))
            try? await Task.sleep(for: delay)
        }
    }

    /// One connection, until it ends: why it ended (`nil` for the satellite closing it), and
    /// whether the satellite started a pipeline.
    private func serve(_ connection: WyomingClient.Connection) async -> (problem: String?, worked: Bool) {
        let channel = connection.channel
        do {
            return try await connection.executeThenClose { inbound, outbound in
                try await outbound.send(WyomingEvent(type: "run-satellite"))
                let voice = SatelliteVoice(outbound: outbound, textToSpeech: textToSpeech, report: report)
                let feed = SatelliteAudioFeed()
                return await withTaskGroup(of: String?.self) { group in
                    var reader = AudioReader()
                    var problem: String?
                    var listening = false
                    do {
                        events: for try await event in inbound {
                            switch event.type {
                            case "run-pipeline":
                                let pipeline = SatellitePipeline(event)
                                voice.use(pipeline)
                                report(.pipeline(pipeline))
                                guard !listening else { continue }
                                listening = true
                                let parts = ListenerParts(
                                    source: SatelliteAudioSource(
                                        feed: feed, description: "satellite \(satellite.name) (\(satellite.address))"),
                                    speaker: voice, satellite: satellite, pipeline: pipeline)
                                let configuration: ListenerConfiguration
                                do {
                                    configuration = try listenerConfiguration(parts)
                                } catch {
                                    problem = "cannot listen: \(error)"
                                    report(.listenerFailed(problem: "\(error)"))
                                    break events
                                }
                                group.addTask { await listen(configuration, voice: voice, channel: channel) }
                            // Audio before a pipeline has no listener to hear it: dropped.
                            case "audio-start" where listening, "audio-chunk" where listening:
                                await feed.push(reader.read(event))
                            case "audio-stop" where listening:
                                await feed.push(reader.stop())
                            case "ping":
                                await voice.send(WyomingReplies.pong(event.data["text"]?.string))
                            default:
                                continue
                            }
                        }
                    } catch {
                        problem = "\(error)"
                    }
                    feed.finish()
                    // The listener decides what it has heard (and finishes a running shortcut).
                    for await failure in group where problem == nil {
                        problem = failure
                    }
                    return (problem, listening)
                }
            }
        } catch {
            return ("\(error)", false)
        }
    }

    /// The listener configuration of one connection, with the link's parts.
    private func listenerConfiguration(_ parts: ListenerParts) throws -> ListenerConfiguration {
        var configuration = try makeListener(parts)
        configuration.source = parts.source
        configuration.speaker = parts.speaker
        configuration.isLive = true
        configuration.maximumTurns = nil
        configuration.typedAnswers = nil
        configuration.dispatchOptions.site = satellite.site
        return configuration
    }

    /// Runs the listener until the audio ends; each decided utterance is answered with a
    /// `transcript` (empty when it was none of the user's phrases). A listener that fails
    /// closes the connection; its problem is returned.
    private func listen(_ configuration: ListenerConfiguration, voice: SatelliteVoice, channel: any Channel) async
        -> String?
    {
        let report = report
        do {
            try await Listener(configuration).run { event in
                if case .turn(let turn) = event {
                    let heard: String
                    switch turn.understanding.decision {
                    case .accepted, .ambiguous: heard = turn.understanding.recognition.transcript
                    // What the answer to "did you say …?" settled on; nothing when it did not.
                    case .uncertain, .unconfirmed: heard = turn.resolution?.candidate?.transcript ?? ""
                    case .rejected: heard = ""
                    }
                    await voice.send(WyomingReplies.transcript(heard, language: WyomingService.language))
                }
                report(.listener(event))
            }
            return nil
        } catch {
            report(.listenerFailed(problem: "\(error)"))
            channel.close(promise: nil)
            return "listening failed: \(error)"
        }
    }

    /// Reads a satellite's audio events into 16 kHz samples, following the format each names.
    struct AudioReader {
        private var converter: AudioStreamConverter?

        /// The samples of an `audio-start` (none) or `audio-chunk`; a chunk in a format that is
        /// not accepted, or in none when no format was announced, is dropped.
        mutating func read(_ event: WyomingEvent) -> [Int16] {
            var samples: [Int16] = []
            let names = ["rate", "width", "channels"].contains { event.data[$0] != nil }
            if names {
                // A format named but out of range: nothing of this event is audio we can read.
                guard let format = try? PCMFormat(data: event.data) else { return [] }
                if format != converter?.format {
                    samples += converter?.finish() ?? []
                    converter = AudioStreamConverter(format: format)
                }
            }
            guard event.type == "audio-chunk", converter != nil else { return samples }
            return samples + converter!.convert(event.payload)
        }

        /// `audio-stop`: what the converter still holds, then silence that ends an utterance.
        mutating func stop() -> [Int16] {
            let rest = converter?.finish() ?? []
            converter = nil
            return rest
                + [Int16](repeating: 0, count: Int(SatelliteLink.silenceAfterStop * Double(AudioFormat.sampleRate)))
        }
    }
}
