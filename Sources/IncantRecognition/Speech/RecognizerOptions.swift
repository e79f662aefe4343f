import IncantCapture
import IncantGrammar

/// Settings for ``GrammarRecognizer``.
public struct RecognizerOptions: Sendable {
    /// Utterances whose acoustic confidence is below this are rejected as out of set.
    public var rejectionThreshold: Double
    /// Rejected utterances whose acoustic confidence is at least this may be confirmed by the
    /// person ("Did you say …?", ``SpeechRecognition/confirmable``); nil: none. Below
    /// ``rejectionThreshold`` to mean anything. See <doc:HowAcceptanceIsDecided>.
    public var confirmationThreshold: Double? = 0.1
    /// How acoustic confidence is computed from the phone-loop comparison.
    public var acceptance: AcceptancePolicy
    /// Utterances whose loud audio is clipped in more than this share (0–1,
    /// ``IncantCapture/Clipping``) are rejected as
    /// ``IncantSpeech/RecognitionRejection/overdriven(clippedShare:)``, whatever was heard in
    /// them; nil: never. See <doc:HowAcceptanceIsDecided>.
    public var maximumClippedShare: Double? = Clipping.standardLimit
    /// Whether to decode a free phone loop over each utterance to measure the margin.
    public var usesPhoneLoop: Bool
    /// Decode the phone loop on a second decoder at the same time as the grammar search (two
    /// cores), instead of after it on the same decoder. The loop takes most of the decoding
    /// time, so an utterance's result comes sooner; the second decoder holds its own copy of
    /// the acoustic model.
    public var decodesPhoneLoopInParallel: Bool = false
    /// Start the decoder with the model's whole dictionary instead of just the grammar's
    /// words (only open-vocabulary work needs it, and it gets its own decoder anyway). The
    /// override files (``dictionaryFiles``) then add only words the model's dictionary lacks:
    /// pocketsphinx does not replace a word it holds.
    public var loadsFullDictionary: Bool = false
    /// A garbage path competing with the phrases in the grammar (nil: none).
    public var garbage: GarbageModel? = nil
    /// How much better (acoustic log units) a word must fit its stretch of audio than every
    /// word the grammar allows in its place; a closer rival makes the word
    /// ``SpeechRecognition/contested``, and when the rival means another action the decision
    /// asks which was said (`SpeechDecision.uncertain`). The default, 0, only contests a word
    /// when a rival fits its audio better than it does; nil measures no contrasts, and
    /// `-.infinity` measures every contrast (``SpeechRecognition/contrasts``) but contests none.
    /// See <doc:HowAcceptanceIsDecided>.
    public var contrastMargin: Double? = 0
    /// The contrast margin for words said in loud noise, instead of ``contrastMargin``; nil (the
    /// default) keeps one margin for every level. The margin moves from this value for words
    /// ``AcceptancePolicy/noisyBelow`` dB or less above the background linearly to
    /// ``contrastMargin`` at ``AcceptancePolicy/quietAbove`` dB and more, as the acceptance
    /// centre does. See <doc:HowAcceptanceIsDecided> for why it is not on by default.
    public var noisyContrastMargin: Double? = nil
    /// The contrast margin for an utterance whose channel carries nearly nothing above 5.5 kHz
    /// (``ChannelBandwidth/highBandLevel`` at or below ``narrowBandLevel``), when wider than
    /// the margin for its loudness; nil keeps one margin for every channel. Without the high
    /// band the acoustic model hears "off" and "on", "six" and "eight" alike, so a narrow win
    /// there is asked about. See <doc:HowAcceptanceIsDecided>.
    public var narrowBandContrastMargin: Double? = 200
    /// The ``ChannelBandwidth/highBandLevel`` (dB) at or below which a channel counts as narrow
    /// (nearly nothing above 5.5 kHz: a phone line, a headset's narrow-band mode, a microphone
    /// that cuts the highs).
    public var narrowBandLevel: Double = -45
    /// An MLLR transform (``MLLRTransform``) of the acoustic model for telephone-band channels,
    /// applied to every utterance whose channel carries nearly nothing above 4 kHz (both
    /// ``ChannelBandwidth/highBandLevel`` and ``ChannelBandwidth/upperBandLevel`` at or below
    /// ``narrowBandLevel``); nil decodes every channel with the model as shipped. Ignored when
    /// ``decoder`` already has an ``PocketSphinxOptions/adaptation`` (the user's own takes
    /// taught it their channel) or once another transform is applied (``GrammarRecognizer/applyAdaptation(_:)``). The
    /// project ships one (`models/narrow-band.mllr`); see <doc:HowAcceptanceIsDecided>.
    public var narrowBandAdaptation: String? = nil
    /// An MLLR transform for channels that are narrow (``ChannelBandwidth/highBandLevel`` at
    /// or below ``narrowBandLevel``) but keep 4–5 kHz, as a microphone that passes up to
    /// 5 kHz; nil (the default) decodes them with the model as shipped. Ignored as
    /// ``narrowBandAdaptation`` is. The project ships one (`models/band-limited.mllr`); see
    /// <doc:HowAcceptanceIsDecided>.
    public var bandLimitedAdaptation: String? = nil
    /// The least ``AcousticEvidence/wordLoopMargin`` of an utterance decoded with
    /// ``bandLimitedAdaptation``, when higher than the acceptance policy's
    /// (``AcceptancePolicy/minimumWordLoopMargin``); nil keeps the policy's. The transform moves
    /// the model towards the channel for short phrases forced onto other speech as much as for
    /// said ones. See <doc:HowAcceptanceIsDecided>.
    public var bandLimitedWordLoopMargin: Double? = 0
    /// How far (dB) below the median level of the heard words' frames a frame may be and still
    /// count as speech that a rival explains with silence; nil (the default) lets a rival explain
    /// any frame with silence. With a gate, a rival whose alignment puts silence or a filler on
    /// at least ``contrastSilencedFrames`` such frames of the heard words does not contest them
    /// (the other rivals of its length are not tried in its place). Off by default: it stops
    /// right commands being asked about, and as many questions that caught wrong orders and
    /// orders heard in other people's speech. See <doc:HowAcceptanceIsDecided>.
    public var contrastSilenceGate: Double? = nil
    /// The fewest frames of the heard words' speech (``contrastSilenceGate``) a rival's silence
    /// must cover to be set aside: 10 is a tenth of a second.
    public var contrastSilencedFrames: Int = 10
    /// The longest stretch of words contrasted with other words the grammar allows in its
    /// place, and the longest replacement: 2 also sets "twelve" against "twenty one" and
    /// "bedroom" against "living room"; 1 contrasts single words with single words only.
    public var contrastSpanLength: Int = 2
    /// Common English words (in the model's dictionary) that a free loop of words, with the
    /// grammar's own words added, is made of; the spoken words are scored against that loop over
    /// their frames (``AcousticEvidence/wordLoopMargin``) when the acceptance policy checks it
    /// (``AcceptancePolicy/minimumWordLoopMargin``). Empty (the default) measures nothing. The
    /// project ships a list (`models/common-words.txt`); see <doc:HowAcceptanceIsDecided>.
    public var commonWords: [String] = []
    /// Whether the word loop is searched for every utterance with a phrase, not only for words
    /// that could be run or asked about: for measuring the margin of rejected speech. The
    /// margin of words that could not pass decides nothing; decoding takes longer.
    public var measuresWordLoopOfEveryPhrase = false

    /// Whether the word-loop margin is measured and checked: common words to loop over, a phone
    /// loop (the margin is part of its evidence) and a policy that checks it.
    public var checksWordLoop: Bool {
        !commonWords.isEmpty && usesPhoneLoop && acceptance.readsWordLoop
    }
    /// Pronunciation overrides (cmudict format), layered in order: a word one of them has is
    /// pronounced as the last such file says, instead of as the model's dictionary says, and
    /// words no file or dictionary has are guessed.
    public var dictionaryFiles: [String]
    /// Where espeak-ng is looked up to guess words no dictionary has (`IncantPaths.searchPath`);
    /// nil looks in `/usr/local/bin`, `/usr/bin` and `/bin`.
    public var searchPath: String? = nil
    /// Low-level decoder settings.
    public var decoder: PocketSphinxOptions
    /// Decoder settings of the open-vocabulary search (free-text slots, `phrases record`);
    /// nil uses ``decoder``'s. The features must be computed as ``decoder``'s are: a text
    /// slot's frames are searched again by this decoder.
    public var dictationDecoder: PocketSphinxOptions? = nil
    /// How the phrase grammar is handed to pocketsphinx: only the benchmarks' plain-JSGF
    /// baseline asks for anything but the minimal word graph.
    package var grammarFormat: GrammarFormat = .fsg

    /// Decoder settings tuned for phrase grammars.
    ///
    /// - Wider beams than pocketsphinx's defaults (1e-48 / 1e-48 / 7e-29), affordable because
    ///   the minimized grammar graph is small: more slots are recognized exactly, and a short
    ///   command is not pruned away by a competing path.
    /// - No N-best list: every path through the phrase grammar is a phrase, so the best one is
    ///   what the matcher accepts, and the alternatives are never consulted. Building them (the
    ///   word lattice and its A* search) is most of the decoding time in noise, for the same
    ///   decisions.
    ///
    /// BENCHMARKS.md has the figures ("Levers measured for issue 4", "Defaults: the measurements
    /// behind them").
    public static let tunedDecoder = PocketSphinxOptions(
        nbestCount: 0, extraArguments: [("-beam", "1e-70"), ("-pbeam", "1e-70"), ("-wbeam", "1e-50")])

    /// The shape of the grammar given to the decoder.
    package enum GrammarFormat: String, Sendable, CaseIterable {
        /// The minimal deterministic word graph (fast; the default).
        case fsg
        /// The plain JSGF union of phrases, as pocketsphinx users usually write it (the baseline).
        case jsgf
    }

    public init(
        rejectionThreshold: Double = 0.5,
        acceptance: AcceptancePolicy = .phrases,
        usesPhoneLoop: Bool = true,
        dictionaryFiles: [String] = [],
        decoder: PocketSphinxOptions = RecognizerOptions.tunedDecoder
    ) {
        self.rejectionThreshold = rejectionThreshold
        self.acceptance = acceptance
        self.usesPhoneLoop = usesPhoneLoop
        self.dictionaryFiles = dictionaryFiles
        self.decoder = decoder
    }

    /// Whether `channel` carries nearly nothing above 4 kHz, as a telephone line or a
    /// headset's narrow-band mode (``narrowBandAdaptation`` applies).
    public func isTelephoneBand(_ channel: ChannelBandwidth) -> Bool {
        channel.highBandLevel <= narrowBandLevel && channel.upperBandLevel <= narrowBandLevel
    }

    /// The contrast margin for words standing `above` dB above the background
    /// (``AcousticEvidence/wordsAboveBackground``): ``contrastMargin`` in quiet,
    /// ``noisyContrastMargin`` in loud noise, at least ``narrowBandContrastMargin`` on a narrow
    /// channel (`highBandLevel`, ``ChannelBandwidth/highBandLevel``; nil: not measured); nil
    /// when no contrasts are measured.
    public func contrastMargin(wordsAboveBackground above: Double, highBandLevel: Double? = nil) -> Double? {
        guard let contrastMargin else { return nil }
        guard contrastMargin.isFinite else { return contrastMargin }
        var margin = contrastMargin
        if let noisyContrastMargin {
            let quiet = acceptance.quietShare(wordsAboveBackground: above)
            margin = noisyContrastMargin + (contrastMargin - noisyContrastMargin) * quiet
        }
        if let narrowBandContrastMargin, let highBandLevel, highBandLevel <= narrowBandLevel {
            margin = max(margin, narrowBandContrastMargin)
        }
        return margin
    }
}
