import IncantCapture

/// How the audio of a Wyoming stream is heard, as `incant listen` hears a microphone: a
/// high-pass filter first, and the speech through a front end (a denoiser) unless the room
/// around it is quiet.
///
/// The high-pass filter runs on every chunk as it arrives, before the endpointer
/// (``StreamedSpeech``): it takes a microphone's DC offset and hum away from what the
/// endpointer measures. The front end runs on the stretch that is decoded, as one recording,
/// and only when ``bypass`` does not hear that stretch as it came; so which audio is decoded
/// depends on the stream's samples alone, never on its chunks or on when the decoding began.
/// Front ends are made when first needed and reused, one per decoding in progress.
public struct StreamHearing: Sendable {
    /// The cutoff (Hz) of the high-pass filter that comes first; nil: none.
    public var highPassCutoff: Double?
    /// When a stretch is heard as it came rather than through the front end; nil: through it
    /// always.
    public var bypass: FrontEndBypass?
    /// The front ends; nil: every stretch is heard as it came.
    public var frontEnds: FrontEndShelf?

    /// The stream as it comes: no filter, no front end.
    public static let asItComes = StreamHearing()

    public init(highPassCutoff: Double? = nil, bypass: FrontEndBypass? = nil, frontEnds: FrontEndShelf? = nil) {
        self.highPassCutoff = highPassCutoff
        self.bypass = bypass
        self.frontEnds = frontEnds
    }

    /// A new high-pass filter for one stream, or nil without one.
    func makeHighPass() -> HighPassFilter? {
        highPassCutoff.map { HighPassFilter(cutoff: $0) }
    }

    /// What is decoded of `samples`, a stretch of a stream after its high-pass filter: the
    /// samples themselves when there is no front end or ``bypass`` hears them as they came, else
    /// the samples through a front end, as one recording (as many samples as went in).
    ///
    /// - Throws: what making a front end throws.
    public func heard(_ samples: [Int16]) throws -> [Int16] {
        guard let frontEnds, !(bypass?.hearsAsItCame(samples) ?? false) else { return samples }
        return try frontEnds.withFrontEnd { $0.wholeRecording(samples) }
    }
}
