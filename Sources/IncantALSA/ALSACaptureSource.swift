import Foundation
import IncantCapture

/// Captures from an ALSA device (a microphone) through libasound2.
///
/// The device is opened for 16 kHz, mono, S16_LE capture with about 20 ms periods;
/// ALSA's plug layer converts when the hardware runs at another rate. Reading happens on a
/// dedicated thread. Overruns (the reader fell behind and ALSA dropped audio) are recovered
/// from with `snd_pcm_recover` and counted, not thrown. A missing or busy device makes the
/// stream throw ``CaptureError/deviceUnavailable(device:message:)`` with ALSA's own words.
///
/// ALSA capture never ends by itself. In particular, the `file` plugin with an `infile`
/// (useful for replaying a recording through the real capture path) keeps returning full
/// periods after the file is exhausted, repeating stale data; set ``frameLimit`` to the
/// number of frames to read in that case. See ``fileReplayConfiguration(pcmName:rawFile:)``.
///
/// A device that delivers audio faster than real time (such as that plugin, whose `null` slave
/// has no clock) is paced to real time once it runs more than 10 s ahead, so that it never
/// keeps a core busy; see ``CapturePacer``. An error ALSA cannot recover from mid-stream (a
/// device unplugged, a plugin failing) ends the stream with
/// ``CaptureError/readFailed(source:message:)`` naming the device, unless ``reopening`` is
/// set: the device is then opened again with backoff, for as long as the stream is read.
public struct ALSACaptureSource: AudioSource {
    /// The ALSA PCM name, as for `arecord -D`: `default`, `hw:1,0`, `plughw:CARD=Mic`, ...
    public var device: String
    /// Extra ALSA configuration (asoundrc syntax) layered over the system configuration
    /// when opening ``device``; nil uses the system configuration alone.
    public var configuration: String?
    /// Stop after this many frames; nil reads until cancelled.
    public var frameLimit: Int?
    /// The wanted period (chunk) length.
    public var period: Duration
    /// Reopens the device when it fails after it was opened; nil ends the stream instead.
    public var reopening: DeviceReopening?

    public init(
        device: String = "default",
        configuration: String? = nil,
        frameLimit: Int? = nil,
        period: Duration = .milliseconds(20),
        reopening: DeviceReopening? = nil
    ) {
        self.device = device
        self.configuration = configuration
        self.frameLimit = frameLimit
        self.period = period
        self.reopening = reopening
    }

    public var description: String { "ALSA device '\(device)'" }

    public func frames() -> AudioFrameStream {
        let device = device
        let configuration = configuration
        let frameLimit = frameLimit
        let periodMicroseconds = UInt32(
            max(
                1_000,
                min(500_000, period.components.attoseconds / 1_000_000_000_000 + period.components.seconds * 1_000_000))
        )
        let reopening = reopening
        return AudioFrameStream(threadName: "incant.alsa") { sink in
            var remaining = frameLimit ?? Int.max
            var pcm: ALSACapturePCM? = try ALSACapturePCM(
                device: device, configuration: configuration, periodMicroseconds: periodMicroseconds)
            var delay = reopening?.initialDelay ?? .zero
            while let current = pcm {
                var delivered = 0
                do {
                    try Self.capture(from: current, into: sink, remaining: &remaining, delivered: &delivered)
                    return
                } catch let error as CaptureError {
                    guard let reopening else { throw error }
                    // Closed before waiting: a device that went away is released at once.
                    current.close()
                    pcm = nil
                    // A device that delivered a while before failing starts the backoff over; one
                    // that fails as soon as it opens keeps waiting longer.
                    if delivered >= AudioFormat.sampleRate * 5 { delay = reopening.initialDelay }
                    let open = { () throws(CaptureError) -> ALSACapturePCM in
                        do {
                            return try ALSACapturePCM(
                                device: device, configuration: configuration, periodMicroseconds: periodMicroseconds)
                        } catch let error as CaptureError {
                            throw error
                        } catch {
                            throw .deviceUnavailable(device: device, message: "\(error)")
                        }
                    }
                    guard
                        let reopened = Self.reopen(
                            after: error, reopening: reopening, delay: &delay, sink: sink, open: open)
                    else { return }
                    pcm = reopened
                    reopening.onChange(.capturing)
                }
            }
        }
    }

    /// Reads `pcm` into `sink` until `remaining` frames were read or the consumer is gone,
    /// counting the frames in `delivered`.
    private static func capture(
        from pcm: ALSACapturePCM, into sink: AudioFrameStream.Sink, remaining: inout Int, delivered: inout Int
    ) throws {
        var buffer = [Int16](repeating: 0, count: pcm.periodSize)
        var pacer = CapturePacer()
        while remaining > 0 && !sink.isCancelled {
            let count = try pcm.read(into: &buffer, timeoutMilliseconds: 200)
            if count == 0 { continue }
            let used = min(count, remaining)
            remaining -= used
            delivered += used
            guard sink.send(Array(buffer[0..<used])) else { return }
            let wait = pacer.delivered(used)
            if wait > .zero { CapturePacer.sleep(for: wait) { sink.isCancelled } }
        }
    }

    /// Waits and opens the device again until it opens, reporting each failure; `delay` grows
    /// with each attempt. Nil when the consumer went away meanwhile.
    private static func reopen(
        after failure: CaptureError, reopening: DeviceReopening, delay: inout Duration, sink: AudioFrameStream.Sink,
        open: () throws(CaptureError) -> ALSACapturePCM
    ) -> ALSACapturePCM? {
        var error = failure
        while !sink.isCancelled {
            reopening.onChange(.waiting(error, retryIn: delay))
            CapturePacer.sleep(for: delay) { sink.isCancelled }
            delay = reopening.next(after: delay)
            if sink.isCancelled { return nil }
            do {
                return try open()
            } catch let failed {
                error = failed
            }
        }
        return nil
    }

    /// ALSA configuration text that defines a capture PCM named `pcmName` which plays
    /// `rawFile` (headerless S16_LE 16 kHz mono) through the real capture code path, with
    /// no sound card: the `file` plugin reading `infile` over a `null` slave.
    ///
    /// The null slave does not pace reads, so the file is delivered as fast as it is
    /// consumed. After the end of the file, ALSA keeps returning periods of stale data;
    /// pass the file's frame count as ``frameLimit``.
    public static func fileReplayConfiguration(pcmName: String, rawFile: String) -> String {
        """
        pcm.\(pcmName) {
            type file
            slave.pcm { type null }
            file "/dev/null"
            infile "\(rawFile)"
            format "raw"
        }
        """
    }
}
