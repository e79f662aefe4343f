/// Settings of a ``PocketSphinxWakeWordDetector``; the defaults are the tuned ones
/// (<doc:HowTheWakeWordIsFound>).
public struct WakeWordOptions: Sendable {
    /// Candidates whose confidence is below this are not wake words, in [0, 1].
    public var threshold: Double = 0.5
    /// pocketsphinx's keyphrase threshold for candidates: a likelihood ratio against its own
    /// phone loop. Permissive on purpose (the candidates are checked afterwards); a larger
    /// value checks fewer candidates and misses more.
    public var spottingThreshold: Double = 1e-50
    /// The probability of each phone of the keyphrase search's own free phone loop, the path
    /// a keyphrase must beat to be proposed (pocketsphinx's `-kws_plp`, 0.1 by default there).
    /// Smaller makes the loop dearer, so the phrase is proposed where it fits the audio less well
    /// than free phones do, as on voices and microphones unlike the model's training data.
    public var spottingPhonePenalty: Double = 1e-10
    /// The most spellings of the phrase the keyphrase search proposes: each combination of its
    /// words' pronunciations (the dictionary's alternates and the override files'), those with
    /// fewer alternates first, then the phrase in each accent's variants (``accents``).
    /// pocketsphinx's keyphrase search follows one pronunciation per keyphrase; 1 proposes the
    /// main pronunciations alone, as plain keyword spotting does.
    public var spottedPronunciations: Int = 16
    /// Whether the keyphrase search also follows a phrase of several words with a pause between
    /// them: each spelling is also listed with silence (`<sil>`) between its words.
    /// pocketsphinx's keyphrase search follows the words' phones one after another with nothing
    /// between them, so without it a pause, or the noise in it, must be absorbed by the words'
    /// own phones.
    public var spotsPausesBetweenWords: Bool = true
    /// Frames (10 ms) of audio either side of a candidate that its check searches.
    public var padding: Int = 40
    /// Log units of keyphrase score per unit of evidence. A candidate's evidence is a sum of
    /// measurements, each over its scale or times its weight, plus ``evidenceBias``; its
    /// confidence is the evidence's logistic.
    public var spottingScale: Double = 289.9
    /// Log units per frame of margin against the free phone loop, per unit of evidence.
    public var marginScale: Double = 21.37
    /// Units of evidence per point of phone agreement (0–1).
    public var agreementWeight: Double = 1.257
    /// Units of evidence per dB the phrase stands above the audio just before or just after it
    /// (``WakeCandidate/isolation``), counted up to ``isolationCap``; 0 leaves it out of the evidence.
    public var isolationWeight: Double = 0.5253
    /// The most isolation (dB) that counts towards the evidence: a pause this much quieter than
    /// the phrase is a pause, however much quieter it is.
    public var isolationCap: Double = 6
    /// The evidence when every measurement is zero; places ``threshold`` above the background.
    public var evidenceBias: Double = 0.442
    /// Evidence added when both views of the audio are searched (the audio through the front end
    /// and as it is): their mean evidence plus this is the evidence of the place.
    public var bothViewsBias: Double = 0.85
    /// The confidence a view gives a place where it found no candidate, when both are searched.
    public var absentConfidence: Double = 0.001
    /// With the audio through the front end searched on demand
    /// (``WakeWordScanner/SecondView/onDemand(_:)``): the most confidence that view is counted
    /// on to give a place. It is searched around every place of the audio as it is that it
    /// could lift to ``threshold`` without giving more (``secondViewFloor``).
    public var secondViewReach: Double = 0.97
    /// Seconds of audio before a place that go through the front end with it, on demand, so
    /// that a denoiser has settled by the time the place begins.
    public var secondViewLeadSeconds: Double = 1
    /// Pronunciation overrides (cmudict format), layered in order: a word one of them has is
    /// pronounced as the last such file says, instead of as the model's dictionary says, and
    /// words no file or dictionary has are guessed.
    public var dictionaryFiles: [String] = []
    /// Accents whose pronunciations of the phrase's words are listened for besides the
    /// dictionary's (``AccentVariants``): a word an accent says differently gets that variant as
    /// an alternate, and the phrase in the accent's variants is one more spelling proposed.
    /// Words an override file spells are left as the file says.
    public var accents: [PhoneAccent] = [.american, .british]
    /// Evidence taken from the keyphrase score of an accent's spelling (``accents``); the better
    /// of it and the dictionary's spellings' score counts.
    public var accentEvidencePenalty: Double = 2
    /// Where espeak-ng is looked up to guess words no dictionary has (`IncantPaths.searchPath`);
    /// nil looks in `/usr/local/bin`, `/usr/bin` and `/bin`.
    public var searchPath: String? = nil
    /// Low-level decoder settings.
    public var decoder = PocketSphinxOptions(nbestCount: 0)
    /// Seconds of continuous audio searched at once by a ``WakeWordScanner``.
    public var chunkSeconds: Double = 30
    /// Seconds by which successive chunks overlap (longer than any wake phrase).
    public var overlapSeconds: Double = 4

    public init() {}

    /// The least confidence of a place in the audio as it is around which the audio through the
    /// front end is searched on demand: below it, the place stays under ``threshold`` unless
    /// that view gives it more than ``secondViewReach`` (the places' evidence is the mean of
    /// both views' plus ``bothViewsBias``). 0 at a threshold of 0: every place is searched.
    public var secondViewFloor: Double {
        guard threshold > 0 else { return 0 }
        let detector = PocketSphinxWakeWordDetector.self
        let needed =
            2 * (detector.evidence(of: threshold, floor: 1e-9) - bothViewsBias)
            - detector.evidence(of: secondViewReach, floor: 1e-9)
        return detector.logistic(needed)
    }
}
