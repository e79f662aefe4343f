/// Tuning for a ``PocketSphinxDecoder``; the defaults suit short command grammars.
public struct PocketSphinxOptions: Sendable, Equatable {
    /// How many distinct alternatives to collect per utterance (0 skips N-best search).
    public var nbestCount: Int
    /// Compute the hypothesis posterior (`ps_get_prob`); needs the word lattice.
    public var computesPosterior: Bool
    /// Run the phone loop over context-independent phones (`-allphone_ci yes`). With
    /// context-dependent phones pocketsphinx 0.8 needs about 4 s per second of audio;
    /// context-independent ones take about 0.03 s.
    public var phoneLoopContextIndependent: Bool
    /// Let ``PocketSphinxDecoder/decode(_:search:cancellation:)`` normalise with the whole
    /// utterance's cepstral mean (pocketsphinx's `full_utt`, or with ``tracksAudioFrames`` the
    /// same computation made before a piecewise, cancellable search) instead of a running mean
    /// carried over from earlier utterances.
    ///
    /// On by default: each utterance then decodes the same whatever came before it, and on
    /// the 327 shared coffee recordings it recognised every labelled slot in 97.9% of clips,
    /// against 96.0% with the running mean (both with ``addsComfortNoise``).
    public var normalizesWholeUtterance: Bool
    /// Add a faint fixed noise floor to every sample decoded (see ``ComfortNoise``): exact
    /// digital silence otherwise makes pocketsphinx's results depend on how much of it
    /// surrounds the speech.
    public var addsComfortNoise: Bool
    /// Record which audio frames the search saw (``RecognitionHypothesis/audioFrames``) when
    /// decoding a whole utterance. The decoding is the same either way; pocketsphinx's silence
    /// detector drops frames before the search, and without the record word frame numbers
    /// cannot be matched with the audio.
    public var tracksAudioFrames: Bool = true
    /// Cepstral mean normalisation with the mean of the first `meanFrames` frames the search
    /// sees (10 ms each) instead of the whole utterance's; 0 leaves it to pocketsphinx. Applies
    /// to whole utterances decoded with ``tracksAudioFrames`` and ``normalizesWholeUtterance``.
    ///
    /// A listener that decoded while the speaker was still talking could only know the mean of
    /// what it had heard so far; this measures what that costs (a lot: see BENCHMARKS.md, where
    /// the first 1.5 s of speech recognize 94.5% of the clean coffee orders against 97.6%).
    public var meanFrames: Int = 0
    /// Score every senone of the acoustic model in every frame (`-compallsen yes`), not only
    /// those of the states the search keeps.
    ///
    /// pocketsphinx scores each frame's senones relative to the best one it computed. The phrase
    /// search computes those of the phrases it follows; the phone loop those of the phones it
    /// follows. Their word and phone scores are then relative to different references, which
    /// favour the phrase's words where the speech fits them and hold them back where it does
    /// not. Scored against every senone, both share one reference: the margins of real commands
    /// rise by about 7 (4 for synthesized ones) and those of unrelated speech by less (clean
    /// coffee orders against the home phrases fall by 5), while the best paths stay the same.
    ///
    /// Off by default. With centres moved to −41 and −29 (``AcceptancePolicy``), it rejected more
    /// unrelated clean speech without losing commands, but in noise it only traded false accepts
    /// at 12 dB for commands at 6 dB; and every senone costs more than the phone loop does, so
    /// `listen`'s two decoders took 1.3 times as long and its p95 start went from 110 to 313 ms.
    /// On one core it takes about as long as the default, because the phone loop then searches
    /// the phrase search's scores instead of scoring the frames again (``keepsSenoneScores``,
    /// which ``GrammarRecognizer`` turns on for it). BENCHMARKS.md has the figures
    /// (`incant-bench levers --all-senones`).
    public var scoresAllSenones: Bool = false
    /// Keep the senone scores of the last utterance decoded, so that
    /// ``PocketSphinxDecoder/decodeKeptScores(search:)`` can search the same utterance again
    /// with another search without scoring its frames again. Implies ``scoresAllSenones``.
    ///
    /// pocketsphinx writes them to a private folder (`-senlogdir`), about 10 KB per 10 ms frame
    /// (9 MB for a 5 s order), in memory where the system offers one (`$XDG_RUNTIME_DIR` or
    /// `/dev/shm`). The decoder opens them and removes the folder as soon as the utterance
    /// ends, and closes them when the next one begins. Utterances fed piece by piece
    /// (``PocketSphinxDecoder/beginUtterance(search:)``) keep none.
    public var keepsSenoneScores: Bool = false
    /// An MLLR transform of the acoustic model (``MLLRTransform``, made by ``MLLRAdapter`` from
    /// the user's recorded takes), applied when the decoder starts (pocketsphinx's `-mllr`).
    public var adaptation: String?
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
            && lhs.meanFrames == rhs.meanFrames && lhs.scoresAllSenones == rhs.scoresAllSenones
            && lhs.keepsSenoneScores == rhs.keepsSenoneScores && lhs.adaptation == rhs.adaptation
            && lhs.extraArguments.elementsEqual(rhs.extraArguments) { $0 == $1 }
    }
}
