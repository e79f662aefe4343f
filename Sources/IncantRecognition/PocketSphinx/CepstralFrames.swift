/// The normalised feature frames of one utterance, as pocketsphinx's search would see them:
/// computed once by ``PocketSphinxDecoder/cepstra(of:)`` and searched, whole or in pieces, by
/// ``PocketSphinxDecoder/decode(_:range:search:cancellation:)`` on any decoder of the same
/// model and settings.
public struct CepstralFrames: Sendable, Equatable {
    /// The frames one after another, ``width`` values each.
    public var values: [Float]
    /// Values per frame (13 cepstra for the en-us model).
    public var width: Int
    /// For each frame, the 10 ms audio frame it was computed from (pocketsphinx's silence
    /// detector drops frames before the search).
    public var audioFrames: [Int]
    /// Samples of the audio they were computed from.
    public var sampleCount: Int

    /// How many frames there are.
    public var count: Int { audioFrames.count }

    /// The first value of frame `index`: the log energy, relative to the utterance's mean.
    public func energy(_ index: Int) -> Float { values[index * width] }

    /// A frame near `fraction` of the way through at which to cut the utterance in two for
    /// searching the pieces separately: the quietest stretch (by the mean energy of
    /// `smoothing` frames around it) between `fraction − spread` and `fraction + spread`.
    /// Nil when there are fewer than `minimumPiece` frames on either side of it.
    public func quietCut(
        near fraction: Double, spread: Double = 0.1, smoothing: Int = 5, minimumPiece: Int = 50
    ) -> Int? {
        guard count > 0 else { return nil }
        func smoothed(_ index: Int) -> Float {
            let window = max(0, index - smoothing / 2)...min(count - 1, index + smoothing / 2)
            return window.reduce(Float(0)) { $0 + energy($1) } / Float(window.count)
        }
        let low = max(minimumPiece, Int(Double(count) * (fraction - spread)))
        let high = min(count - minimumPiece, Int(Double(count) * (fraction + spread)))
        guard low <= high else { return nil }
        var best = (index: low, energy: Float.infinity)
        for index in low...high {
            let mean = smoothed(index)
            if mean < best.energy { best = (index, mean) }
        }
        return best.index
    }
}
