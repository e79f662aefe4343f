import Foundation
import IncantCapture

/// Keeps a capture device from delivering audio much faster than it could have been spoken.
///
/// A microphone produces exactly one second of audio per second. A device that returns audio
/// faster — ALSA's `file` plugin over a `null` slave, which has no clock, or such a plugin
/// whose `infile` has reached its end and now repeats stale periods forever — would otherwise
/// keep the reader thread and the endpointer busy on a whole core. Once the audio delivered
/// is more than ``lead`` ahead of the wall clock, the reader sleeps until it is not; the first
/// ``lead`` of audio (a replayed recording) still arrives as fast as it is read.
struct CapturePacer {
    /// How far ahead of real time the delivered audio may run before the reader waits.
    let lead: Duration
    private var start: ContinuousClock.Instant?
    private var frames = 0

    init(lead: Duration = .seconds(10)) {
        self.lead = lead
    }

    /// Counts `count` delivered frames and returns how long to wait before reading more
    /// (zero while within ``lead`` of real time).
    mutating func delivered(_ count: Int, now: ContinuousClock.Instant = .now) -> Duration {
        let start = self.start ?? now
        self.start = start
        frames += count
        let audio = Duration.microseconds(Int64(frames) * 1_000_000 / Int64(AudioFormat.sampleRate))
        let ahead = audio - (now - start)
        return ahead > lead ? ahead - lead : .zero
    }

    /// Sleeps for `duration` in short steps, returning early when `cancelled()` turns true.
    static func sleep(for duration: Duration, unless cancelled: () -> Bool) {
        let deadline = ContinuousClock.now + duration
        while !cancelled() {
            let left = deadline - .now
            guard left > .zero else { return }
            Thread.sleep(forTimeInterval: min(left, .milliseconds(100)).inSeconds)
        }
    }
}
