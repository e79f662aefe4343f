/// When an utterance is heard as it came rather than through the front ends: when the room
/// around it is quiet.
///
/// A denoiser takes noise away, and where there is little noise to take it takes some of the
/// speech with it: reverberant speech, a narrow or unusual microphone. An utterance whose
/// loudest audio stands at least ``minimumSpread`` dB above its background, measured on the
/// audio as it came (``FrameLevels/spread``), is therefore recognized as it came; in a noisier
/// room, through the front ends. The measurements behind the default are in BENCHMARKS.md
/// ("The denoiser only where there is noise"). An utterance clipped past ``clippedShare`` is
/// heard as it came whatever its spread: a denoiser cannot restore what the converter cut off,
/// and would hide the clipping from the recognizer's check.
public struct FrontEndBypass: Sendable, Hashable {
    /// The least spread (dB) between an utterance's loudest audio and its background at which
    /// it is heard as it came.
    public var minimumSpread: Double
    /// The share of loud audio near full scale (``Clipping``) past which an utterance is heard as
    /// it came; nil: by its spread alone.
    public var clippedShare: Double? = Clipping.standardLimit

    /// The shipped ``minimumSpread``.
    public static let standardMinimumSpread = 40.0

    public init(minimumSpread: Double = standardMinimumSpread) {
        self.minimumSpread = minimumSpread
    }

    /// Whether `unprocessed` (an utterance as it came) is heard as it came.
    public func hearsAsItCame(_ unprocessed: [Int16]) -> Bool {
        guard !unprocessed.isEmpty else { return false }
        if let clippedShare, Clipping.share(of: unprocessed) > clippedShare { return true }
        return FrameLevels(samples: unprocessed).spread >= minimumSpread
    }

    /// What is recognized of an utterance: `unprocessed` (the same stretch as it came) when
    /// ``hearsAsItCame(_:)``, else `processed` (the stretch through the front ends), which is
    /// only then computed.
    public func heard(processed: @autoclosure () -> [Int16], unprocessed: [Int16]?) -> [Int16] {
        guard let unprocessed, hearsAsItCame(unprocessed) else { return processed() }
        return unprocessed
    }
}
