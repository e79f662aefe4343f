import Foundation
import IncantCapture

/// When recognized speech is believed, from its ``AcousticEvidence``.
///
/// A grammar decoder always returns its best path, even for speech that is no phrase at all.
/// These measurements tell a phrase that was said from one forced onto other speech:
/// - **mean word margin**: how far below a free phone loop the phrase's words score over
///   their own frames (a wrong word fits its frames badly);
/// - **coverage**: how much of the speech the loop hears the phrase's words cover (a short
///   phrase that swallowed a long sentence leaves most of it to silence and fillers); in noise
///   only the voiced frames the words leave unexplained count (clatter is seldom voiced);
/// - **support**: how much of the words' own time the loop hears as speech at all (a phrase
///   laid over clatter, hiss or a door slam sits on frames the loop gives to noise fillers);
/// - **voicing**: how much of the words' time is voiced, periodic at a speaking pitch (a
///   phrase laid over clatter is hardly voiced at all);
/// - **phone agreement**: how many of the words' own phones the free loop heard over them (in
///   noise, unrelated speech forced onto a phrase shares none);
/// - **word-loop margin**: how the words score against a free loop of common English words
///   over their frames (speech that was no phrase is explained better by other words).
///
/// Confidence is `1 / (1 + exp(-(score - centre) / marginScale))`, where the score is the mean
/// word margin moved by the phone agreement and the word-loop margin (``score(_:)``,
/// ``agreementWeight``, ``wordLoopWeight``) and the centre
/// is ``marginCenter``, moved for loud noise and for short phrases; it is 0 when coverage is
/// below ``minimumCoverage``, support below ``minimumSupport``, voicing below
/// ``minimumVoicing``, or, for words less than ``quietAbove`` dB above the background, phone
/// agreement below ``minimumNoisyPhoneAgreement``, support below ``minimumNoisySupport`` or
/// voiced coverage below ``minimumNoisyVoicedCoverage`` (which then replaces coverage) with more
/// than ``noisyVoicedAllowance`` voiced frames unexplained, or words more than
/// ``maximumNoisyWordsBelowPeak`` dB below the utterance's loudest audio (unless their
/// surroundings are voiced, ``voicedBackground``, and they hold against common words,
/// ``voicedBackgroundWordLoopMargin``); it is also 0 when the word-loop margin was
/// measured and is below ``minimumWordLoopMargin`` (``poorFitWordLoopMargin`` for words below
/// ``poorFitMargin``, ``poorWordWordLoopMargin`` in quiet for words one of which lies below
/// ``poorWordMargin``).
public struct AcceptancePolicy: Sendable, Hashable {
    /// The mean word margin (log units per frame) that maps to confidence 0.5.
    public var marginCenter: Double
    /// How quickly confidence goes from 0 to 1 around ``marginCenter``.
    public var marginScale: Double
    /// The least share of the heard speech the phrase's words must cover.
    public var minimumCoverage: Double
    /// How far above the utterance's background level (dB) a frame must be to count as speech
    /// when measuring coverage; 0 counts every frame the phone loop hears as speech.
    public var speechGate: Double
    /// The least share of the words' frames the phone loop must hear as speech; 0 turns the
    /// check off.
    public var minimumSupport: Double
    /// When set, coverage also ignores frames more than this many dB below the median level of
    /// the phrase's own words.
    public var wordRelativeGate: Double? = nil
    /// The least share of the words' frames that must be voiced (``AcousticEvidence/voicing``);
    /// 0 turns the check off (and voicing is not measured).
    public var minimumVoicing: Double = 0
    /// The margin centre for words said in loud noise, instead of ``marginCenter``; nil keeps
    /// one centre for every level. Noise drags the phrase's words and the free phone loop down
    /// alike, so the margins of unrelated speech rise towards those of real commands.
    public var noisyMarginCenter: Double? = nil
    /// Words at most this far above the background (dB, ``AcousticEvidence/wordsAboveBackground``)
    /// get ``noisyMarginCenter``; from there to ``quietAbove`` the centre moves linearly to
    /// ``marginCenter``.
    public var noisyBelow: Double = 10
    /// Words at least this far above the background get ``marginCenter``.
    public var quietAbove: Double = 25
    /// The least ``AcousticEvidence/phoneAgreement`` of words less than ``quietAbove`` dB above
    /// the background; 0 turns the check off. Clean audio is not checked: synthesized voices
    /// said in silence can share no phone with the loop's and still be right.
    public var minimumNoisyPhoneAgreement: Double = 0
    /// The least ``AcousticEvidence/support`` of words less than ``quietAbove`` dB above the
    /// background, when higher than ``minimumSupport``; 0 adds nothing. In noise the free loop
    /// still hears speech under nearly all of a said phrase's words, while a phrase that
    /// unrelated speech was stretched onto lies partly over what the loop takes for silence.
    public var minimumNoisySupport: Double = 0
    /// Margin units (log units per frame) added to the mean word margin for every unit of
    /// ``AcousticEvidence/phoneAgreement`` above ``agreementCenter``, and taken away below it,
    /// for words at least ``quietAbove`` dB above the background; the weight falls linearly to
    /// none at ``noisyBelow``. 0 turns it off. A phrase that was said shares many of its phones
    /// with the free loop even where its words fit the acoustic model poorly (a synthesized
    /// voice); unrelated speech forced onto a phrase shares few, whatever its margin.
    public var agreementWeight: Double = 0
    /// The phone agreement that neither raises nor lowers the margin (``agreementWeight``).
    public var agreementCenter: Double = 0
    /// Margin units the centre rises by for a phrase whose spoken words span
    /// ``shortestPhraseFrames`` frames (10 ms) or fewer, falling linearly to none at
    /// ``shortPhraseFrames``, when the words are at least ``quietAbove`` dB above the
    /// background; 0 turns it off. The mean word margin of a short phrase averages few frames,
    /// so unrelated speech that happens to fit it reaches higher margins than it does against a
    /// long phrase ("whole milk" heard as "call mom").
    public var shortPhraseRaise: Double = 0
    /// Word spans of at least this many frames get no ``shortPhraseRaise``.
    public var shortPhraseFrames: Int = 100
    /// Word spans of at most this many frames get the whole ``shortPhraseRaise``.
    public var shortestPhraseFrames: Int = 50
    /// When set, words less than ``quietAbove`` dB above the background must have at least this
    /// ``AcousticEvidence/voicedCoverage`` instead of ``minimumCoverage``: in noise, only voiced
    /// frames the words leave unexplained count against them. Kitchen clatter after or between
    /// the words is loud but hardly ever voiced; unrelated speech a phrase left unexplained is.
    public var minimumNoisyVoicedCoverage: Double? = nil
    /// With ``minimumNoisyVoicedCoverage``, the words cover enough whenever they leave at most
    /// this many voiced frames unexplained, whatever the ratio: a tenth of a second of voicing
    /// in the noise around a short command (a ringing pan, a voice far off) is no sentence the
    /// command swallowed, but it is a large share of the few frames a two-word command covers.
    public var noisyVoicedAllowance: Int = 0
    /// When set, the voiced frames counted against the words by ``minimumNoisyVoicedCoverage``
    /// are only those at most this many dB below the median level of the words' own frames
    /// (``AcousticEvidence/unexplainedVoicedFrames``). Other people talking behind the speaker
    /// are voiced too, but quieter than the speaker; unrelated speech that a phrase swallowed
    /// is as loud as the phrase.
    public var noisyVoicedWordGate: Double? = nil

    /// When set, words less than ``quietAbove`` dB above the background must lie no more than
    /// this many dB below the loudest audio of the utterance
    /// (``AcousticEvidence/wordsBelowPeak``): a phrase laid over the noise beside short speech
    /// sits in the quieter frames, while the words that were said are the loud ones.
    public var maximumNoisyWordsBelowPeak: Double? = nil
    /// When set, words whose surroundings are at least this voiced
    /// (``AcousticEvidence/outsideVoicing``) are not held to ``maximumNoisyWordsBelowPeak``.
    /// Other people talking behind the speaker fill the quiet frames of the words and the audio
    /// around them alike; kitchen clatter beside short speech is hardly voiced. Off in
    /// ``phrases`` (why: <doc:HowAcceptanceIsDecided>).
    public var voicedBackground: Double? = nil
    /// When set, ``voicedBackground`` sets the peak check aside only for words whose
    /// ``AcousticEvidence/wordLoopMargin`` is at least this (log units per frame): words that
    /// explain their frames clearly better than a loop of common words do. Words picked from
    /// several talkers behind the speaker, or forced onto their talk, seldom do.
    public var voicedBackgroundWordLoopMargin: Double? = nil
    /// When set, the least ``AcousticEvidence/wordLoopMargin`` (log units per frame) of words that
    /// would otherwise be accepted or asked about; measured only with
    /// ``RecognizerOptions/commonWords``.
    public var minimumWordLoopMargin: Double? = nil
    /// When set, words whose mean margin (``AcousticEvidence/meanWordMargin``) is below this
    /// are held to ``poorFitWordLoopMargin`` instead of ``minimumWordLoopMargin`` when that is
    /// higher: words that the free phone loop explains far better must at least explain their
    /// frames as well as ordinary words do. The word loop is searched only when a check reads it
    /// (``readsWordLoop``).
    public var poorFitMargin: Double? = nil
    /// The least word-loop margin of words below ``poorFitMargin``.
    public var poorFitWordLoopMargin: Double = 0
    /// When set, words in quiet (at least ``quietAbove`` dB above the background) one of which
    /// lies below this margin (``AcousticEvidence/worstWordMargin``, log units per frame) are
    /// held to ``poorWordWordLoopMargin`` when that is higher than their other floors: a word
    /// the free phone loop explains far better is believed only when the words as a whole
    /// explain their frames clearly better than ordinary words do.
    public var poorWordMargin: Double? = nil
    /// The least word-loop margin of words in quiet with a word below ``poorWordMargin``.
    public var poorWordWordLoopMargin: Double = 0
    /// How much the word-loop margin moves the score in quiet (``score(_:)``), per log unit
    /// above or below ``wordLoopCenter``; scaled down with the words' height above the
    /// background as the phone agreement's part is, and 0 while the margin is not measured.
    /// The free phone loop fits a voice or microphone unlike the model's training better than
    /// any words do; the loop of common words, made of the same models as the phrase, does not.
    public var wordLoopWeight: Double = 0
    /// The word-loop margin that neither raises nor lowers the score (``wordLoopWeight``).
    public var wordLoopCenter: Double = 0
    /// The word-loop margin assumed when deciding whether the loop is worth searching
    /// (``hopefulConfidence(_:)``): above every floor on the margin, so that only the score's
    /// part (``wordLoopWeight``) can keep words from passing with it; words that could pass
    /// only with a better one are not searched.
    public var hopefulWordLoopMargin: Double = 30
    /// When set, words at the start or end of the transcript are background words
    /// (``backgroundRun(_:)``) when each lies at least this many dB below the median level of
    /// the other words, and their median level at most ``backgroundRunAbove`` dB above the
    /// sound around the speaker.
    public var backgroundRunGap: Double? = nil
    /// How far (dB) above the sound around the speaker background words may lie: the louder of
    /// the utterance's background level and the median level outside the spoken words.
    public var backgroundRunAbove: Double = 8
    /// The fewest words of a background run; at least one word must be left besides them.
    public var backgroundRunWords: Int = 2
    /// When set, background runs are looked for only in surroundings voiced in less than this
    /// share of their frames (``AcousticEvidence/outsideVoicing``): behind other people talking,
    /// a speaker's own last words sink to the talkers' level as often as the talkers' words are
    /// heard after the order, so their level tells the two apart only around noise and silence.
    public var backgroundRunVoicing: Double? = nil

    public init(
        marginCenter: Double, marginScale: Double, minimumCoverage: Double, speechGate: Double = 0,
        minimumSupport: Double = 0, wordRelativeGate: Double? = nil, minimumVoicing: Double = 0,
        noisyMarginCenter: Double? = nil, minimumNoisyPhoneAgreement: Double = 0, agreementWeight: Double = 0,
        agreementCenter: Double = 0, shortPhraseRaise: Double = 0, minimumNoisySupport: Double = 0,
        minimumNoisyVoicedCoverage: Double? = nil, noisyVoicedAllowance: Int = 0,
        maximumNoisyWordsBelowPeak: Double? = nil, noisyVoicedWordGate: Double? = nil,
        voicedBackground: Double? = nil, voicedBackgroundWordLoopMargin: Double? = nil,
        minimumWordLoopMargin: Double? = nil, poorFitMargin: Double? = nil, poorFitWordLoopMargin: Double = 0,
        poorWordMargin: Double? = nil, poorWordWordLoopMargin: Double = 0,
        backgroundRunGap: Double? = nil, backgroundRunVoicing: Double? = nil, wordLoopWeight: Double = 0,
        wordLoopCenter: Double = 0
    ) {
        self.wordLoopWeight = wordLoopWeight
        self.wordLoopCenter = wordLoopCenter
        self.backgroundRunGap = backgroundRunGap
        self.backgroundRunVoicing = backgroundRunVoicing
        self.voicedBackgroundWordLoopMargin = voicedBackgroundWordLoopMargin
        self.minimumWordLoopMargin = minimumWordLoopMargin
        self.poorFitMargin = poorFitMargin
        self.poorFitWordLoopMargin = poorFitWordLoopMargin
        self.poorWordMargin = poorWordMargin
        self.poorWordWordLoopMargin = poorWordWordLoopMargin
        self.voicedBackground = voicedBackground
        self.noisyVoicedWordGate = noisyVoicedWordGate
        self.maximumNoisyWordsBelowPeak = maximumNoisyWordsBelowPeak
        self.minimumNoisyVoicedCoverage = minimumNoisyVoicedCoverage
        self.noisyVoicedAllowance = noisyVoicedAllowance
        self.minimumNoisySupport = minimumNoisySupport
        self.shortPhraseRaise = shortPhraseRaise
        self.agreementWeight = agreementWeight
        self.agreementCenter = agreementCenter
        self.minimumNoisyPhoneAgreement = minimumNoisyPhoneAgreement
        self.noisyMarginCenter = noisyMarginCenter
        self.minimumVoicing = minimumVoicing
        self.wordRelativeGate = wordRelativeGate
        self.marginCenter = marginCenter
        self.marginScale = marginScale
        self.minimumCoverage = minimumCoverage
        self.speechGate = speechGate
        self.minimumSupport = minimumSupport
    }

    /// The shipped calibration for phrase searches. Why each check and value was chosen is in
    /// <doc:HowAcceptanceIsDecided>; the measurements behind them are in BENCHMARKS.md.
    public static let phrases = AcceptancePolicy(
        marginCenter: -45, marginScale: 3, minimumCoverage: 0.82, speechGate: 9, minimumSupport: 0.4,
        wordRelativeGate: 6, minimumVoicing: 0.25, noisyMarginCenter: -36, minimumNoisyPhoneAgreement: 0.02,
        agreementWeight: 50, agreementCenter: 0.2, shortPhraseRaise: 8,
        minimumNoisySupport: 0.6, minimumNoisyVoicedCoverage: 0.9, noisyVoicedAllowance: 10,
        maximumNoisyWordsBelowPeak: 16, noisyVoicedWordGate: 3, voicedBackgroundWordLoopMargin: 10,
        minimumWordLoopMargin: -4, poorFitMargin: -35, poorWordMargin: -60, poorWordWordLoopMargin: 6,
        backgroundRunGap: 8,
        backgroundRunVoicing: 0.3, wordLoopWeight: 0.5, wordLoopCenter: 8)

    /// The spoken words (their places, from 0) at the start or end of the transcript that lie
    /// at the level of the sound around the speaker, each well below the other words
    /// (``backgroundRunGap``): the longest such run, nil when there is none, levels were not
    /// measured or the surroundings are voiced (``backgroundRunVoicing``).
    ///
    /// After the speaker stops, a grammar search can carry a phrase on into other people's talk
    /// or into noise ("a coffee" heard as "a coffee with milk"); those words are as quiet as
    /// the surroundings, the speaker's own words stand out from them.
    public func backgroundRun(_ evidence: AcousticEvidence) -> Range<Int>? {
        guard let gap = backgroundRunGap, evidence.floorBelowPeak.isFinite,
            evidence.outsideVoicing < (backgroundRunVoicing ?? .infinity)
        else { return nil }
        let below = evidence.eachWordBelowPeak
        guard below.count > backgroundRunWords, backgroundRunWords > 0 else { return nil }
        // Levels as dB below the loudest audio: larger is quieter.
        let surroundings = min(evidence.floorBelowPeak, evidence.outsideBelowPeak ?? .infinity)
        for length in stride(from: below.count - 1, through: backgroundRunWords, by: -1) {
            for run in [(below.count - length)..<below.count, 0..<length] {
                let rest = AcousticEvidence.median(below.indices.filter { !run.contains($0) }.map { below[$0] })
                guard below[run].allSatisfy({ $0 - rest >= gap }) else { continue }
                if surroundings - AcousticEvidence.median(below[run]) <= backgroundRunAbove { return run }
            }
        }
        return nil
    }

    /// Confidence in [0, 1].
    public func confidence(_ evidence: AcousticEvidence) -> Double {
        let above = evidence.wordsAboveBackground
        let quiet = above >= quietAbove
        guard covers(evidence, quiet: quiet),
            evidence.support >= (quiet ? minimumSupport : max(minimumSupport, minimumNoisySupport)),
            evidence.voicing >= minimumVoicing,
            evidence.meanWordMargin.isFinite,
            quiet || evidence.phoneAgreement >= minimumNoisyPhoneAgreement,
            quiet || evidence.wordsBelowPeak <= (maximumNoisyWordsBelowPeak ?? .infinity)
                || inVoicedBackground(evidence),
            evidence.wordLoopMargin.map { $0 >= wordLoopFloor(evidence, quiet: quiet) } ?? true
        else { return 0 }
        let center =
            center(wordsAboveBackground: above) + raise(wordFrames: evidence.wordFrames, wordsAboveBackground: above)
        return 1 / (1 + exp(-(score(evidence) - center) / marginScale))
    }

    /// The confidence the evidence would have if its words held against common words by
    /// ``hopefulWordLoopMargin``: what decides whether the word loop is worth searching at all.
    public func hopefulConfidence(_ evidence: AcousticEvidence) -> Double {
        var best = evidence
        best.wordLoopMargin = hopefulWordLoopMargin
        return confidence(best)
    }

    /// Whether the words were said over other people talking (``voicedBackground``), with a
    /// word-loop margin of at least ``voicedBackgroundWordLoopMargin`` when that is set.
    func inVoicedBackground(_ evidence: AcousticEvidence) -> Bool {
        guard let voicedBackground, evidence.outsideVoicing >= voicedBackground else { return false }
        guard let least = voicedBackgroundWordLoopMargin else { return true }
        return evidence.wordLoopMargin.map { $0 >= least } ?? false
    }

    /// The least word-loop margin of words with this mean margin: ``minimumWordLoopMargin``, or
    /// ``poorFitWordLoopMargin`` when higher for words below ``poorFitMargin``.
    public func wordLoopFloor(meanWordMargin: Double) -> Double {
        let floor = minimumWordLoopMargin ?? -.infinity
        guard let poorFitMargin, meanWordMargin < poorFitMargin else { return floor }
        return max(floor, poorFitWordLoopMargin)
    }

    /// The least word-loop margin of the words of `evidence`: ``wordLoopFloor(meanWordMargin:)``,
    /// or ``poorWordWordLoopMargin`` when higher for words in `quiet` with a word below
    /// ``poorWordMargin``.
    public func wordLoopFloor(_ evidence: AcousticEvidence, quiet: Bool) -> Double {
        let floor = wordLoopFloor(meanWordMargin: evidence.meanWordMargin)
        guard quiet, let poorWordMargin, evidence.worstWordMargin < poorWordMargin else { return floor }
        return max(floor, poorWordWordLoopMargin)
    }

    /// Whether the words explain enough of the heard speech: ``minimumCoverage``, or in noise
    /// ``minimumNoisyVoicedCoverage`` (or no more than ``noisyVoicedAllowance`` voiced frames
    /// unexplained) when set.
    func covers(_ evidence: AcousticEvidence, quiet: Bool) -> Bool {
        if !quiet, let minimumNoisyVoicedCoverage {
            return evidence.voicedCoverage >= minimumNoisyVoicedCoverage
                || evidence.unexplainedVoicedFrames <= noisyVoicedAllowance
        }
        return evidence.coverage >= minimumCoverage
    }

    /// Whether a check reads the word-loop margin: ``minimumWordLoopMargin``, the floors of
    /// poor fits (``poorFitMargin``) and of poor words (``poorWordMargin``),
    /// ``voicedBackgroundWordLoopMargin`` with ``voicedBackground``, or the score (``wordLoopWeight``).
    public var readsWordLoop: Bool {
        minimumWordLoopMargin != nil || poorFitMargin != nil || poorWordMargin != nil || wordLoopWeight != 0
            || (voicedBackground != nil && voicedBackgroundWordLoopMargin != nil)
    }

    /// Whether the evidence needs ``Voicing`` measured: the voicing check, voiced coverage, or
    /// the voicing that background runs are looked for below.
    public var needsVoicing: Bool {
        minimumVoicing > 0 || minimumNoisyVoicedCoverage != nil
            || (backgroundRunGap != nil && backgroundRunVoicing != nil)
    }

    /// How much the centre rises for a phrase whose words span `frames` frames and stand
    /// `above` dB above the background (``shortPhraseRaise``).
    public func raise(wordFrames frames: Int, wordsAboveBackground above: Double = .infinity) -> Double {
        guard shortPhraseRaise != 0, frames < shortPhraseFrames, above >= quietAbove else { return 0 }
        guard frames > shortestPhraseFrames, shortPhraseFrames > shortestPhraseFrames else { return shortPhraseRaise }
        return shortPhraseRaise * Double(shortPhraseFrames - frames) / Double(shortPhraseFrames - shortestPhraseFrames)
    }

    /// The mean word margin with the phone agreement's part (``agreementWeight``) and the
    /// word-loop margin's (``wordLoopWeight``), the number compared with the centre.
    public func score(_ evidence: AcousticEvidence) -> Double {
        let quiet = quietShare(wordsAboveBackground: evidence.wordsAboveBackground)
        let agreement = agreementWeight * quiet * (evidence.phoneAgreement - agreementCenter)
        // A weight of 0 adds nothing whatever the margin, an infinite one too (not 0 × ∞).
        let loop =
            wordLoopWeight == 0
            ? 0 : evidence.wordLoopMargin.map { wordLoopWeight * quiet * ($0 - wordLoopCenter) } ?? 0
        return evidence.meanWordMargin + agreement + loop
    }

    /// Whether a check reads loudness (``FrameLevels``): gating coverage (a gate of 0 counts
    /// every frame), or telling loud noise for the noisy margin centre, phone agreement and
    /// support, or looking for background runs. Without levels,
    /// ``AcousticEvidence/wordsAboveBackground`` is infinite and the noise-only checks never apply.
    public var needsFrameLevels: Bool {
        speechGate > 0 || wordRelativeGate != nil || noisyMarginCenter != nil || minimumNoisyPhoneAgreement > 0
            || minimumNoisySupport > minimumSupport || minimumNoisyVoicedCoverage != nil
            || maximumNoisyWordsBelowPeak != nil || backgroundRunGap != nil
    }

    /// The margin centre for words standing `above` dB above the background.
    public func center(wordsAboveBackground above: Double) -> Double {
        guard let noisyMarginCenter else { return marginCenter }
        return noisyMarginCenter + (marginCenter - noisyMarginCenter) * quietShare(wordsAboveBackground: above)
    }

    /// 1 for words at least ``quietAbove`` dB above the background, 0 at ``noisyBelow`` or
    /// less, linear between.
    public func quietShare(wordsAboveBackground above: Double) -> Double {
        guard above < quietAbove else { return 1 }
        guard above > noisyBelow, quietAbove > noisyBelow else { return 0 }
        return (above - noisyBelow) / (quietAbove - noisyBelow)
    }
}
