import Foundation

/// When a spoken answer is believed.
///
/// An answer grammar is tiny ("yes | no | …"), so almost any sound fits one of its words
/// somewhat: "what time is it" comes out as "on", "hello" as "no", a clatter of dishes as
/// "bob". These checks keep a stray sentence or a noise from answering a question:
/// - **margin**: the answer's score per frame against a free phone loop, held to a stricter
///   centre than phrases (whose long word sequences are harder to fit by accident);
/// - **coverage** (``AcousticEvidence/coverage``): the answer's words must span most of the
///   speech the phone loop hears, so that extra words around a "yes" ("what time is it" →
///   "on") are noticed;
/// - **support** and **voicing** (``AcousticEvidence/support``, ``AcousticEvidence/voicing``),
///   as for phrases: the phone loop must hear speech under the answer's words, and part of
///   their time must be voiced. A word laid over clatter is neither.
public struct AnswerAcceptance: Sendable, Hashable {
    /// The margin per frame that maps to confidence 0.5 (see ``RecognizerOptions/marginCenter``).
    public var marginCenter: Double
    /// How quickly confidence goes from 0 to 1 around ``marginCenter``.
    public var marginScale: Double
    /// The least fraction of the heard speech (non-silence phones) the answer's words must cover.
    public var minimumCoverage: Double
    /// The least share of the words' frames the phone loop must hear as speech; 0 turns the
    /// check off.
    public var minimumSupport: Double
    /// The least share of the words' frames that must be voiced; 0 turns the check off (and
    /// voicing is not measured).
    public var minimumVoicing: Double

    public init(
        marginCenter: Double = -14, marginScale: Double = 2, minimumCoverage: Double = 0.7,
        minimumSupport: Double = AcceptancePolicy.phrases.minimumSupport,
        minimumVoicing: Double = AcceptancePolicy.phrases.minimumVoicing
    ) {
        self.marginCenter = marginCenter
        self.marginScale = marginScale
        self.minimumCoverage = minimumCoverage
        self.minimumSupport = minimumSupport
        self.minimumVoicing = minimumVoicing
    }

    /// Confidence in [0, 1] from the margin.
    public func confidence(margin: Double) -> Double {
        1 / (1 + exp(-(margin - marginCenter) / marginScale))
    }

    /// Confidence in [0, 1]: from the margin, or 0 when a check fails.
    public func confidence(_ evidence: AcousticEvidence) -> Double {
        guard evidence.coverage >= minimumCoverage, evidence.support >= minimumSupport,
            evidence.voicing >= minimumVoicing
        else { return 0 }
        return confidence(margin: evidence.utteranceMargin)
    }
}
