import IncantCapture

/// Tuning for a ``PocketSphinxDecoder``; the defaults suit short command grammars.
public struct PocketSphinxOptions: Sendable, Equatable {
    /// How many distinct alternatives to collect per utterance (0 skips N-best search).
    public var nbestCount: Int
    /// Compute the hypothesis posterior (`ps_get_prob`); needs the word lattice.
    public var computesPosterior: Bool
    /// Run the phone loop over context-independent phones (`-allphone_ci yes`): with
    /// context-dependent ones pocketsphinx 0.8's loop runs far slower than real time
    /// (BENCHMARKS.md, "Defaults: the measurements behind them").
    public var phoneLoopContextIndependent: Bool
    /// Let ``PocketSphinxDecoder/decode(_:search:cancellation:)`` normalise with the whole
    /// utterance's cepstral mean (pocketsphinx's `full_utt`, or with ``tracksAudioFrames`` the
    /// same computation made before a piecewise, cancellable search) instead of a running mean
    /// carried over from earlier utterances.
    ///
    /// On by default: each utterance then decodes the same whatever came before it, and more
    /// slots are recognised than with the running mean (BENCHMARKS.md, "Defaults: the
    /// measurements behind them").
    public var normalizesWholeUtterance: Bool
    /// Add a faint fixed noise floor to every sample decoded (see ``ComfortNoise``): exact
    /// digital silence otherwise makes pocketsphinx's results depend on how much of it
    /// surrounds the speech.
    public var addsComfortNoise: Bool
    /// Raise a whole utterance (or chunk) whose loudest frames lie below this level (dBFS) up
    /// to it before decoding (``QuietAudioGain``), by at most ``quietAudioLimit`` dB; nil
    /// decodes audio at the level it comes. Audio fed piece by piece
    /// (``PocketSphinxDecoder/process(_:)``) is decoded as it comes: its level is not known
    /// in advance. See <doc:HowAcceptanceIsDecided>.
    public var quietAudioTarget: Double? = QuietAudioGain.target
    /// The most gain (dB) ``quietAudioTarget`` applies.
    public var quietAudioLimit: Double = QuietAudioGain.limit
    /// Record which audio frames the search saw (``RecognitionHypothesis/audioFrames``) when
    /// decoding a whole utterance. The decoding is the same either way; pocketsphinx's silence
    /// detector drops frames before the search, and without the record word frame numbers
    /// cannot be matched with the audio.
    public var tracksAudioFrames: Bool = true
    /// Cepstral mean normalisation with the mean of the first `meanFrames` frames the search
    /// sees (10 ms each) instead of the whole utterance's; 0 leaves it to pocketsphinx. Applies
    /// to whole utterances decoded with ``tracksAudioFrames`` and ``normalizesWholeUtterance``.
    /// A research lever for the benchmarks (`levers --mean-frames`), not a product setting: a
    /// listener that decoded while the speaker was still talking could only know the mean of
    /// what it had heard so far (BENCHMARKS.md, "Levers measured for issue 4").
    package var meanFrames: Int = 0
    /// An MLLR transform of the acoustic model (``MLLRTransform``, made by ``MLLRAdapter`` from
    /// the user's recorded takes), applied when the decoder starts (pocketsphinx's `-mllr`).
    public var adaptation: String?
    /// When set, each word of a grammar search's best path gets the posterior of that word at
    /// its middle frame in the search's word lattice (``WordSegment/framePosterior``), with
    /// acoustic scores divided by this scale; nil skips the lattice.
    package var wordPosteriorScale: Double? = nil
    /// Further pocketsphinx options as name/value pairs, e.g. `("-beam", "1e-60")`.
    public var extraArguments: [(String, String)]

    public init(
        nbestCount: Int = 5,
        computesPosterior: Bool = false,
        phoneLoopContextIndependent: Bool = true,
        normalizesWholeUtterance: Bool = true,
        addsComfortNoise: Bool = true,
        extraArguments: [(String, String)] = []
    ) {
        self.addsComfortNoise = addsComfortNoise
        self.nbestCount = nbestCount
        self.computesPosterior = computesPosterior
        self.phoneLoopContextIndependent = phoneLoopContextIndependent
        self.normalizesWholeUtterance = normalizesWholeUtterance
        self.extraArguments = extraArguments
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.nbestCount == rhs.nbestCount && lhs.computesPosterior == rhs.computesPosterior
            && lhs.phoneLoopContextIndependent == rhs.phoneLoopContextIndependent
            && lhs.normalizesWholeUtterance == rhs.normalizesWholeUtterance
            && lhs.addsComfortNoise == rhs.addsComfortNoise && lhs.tracksAudioFrames == rhs.tracksAudioFrames
            && lhs.meanFrames == rhs.meanFrames && lhs.wordPosteriorScale == rhs.wordPosteriorScale
            && lhs.adaptation == rhs.adaptation && lhs.quietAudioTarget == rhs.quietAudioTarget
            && lhs.quietAudioLimit == rhs.quietAudioLimit
            && lhs.extraArguments.elementsEqual(rhs.extraArguments) { $0 == $1 }
    }
}
