import Foundation

/// The gain that raises a quiet stream to a working level, followed as the stream goes on
/// (``QuietAudioGain`` measures a whole recording instead).
///
/// The stream's level is the loudest 10 ms frame of the last ``window`` seconds among those
/// that stand ``activity`` dB or more above the room's floor (the quietest frame of the last
/// 3 s): sound, not the room. Below ``target`` the gain rises towards the difference, by at most
/// ``riseRate`` dB per second and to at most ``limit`` dB; above it the gain falls at once. A
/// window with no such frame (a quiet room, whatever the microphone) leaves the gain as it is, so
/// a loud microphone's silence is never raised. Each 10 ms frame of the stream gets the gain that
/// the frames before it set, so how the stream is cut into pieces does not change what comes out.
public struct QuietStreamGain: Sendable {
    /// The level (dBFS) of the loudest frame that the gain raises the stream to.
    public var target = -25.0
    /// The most gain (dB).
    public var limit = QuietAudioGain.limit
    /// How fast the gain may rise (dB per second of audio).
    public var riseRate = 100.0
    /// How far (dB) above the room's floor a frame must stand to count towards the level.
    public var activity = 12.0
    /// Seconds of audio whose loudest frame is the stream's level.
    public static let window = 10
    /// Samples per frame (10 ms).
    static let frameLength = AudioFormat.sampleRate / 100

    /// The gain (dB) of the current frame.
    public private(set) var gain = 0.0
    /// The loudest level of a frame above the floor in each whole second of the window (-inf:
    /// none), the current one last.
    private var secondMaxima: [Double] = []
    private var floor = NoiseFloorTracker(windowFrames: 300)
    private var framesInSecond = 0
    /// Samples of the current frame so far, and their energy.
    private var inFrame = 0
    private var energy = 0.0

    public init() {}

    /// `samples` raised (as floating-point samples in 16-bit units), and the factor each was
    /// multiplied by.
    public mutating func raise(_ samples: [Int16]) -> (samples: [Float], factors: [Float]) {
        var raised = [Float](repeating: 0, count: samples.count)
        var factors = [Float](repeating: 1, count: samples.count)
        var factor = Float(pow(10, gain / 20))
        for (index, sample) in samples.enumerated() {
            raised[index] = Float(sample) * factor
            factors[index] = factor
            let value = Double(sample)
            energy += value * value
            inFrame += 1
            if inFrame == Self.frameLength {
                closeFrame()
                factor = Float(pow(10, gain / 20))
            }
        }
        return (raised, factors)
    }

    /// Takes the finished frame's level into the window and sets the next frame's gain.
    private mutating func closeFrame() {
        let level = Endpointer.level(ofEnergy: energy, count: Self.frameLength)
        inFrame = 0
        energy = 0
        let active = level >= floor.update(level: level) + activity
        if secondMaxima.isEmpty || framesInSecond == 100 {
            secondMaxima.append(-.infinity)
            if secondMaxima.count > Self.window { secondMaxima.removeFirst() }
            framesInSecond = 0
        }
        if active { secondMaxima[secondMaxima.count - 1] = max(secondMaxima[secondMaxima.count - 1], level) }
        framesInSecond += 1
        guard let loudest = secondMaxima.max(), loudest.isFinite else { return }
        let wanted = max(0, min(limit, target - loudest))
        gain = wanted < gain ? wanted : min(wanted, gain + riseRate / 100)
    }
}
