import Foundation

/// Holds back audio that is delivered faster than it could have been spoken: after
/// ``waitUntilSpoken(_:)`` returns, as much wall-clock time has passed since the first call as
/// the given number of samples lasts. Used to play a recording as a microphone would deliver it.
public struct SpeakingPace: Sendable {
    private let clock = ContinuousClock()
    private var began: ContinuousClock.Instant?

    public init() {}

    /// Blocks the calling thread (a reader thread, never the concurrency pool) until the first
    /// `samples` samples (16 kHz) of the audio could have been spoken.
    public mutating func waitUntilSpoken(_ samples: Int) {
        let began = self.began ?? clock.now
        self.began = began
        let wait = began + AudioFormat.duration(ofSamples: samples) - clock.now
        guard wait > .zero else { return }
        Thread.sleep(forTimeInterval: wait.inSeconds)
    }
}
