import Foundation

/// When a spoken answer is believed.
///
/// An answer grammar is tiny ("yes | no | …"), so almost any speech fits one of its words
/// somewhat: "what time is it" comes out as "on", "hello" as "no". Two checks keep a stray
/// sentence from confirming a shortcut:
/// - **margin**: the answer's score per frame against a free phone loop, held to a stricter
///   centre than phrases (whose long word sequences are harder to fit by accident);
/// - **coverage** (``AcousticEvidence/coverage``): the answer's words must span most of the
///   speech the phone loop hears, so that extra words around a "yes" ("what time is it" →
///   "on") are noticed.
public struct AnswerAcceptance: Sendable, Hashable {
    /// The margin per frame that maps to confidence 0.5 (see ``RecognizerOptions/marginCenter``).
    public var marginCenter: Double
    /// How quickly confidence goes from 0 to 1 around ``marginCenter``.
    public var marginScale: Double
    /// The least fraction of the heard speech (non-silence phones) the answer's words must cover.
    public var minimumCoverage: Double

    public init(marginCenter: Double = -14, marginScale: Double = 2, minimumCoverage: Double = 0.7) {
        self.marginCenter = marginCenter
        self.marginScale = marginScale
        self.minimumCoverage = minimumCoverage
    }

    /// Confidence in [0, 1] from the margin.
    public func confidence(margin: Double) -> Double {
        1 / (1 + exp(-(margin - marginCenter) / marginScale))
    }
}
