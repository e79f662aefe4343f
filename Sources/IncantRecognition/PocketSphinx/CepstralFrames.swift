/// The normalised feature frames of one utterance, as pocketsphinx's search would see them:
/// computed once by ``PocketSphinxDecoder/cepstra(of:)`` and searched, whole or in part, by
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
}
