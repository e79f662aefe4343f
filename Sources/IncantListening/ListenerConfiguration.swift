import IncantCapture
import IncantDispatch
import IncantEvents
import IncantPhrases
import IncantSpeech

/// What a ``Listener`` is made of: one value per stage, and how it talks to the person.
public struct ListenerConfiguration: Sendable {
    /// Where audio comes from.
    public var source: any AudioSource
    /// Applied to the audio before anything else, in order (denoisers); none by default.
    public var frontEnds: [any AudioFrontEnd]
    /// When an utterance is recognized as it came instead of through ``frontEnds`` (a quiet
    /// room, for denoisers: `incant` sets `FrontEndBypass()`); nil, the default, always hears
    /// it through them. Utterances are cut and the wake word is found as before either way.
    public var frontEndBypass: FrontEndBypass? = nil
    /// When set, a ``IncantCapture/HighPassFilter`` at this cutoff (Hz) takes away what lies
    /// below speech (a microphone's DC offset, mains hum) before the front ends and before the
    /// audio is kept as it came; nil, the default, leaves the audio as it is (`incant` sets
    /// ``IncantCapture/HighPassFilter/standardCutoff``).
    public var highPassCutoff: Double? = nil
    /// Cuts the stream into utterances (the energy ``IncantCapture/Endpointer`` by default).
    public var detector: any UtteranceDetector
    /// Turns utterances into transcripts.
    public var recognizer: any SpeechRecognizer
    /// The shortcuts and phrases the recognizer was built for.
    public var catalog: PhraseCatalog
    /// How transcripts are matched to shortcuts.
    public var matchOptions: MatchOptions
    /// Runs accepted shortcuts; its interaction answers before the voice does (`--answer`,
    /// `--yes`), its history records each dispatch.
    public var dispatcher: Dispatcher
    /// Dry run, assumed yes, timeouts.
    public var dispatchOptions: DispatchOptions
    /// Says questions and dialogs; nil prints only.
    public var speaker: (any DialogSpeaker)?
    /// Typed answers (lines at a terminal), raced against spoken ones; nil for none.
    public var typedAnswers: HandOffQueue<String>?
    /// Audio arrives in real time (a device): stream positions tell when something was said,
    /// and reading never pauses.
    public var isLive: Bool
    /// How long a question waits for its answer.
    public var answerTimeout: Duration
    /// How many times a question is asked when its answer is not understood.
    public var questionAttempts: Int
    /// Decode each utterance while its trailing silence is confirmed.
    public var speculates: Bool
    /// Reload edited shortcuts and phrases between utterances; nil never reloads.
    public var reload: CatalogReload?
    /// Adapts the recognizer to accepted utterances; nil does not.
    public var learner: (any UtteranceLearner)?
    /// Only utterances after a wake word are acted on; nil acts on every utterance.
    public var wakeWord: WakeWordSettings?
    /// Stop after this many decided utterances (`--once` is 1); nil runs to the end of the input.
    public var maximumTurns: Int?
    /// Stop after this many utterances whose shortcut was accepted (run, or decided to run when
    /// ``runsShortcuts`` is false); nil: no such limit. `incant recognize` stops at the first,
    /// so that a recording's command is heard past a clatter or other speech before it.
    public var maximumCommands: Int? = nil
    /// Run accepted shortcuts; false only decides (`incant recognize`).
    public var runsShortcuts: Bool
    /// Push-to-talk, mute, reloads and status from outside; nil listens to everything.
    public var control: ListenerControl? = nil
    /// Announces each decision and outcome on a message bus (MQTT); nil announces nothing.
    public var announcer: DecisionAnnouncer? = nil
    /// When an utterance's words begin a longer phrase (``IncantSpeech/RecognitionResult/phraseContinues``)
    /// and it would run or ask, speech that resumes within this long after it (from its last
    /// speech to the next utterance's first) is heard as the rest of the same command: the two
    /// are recognized as one, and that is decided on when it would run or ask too. The command
    /// then waits this long minus the trailing silence before it runs. Nil decides every
    /// utterance on its own.
    public var phrasePause: Duration? = .milliseconds(600)
    /// When a command heard too unclearly to act on is asked about ("Did you say …?").
    public var unclearCommands: UnclearCommandPolicy = .whenAddressed

    public init(
        source: any AudioSource, recognizer: any SpeechRecognizer, catalog: PhraseCatalog,
        frontEnds: [any AudioFrontEnd] = [], detector: any UtteranceDetector = Endpointer(),
        matchOptions: MatchOptions = MatchOptions(), dispatcher: Dispatcher = Dispatcher(),
        dispatchOptions: DispatchOptions = DispatchOptions(), speaker: (any DialogSpeaker)? = nil,
        typedAnswers: HandOffQueue<String>? = nil, isLive: Bool = false, answerTimeout: Duration = .seconds(10),
        questionAttempts: Int = 2, speculates: Bool = true, reload: CatalogReload? = nil,
        learner: (any UtteranceLearner)? = nil, wakeWord: WakeWordSettings? = nil, maximumTurns: Int? = nil,
        runsShortcuts: Bool = true
    ) {
        self.source = source
        self.recognizer = recognizer
        self.catalog = catalog
        self.frontEnds = frontEnds
        self.detector = detector
        self.matchOptions = matchOptions
        self.dispatcher = dispatcher
        self.dispatchOptions = dispatchOptions
        self.speaker = speaker
        self.typedAnswers = typedAnswers
        self.isLive = isLive
        self.answerTimeout = answerTimeout
        self.questionAttempts = questionAttempts
        self.speculates = speculates
        self.reload = reload
        self.learner = learner
        self.wakeWord = wakeWord
        self.maximumTurns = maximumTurns
        self.runsShortcuts = runsShortcuts
    }
}
