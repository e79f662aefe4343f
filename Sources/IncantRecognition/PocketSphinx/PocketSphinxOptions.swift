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
    /// Let ``PocketSphinxDecoder/decode(_:search:)`` hand pocketsphinx the whole utterance
    /// at once (`full_utt`), so cepstral mean normalisation uses the utterance's own mean.
    ///
    /// Off by default, which decodes exactly as the streaming API does. Measured on 40 of
    /// the shared coffee clips, it recognised every labelled slot in 39 of them against 36; but on
    /// short, clean synthesized commands decoded by a fresh decoder it returned nothing,
    /// where streaming decoded them correctly.
    public var normalizesWholeUtterance: Bool
    /// Further pocketsphinx options as name/value pairs, e.g. `("-beam", "1e-60")`.
    public var extraArguments: [(String, String)]

    public init(
        nbestCount: Int = 5,
        computesPosterior: Bool = true,
        phoneLoopContextIndependent: Bool = true,
        normalizesWholeUtterance: Bool = false,
        extraArguments: [(String, String)] = []
    ) {
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
            && lhs.extraArguments.elementsEqual(rhs.extraArguments) { $0 == $1 }
    }
}
