import CAlsa
import IncantCapture

#if canImport(Glibc)
    import Glibc
#endif

/// An open ALSA capture PCM configured for 16 kHz mono S16_LE.
///
/// Not thread-safe: it is created, read and closed on the one reader thread of an
/// ``ALSACaptureSource`` stream.
final class ALSACapturePCM {
    let device: String
    private var handle: OpaquePointer?
    private var localConfiguration: OpaquePointer?
    /// Frames per period, the unit ALSA wakes the reader up with.
    private(set) var periodSize = 0
    /// How many overruns (lost audio) were recovered from.
    private(set) var overrunCount = 0

    /// Opens and configures `device`.
    ///
    /// - Parameters:
    ///   - configuration: extra ALSA configuration text (asoundrc syntax) layered over the
    ///     system configuration for this device only.
    ///   - period: the wanted period length in microseconds.
    init(device: String, configuration: String?, periodMicroseconds: UInt32) throws {
        self.device = device
        let log = ALSAMessageLog()
        try log.capture {
            var pcm: OpaquePointer?
            var result: Int32
            if let configuration {
                localConfiguration = try Self.layer(configuration, device: device, log: log)
                result = snd_pcm_open_lconf(&pcm, device, SND_PCM_STREAM_CAPTURE, 0, localConfiguration)
            } else {
                result = snd_pcm_open(&pcm, device, SND_PCM_STREAM_CAPTURE, 0)
            }
            guard result >= 0, let pcm else {
                throw CaptureError.deviceUnavailable(device: device, message: log.summary(code: result))
            }
            handle = pcm
            // Four periods of buffer: the period is the latency, the rest absorbs hiccups.
            result = snd_pcm_set_params(
                pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
                1, UInt32(AudioFormat.sampleRate), 1, periodMicroseconds * 4)
            guard result >= 0 else {
                throw CaptureError.deviceUnavailable(
                    device: device, message: "cannot capture 16 kHz mono S16_LE: " + log.summary(code: result))
            }
            var bufferFrames: snd_pcm_uframes_t = 0
            var periodFrames: snd_pcm_uframes_t = 0
            result = snd_pcm_get_params(pcm, &bufferFrames, &periodFrames)
            periodSize = result >= 0 && periodFrames > 0 ? Int(periodFrames) : 320
        }
    }

    deinit {
        close()
    }

    /// Closes the device; reading then returns nothing.
    func close() {
        if let handle { snd_pcm_close(handle) }
        if let localConfiguration { snd_config_delete(localConfiguration) }
        handle = nil
        localConfiguration = nil
    }

    /// Fills `buffer` with up to `buffer.count` frames, waiting at most `timeoutMilliseconds`
    /// for data. Returns the frames read (0 on timeout). Overruns are recovered from.
    func read(into buffer: inout [Int16], timeoutMilliseconds: Int32) throws -> Int {
        guard let handle else { return 0 }
        while true {
            let log = ALSAMessageLog()
            let outcome: Int = try log.capture {
                let waited = snd_pcm_wait(handle, timeoutMilliseconds)
                if waited == 0 { return 0 }
                let frames =
                    waited < 0
                    ? snd_pcm_sframes_t(waited)
                    : buffer.withUnsafeMutableBufferPointer { samples in
                        snd_pcm_readi(handle, samples.baseAddress, snd_pcm_uframes_t(samples.count))
                    }
                if frames >= 0 { return Int(frames) }
                // -EPIPE: overrun, the consumer was too slow; -ESTRPIPE: suspended.
                let code = Int32(frames)
                if code == -EPIPE { overrunCount += 1 }
                if code == -EAGAIN || code == -EINTR { return -1 }
                let recovered = snd_pcm_recover(handle, code, 1)
                if recovered < 0 {
                    throw CaptureError.readFailed(
                        source: "ALSA device '\(device)'", message: log.summary(code: recovered))
                }
                return -1
            }
            if outcome >= 0 { return outcome }
        }
    }

    /// Copies the system configuration and adds `text` to the copy.
    private static func layer(_ text: String, device: String, log: ALSAMessageLog) throws -> OpaquePointer? {
        var global: OpaquePointer?
        var result = snd_config_update_ref(&global)
        guard result >= 0 else {
            throw CaptureError.deviceUnavailable(
                device: device, message: "cannot load the ALSA configuration: " + log.summary(code: result))
        }
        var copy: OpaquePointer?
        result = snd_config_copy(&copy, global)
        snd_config_unref(global)
        guard result >= 0, let copy else {
            throw CaptureError.deviceUnavailable(device: device, message: log.summary(code: result))
        }
        var input: OpaquePointer?
        let bytes = Array(text.utf8CString)
        result = bytes.withUnsafeBufferPointer { snd_input_buffer_open(&input, $0.baseAddress, bytes.count - 1) }
        if result >= 0, let input {
            result = snd_config_load(copy, input)
            snd_input_close(input)
        }
        guard result >= 0 else {
            snd_config_delete(copy)
            throw CaptureError.deviceUnavailable(
                device: device, message: "invalid ALSA configuration text: " + log.summary(code: result))
        }
        return copy
    }
}
