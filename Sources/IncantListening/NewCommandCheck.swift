import IncantCapture
import IncantPhrases
import IncantSpeech

/// Tells a new command from an answer, for an utterance heard while a question waits.
///
/// A person who ignores a question ("Did you say lights on?") and says another command means
/// that command; taking it as a failed answer would drop it and ask again. So an utterance that
/// is a new command ends the question unanswered (nothing of the question runs) and is heard as
/// a command next.
/// - With a wake word, an utterance holding the wake word is a new command, unless what follows
///   the wake word in the same breath is an answer ("computer, yes"). It is looked for before the
///   utterance is heard as an answer.
/// - An utterance not understood as an answer is a new command when a trigger (push-to-talk,
///   `incant trigger`) was pressed for it. Understood, it is the answer: a person used to
///   pressing the key before speaking presses it to answer too.
/// - Without a wake word, an utterance not understood as an answer is recognized against the
///   phrases, and is a new command when it is accepted outright (every check passed, nothing to
///   ask). Not with push-to-talk, where a command needs a trigger.
struct NewCommandCheck: Sendable {
    /// A new command said while a question waited: the question ends unanswered, and the
    /// listener hears this next.
    struct NewCommand: Sendable {
        let utterance: Utterance
        /// Its recognition against the phrases, when that was what showed it.
        var recognition: RecognitionResult?
        /// The wake word found in it, when that was what showed it.
        var wakeWord: WakeGate.Heard?
    }

    /// Finds the wake word (a gate of the listener's settings; nil without a wake word).
    let wake: WakeGate?
    /// Holds the triggers; nil when there is no control.
    let control: ListenerControl?
    /// Recognizes commands; nil when no utterance is recognized as a command before it was
    /// admitted (push-to-talk).
    let recognizer: (any SpeechRecognizer)?
    /// The matcher of the shortcuts in use (they may be reloaded while listening).
    let matcher: @Sendable () -> PhraseMatcher
    /// What the recognizer hears of each utterance.
    var heard = HeardAudio.asCut

    /// Before `utterance` is heard as an answer: the wake word in it, if it holds it. The
    /// utterance is then a new command unless the speech after the wake word is an answer.
    func wakeWord(in utterance: Utterance) async -> WakeGate.Heard? {
        // A detector that fails hears no wake word; the listener reports its failures itself.
        guard let wake else { return nil }
        return try? await wake.wakeWord(in: utterance)
    }

    /// After `utterance` was not understood as an answer: a new command when a trigger opened
    /// it or, without a wake word, the phrases accept it outright. A recognizer that fails finds
    /// no command.
    func newCommand(notAnswering utterance: Utterance) async -> NewCommand? {
        if control?.isTriggered(for: utterance) == true { return NewCommand(utterance: utterance) }
        guard wake == nil, let recognizer else { return nil }
        let samples = heard.of(utterance).samples
        guard let recognition = try? await DecodingQueue.run({ try recognizer.recognize(samples, cancellation: nil) })
        else { return nil }
        let understanding = UtteranceInterpreter(recognizer: recognizer, matcher: matcher()).interpret(recognition)
        return understanding.decision.accepted == nil ? nil : NewCommand(utterance: utterance, recognition: recognition)
    }
}
